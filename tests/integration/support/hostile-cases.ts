// The hostile-input table (docs/threat-model.md): one row per request a stranger could send to /api/*, with the
// answer the contract (docs/threat-model.md, docs/product.md) promises for it. Rows that need the running twin (a signed
// webhook, a planted upload) build their request in `prepare`.
import { gzipSync } from 'node:zlib';
import Stripe from 'stripe';
import type { Twin } from '#local/twin.ts';
import { apiMessages, type ErrorCode, messages } from '#shared/contract.ts';
import { paths } from '#shared/paths.ts';
import { blankPng } from '#tests/integration/support/hostile-images.ts';
import { plantImage } from '#tests/integration/support/images-bucket.ts';
import { orderRequest } from '#tests/integration/support/twin.ts';
import { gifBytes, pngBytes } from '#tests/integration/support/uploads.ts';

export interface HostileRequest {
  method: string;
  /** Sent as is (node:http does not normalise it; the twin's gateway parses it as API Gateway would). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface HostileCase extends HostileRequest {
  /** The route name of shared/routes.ts, or 'Unknown route'. */
  endpoint: string;
  category: string;
  name: string;
  /** Builds what only the running twin can: a signature, a planted object. */
  prepare?: (twin: Twin) => Promise<Partial<HostileRequest>>;
  expected: Expected;
}

export type Expected =
  /** An error answer: exactly `{error, errorCode}`; `error` checked when given. */
  | { status: number; errorCode: ErrorCode; error?: string }
  /** A success: a JSON object with these keys. */
  | { status: 200; keys: string[] }
  /** A newsletter link: a redirect to the page that tells the reader. */
  | { status: 302; location: string };

const json: Record<string, string> = { 'content-type': 'application/json' };
const uuid = '3f1c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const body = (value: unknown) => JSON.stringify(value);

const validation = (error?: string): Expected => ({
  status: 400,
  errorCode: 'VALIDATION',
  ...(error ? { error } : {}),
});
const tooLarge: Expected = { status: 413, errorCode: 'PAYLOAD_TOO_LARGE', error: apiMessages.payloadTooLarge };
const malformed = validation(apiMessages.malformedJson);
const wrongType = validation(apiMessages.unsupportedMediaType);
const orderNotFound: Expected = { status: 404, errorCode: 'NOT_FOUND', error: apiMessages.orderNotFound };
const notFound: Expected = { status: 404, errorCode: 'NOT_FOUND', error: apiMessages.notFound };
const notAllowed: Expected = { status: 405, errorCode: 'METHOD_NOT_ALLOWED', error: apiMessages.methodNotAllowed };
const checkout: Expected = { status: 200, keys: ['url'] };
const presigned: Expected = { status: 200, keys: ['headers', 'previewUrl', 'storagePath', 'uploadUrl'] };

const html = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "javascript:alert('x')",
  '<svg/onload=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
];

const unicode: [string, string][] = [
  ['right-to-left override', 'photo\u202Egnp.exe'],
  ['zero-width joiners', 'pro\u200Bduct\u200D\uFEFF'],
  ['emoji', '📸🔥👩‍👩‍👧‍👦'],
  ['a NUL byte', 'product\u0000.png'],
  ['a lone surrogate', 'product\uD800.png'],
  ['Arabic and Hebrew', 'منتج שלום'],
];

const crlf: [string, string][] = [
  ['CR/LF with a header', 'a\r\nSet-Cookie: session=evil'],
  ['a bare LF', 'a\nb'],
  ['encoded CR/LF', 'a%0d%0aLocation:%20https://evil.example'],
];

const traversal = [
  '../secrets.png',
  '..%2f..%2fetc%2fpasswd',
  '/etc/passwd',
  '....//....//etc/passwd',
  `${uuid}.png/../../x.png`,
  `..\\..\\windows\\win.ini`,
  `${uuid}.png%00.html`,
  `${uuid}.png\u0000.html`,
  `s3://reelfive-images/${uuid}.png`,
  `https://evil.example/${uuid}.png`,
  `${uuid.toUpperCase()}.png`,
  `${uuid}.svg`,
  `${uuid}.html`,
  `${uuid}.PNG`,
  '3f1c1d2e-4b5a-1c6d-8e7f-9a0b1c2d3e4f.png',
  ` ${uuid}.png.gif`,
];

/** Public websites on a port other than their scheme's: the site reader would be a port scanner. */
const otherPortWebsites = [
  'https://shop.example:6379/',
  'http://shop.example:22/',
  'http://shop.example:8080/',
  'https://shop.example:8443/',
  'http://shop.example:443/',
  'https://shop.example:80/',
  'https://shop.example:65535/',
];

/** Websites that name an internal host, in the forms parsers disagree about. */
const ssrfWebsites = [
  'http://127.0.0.1/',
  'http://127.1/',
  'http://2130706433/',
  'http://017700000001/',
  'http://0x7f000001/',
  'http://0x7f.1/',
  'http://0177.0.0.1/',
  'http://127.000.000.001/',
  'http://0/',
  'http://0.0.0.0/',
  'http://localhost/',
  'http://LOCALHOST:3000/',
  'http://shop.localhost/',
  'http://localhost./',
  'http://shop.localhost./',
  'http://printer.local./',
  'http://metadata.google.internal./',
  'http://[::1]/',
  'http://[::]/',
  'http://[::127.0.0.1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:0:127.0.0.1]/',
  'http://[64:ff9b::7f00:1]/',
  'http://[2002:7f00:1::]/',
  'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
  'http://[fe80::1%25eth0]/',
  'http://[fc00::1]/',
  'http://[fd00:ec2::254]/',
  'http://[::ffff:a9fe:a9fe]/',
  'http://169.254.169.254/latest/meta-data/',
  'http://169.254.170.2/v2/credentials',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://198.18.0.1/',
  'http://224.0.0.1/',
  'http://255.255.255.255/',
  'http://１２７.０.０.１/',
  'https://example.com@127.0.0.1/',
  'https://user:pass@example.com/',
  'https://127.0.0.1#@example.com/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://instance-data/',
  'http://printer.local/',
  'http://router.lan/',
  'http://nas.home.arpa/',
  'gopher://example.com:70/_GET',
  'file:///etc/passwd',
  'data:text/html,<script>alert(1)</script>',
  'ftp://example.com/',
  'javascript:alert(document.domain)',
];

const orderPost = (extra: Partial<HostileCase> & Pick<HostileCase, 'category' | 'name' | 'expected'>): HostileCase => ({
  endpoint: 'CreateOrder',
  method: 'POST',
  path: '/api/orders',
  headers: json,
  ...extra,
});

const orderWith = (category: string, name: string, overrides: Record<string, unknown>, expected: Expected) =>
  orderPost({ category, name, body: body(orderRequest(overrides)), expected });

function createOrderCases(): HostileCase[] {
  const textFields = [
    'website',
    'email',
    'style',
    'durationSeconds',
    'imageFileName',
    'imageStoragePath',
    'couponCode',
  ];
  /** What each field answers for markup: a website keeps it as an encoded path; a file name is only a label. */
  const markupAnswer = (field: string, value: string): Expected => {
    if (field === 'imageFileName') return checkout;
    if (field === 'website') return validation(messages.invalidWebsite);
    if (field === 'email') return validation(messages.invalidEmail);
    if (field === 'imageStoragePath') return value.length > 64 ? validation() : validation(apiMessages.uploadMismatch);
    return validation();
  };
  return [
    // Oversize
    orderWith('oversize', 'a 17 KB file name', { imageFileName: 'x'.repeat(17_000) }, tooLarge),
    orderWith('oversize', '5,000 four-byte emoji (20 KB in UTF-8)', { imageFileName: '😀'.repeat(5_000) }, tooLarge),
    orderPost({
      category: 'oversize',
      name: 'a 1 MB body',
      body: `{"a":"${'a'.repeat(1024 * 1024)}"}`,
      expected: tooLarge,
    }),
    orderWith(
      'oversize',
      'a 3,000-character website',
      { website: `https://example.com/${'a'.repeat(3000)}` },
      validation(messages.invalidWebsite),
    ),
    orderWith(
      'oversize',
      'a 300-character email',
      { email: `${'a'.repeat(290)}@example.com` },
      validation(messages.invalidEmail),
    ),
    orderWith('oversize', 'a 256-character file name', { imageFileName: 'a'.repeat(256) }, validation()),
    orderWith('oversize', 'a 65-character coupon', { couponCode: 'A'.repeat(65) }, validation()),
    // Deep and wrong-shaped JSON
    orderPost({
      category: 'deep JSON',
      name: '8,000 nested arrays',
      body: `${'['.repeat(8000)}${']'.repeat(8000)}`,
      expected: validation(),
    }),
    orderPost({
      category: 'deep JSON',
      name: '2,500 nested objects',
      body: `${'{"a":'.repeat(2500)}1${'}'.repeat(2500)}`,
      expected: validation(messages.missingInformation),
    }),
    orderWith(
      'deep JSON',
      'a website that is a nested object',
      { website: { href: { href: 'https://example.com' } } },
      validation(messages.missingInformation),
    ),
    orderWith(
      'deep JSON',
      'an email that is an array',
      { email: ['a@example.com'] },
      validation(messages.missingInformation),
    ),
    orderPost({
      category: 'deep JSON',
      name: '__proto__ and constructor fields beside a valid order',
      body: body(orderRequest()).replace(/^\{/, '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {}},'),
      expected: checkout,
    }),
    orderPost({
      category: 'deep JSON',
      name: 'the fields only on __proto__',
      body: '{"__proto__": {"website": "https://example.com", "email": "a@example.com"}}',
      expected: validation(messages.missingInformation),
    }),
    orderWith('huge numbers', 'a duration of 1e308', { durationSeconds: 1e308 }, validation()),
    orderWith('huge numbers', 'a negative duration', { durationSeconds: '-12' }, validation()),
    // Invalid JSON
    ...[
      ['a truncated object', '{"website": "https://example.com",'],
      ['single quotes', "{'website': 'https://example.com'}"],
      ['a trailing comma', '{"website": "https://example.com",}'],
      ['NaN', '{"durationSeconds": NaN}'],
      ['a byte-order mark', '\uFEFF{"website": "https://example.com"}'],
      ['undefined', 'undefined'],
      ['a lone surrogate byte sequence', Buffer.from([0x7b, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d])],
      ['raw control characters in a string', '{"website": "https://exa\u0001mple.com"}'],
    ].map(([name, text]) =>
      orderPost({ category: 'invalid JSON', name: name as string, body: text, expected: malformed }),
    ),
    ...['null', '"https://example.com"', '12', 'true', '[]'].map((text) =>
      orderPost({ category: 'invalid JSON', name: `the JSON value ${text}`, body: text, expected: validation() }),
    ),
    orderPost({ category: 'invalid JSON', name: 'an empty body', body: '', expected: malformed }),
    // Content-type lies
    ...[
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/html',
      'application/xml',
      'image/png',
      'application/jsonp',
      'json',
    ].map((type) =>
      orderPost({
        category: 'content type',
        name: `JSON sent as ${type}`,
        headers: { 'content-type': type },
        body: body(orderRequest()),
        expected: wrongType,
      }),
    ),
    orderPost({
      category: 'content type',
      name: 'no content type',
      headers: {},
      body: body(orderRequest()),
      expected: wrongType,
    }),
    orderPost({
      category: 'content type',
      name: 'a form body labelled JSON',
      body: 'website=https://example.com&email=a@example.com',
      expected: malformed,
    }),
    // Decompression bombs: the API never inflates a body, so a gzip body is just bytes.
    orderPost({
      category: 'decompression bomb',
      name: 'a gzip body of 10 MB of zeros (10 KB on the wire)',
      headers: { ...json, 'content-encoding': 'gzip' },
      body: gzipSync(Buffer.alloc(10 * 1024 * 1024)),
      expected: malformed,
    }),
    orderPost({
      category: 'decompression bomb',
      name: 'a gzip body of 100 MB of zeros (100 KB on the wire)',
      headers: { ...json, 'content-encoding': 'gzip' },
      body: gzipSync(Buffer.alloc(100 * 1024 * 1024)),
      expected: tooLarge,
    }),
    orderPost({
      category: 'decompression bomb',
      name: 'an upload that is a PNG declaring 30,000 × 30,000 pixels (the render drops it, render-asset.test.ts)',
      prepare: async (twin) => {
        const bomb = await blankPng({ width: 30_000, height: 30_000, bitDepth: 1, colourType: 0 });
        const key = await plantImage(twin, bomb, 'png');
        return { body: body(orderRequest({ imageStoragePath: key, imageFileName: 'bomb.png' })) };
      },
      expected: checkout,
    }),
    // Upload content-type lies: the bytes decide, not the key or the name.
    ...(
      [
        [
          'an SVG stored as .png',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'png',
        ],
        ['an HTML page stored as .jpg', Buffer.from('<!doctype html><script>alert(1)</script>'), 'jpg'],
        ['a GIF stored as .webp', gifBytes, 'webp'],
        ['a PNG stored as .jpg', pngBytes, 'jpg'],
        ['a JPEG signature cut short', Buffer.from([0xff, 0xd8]), 'jpg'],
        ['an empty object', Buffer.alloc(0), 'png'],
      ] as const
    ).map(([name, bytes, extension]) =>
      orderPost({
        category: 'upload content-type lie',
        name,
        prepare: async (twin) => ({
          body: body(
            orderRequest({
              imageStoragePath: await plantImage(twin, bytes, extension),
              imageFileName: `x.${extension}`,
            }),
          ),
        }),
        expected: { status: 400, errorCode: 'UPLOAD_INVALID', error: messages.invalidFileType },
      }),
    ),
    orderPost({
      category: 'upload content-type lie',
      name: 'a PNG one byte over 5 MB',
      prepare: async (twin) => {
        const big = Buffer.concat([pngBytes, Buffer.alloc(5 * 1024 * 1024 + 1 - pngBytes.length)]);
        return { body: body(orderRequest({ imageStoragePath: await plantImage(twin, big, 'png') })) };
      },
      expected: { status: 400, errorCode: 'UPLOAD_INVALID', error: messages.fileTooLarge },
    }),
    // SSRF: every internal form is refused before an order exists.
    ...ssrfWebsites.map((website) =>
      orderWith('SSRF', `the website ${website}`, { website }, validation(messages.invalidWebsite)),
    ),
    // Ports: a website is read on its scheme's own port only, written out or not.
    ...otherPortWebsites.map((website) =>
      orderWith('port', `the website ${website}`, { website }, validation(messages.websiteOnAnotherPort)),
    ),
    orderWith('port', "https on its own port written out (':443')", { website: 'https://shop.example:443/' }, checkout),
    orderWith('port', "http on its own port written out (':80')", { website: 'http://shop.example:80/' }, checkout),
    // A public-looking name is accepted here; where it resolves is checked when the site is fetched.
    orderWith(
      'SSRF',
      'a name that resolves to loopback (checked at fetch time)',
      { website: 'http://127.0.0.1.nip.io/' },
      checkout,
    ),
    orderWith(
      'SSRF',
      'a backslash before @ (the host stays example.com)',
      { website: 'https://example.com\\@127.0.0.1/' },
      checkout,
    ),
    // Unicode
    ...unicode.map(([name, value]) =>
      orderWith('unicode', `${name} in the file name`, { imageFileName: value }, checkout),
    ),
    ...unicode.map(([name, value]) =>
      orderWith(
        'unicode',
        `${name} in the email`,
        { email: `${value}@example.com` },
        validation(messages.invalidEmail),
      ),
    ),
    orderWith(
      'unicode',
      'a NUL in the website host',
      { website: 'https://exam\u0000ple.com/' },
      validation(messages.invalidWebsite),
    ),
    orderWith(
      'unicode',
      'a right-to-left override in the website path',
      { website: 'https://example.com/\u202Egnp.exe' },
      checkout,
    ),
    orderWith('unicode', 'an emoji domain (punycode)', { website: 'https://😀.example/' }, checkout),
    orderWith('unicode', 'a lone surrogate in the coupon', { couponCode: 'FREE\uD800' }, validation()),
    orderWith('unicode', 'a zero-width space in the coupon', { couponCode: 'FREE\u200BAD' }, validation()),
    // CR/LF
    ...crlf.map(([name, value]) =>
      orderWith(
        'CR/LF',
        `${name} in the email`,
        { email: `a@example.com${value.replace(/^a/, '')}` },
        validation(messages.invalidEmail),
      ),
    ),
    ...crlf.map(([name, value]) => orderWith('CR/LF', `${name} in the file name`, { imageFileName: value }, checkout)),
    ...crlf.map(([name, value]) => orderWith('CR/LF', `${name} in the coupon`, { couponCode: value }, validation())),
    orderWith(
      'CR/LF',
      'CR/LF inside the website host (URL parsing strips it)',
      { website: 'https://exa\r\nmple.com/' },
      checkout,
    ),
    // HTML/script in every text field
    ...textFields.flatMap((field) =>
      html.map((value) =>
        orderWith('HTML/script', `${value} in ${field}`, { [field]: value }, markupAnswer(field, value)),
      ),
    ),
    // Traversal in the storage path and the file name
    ...traversal.map((value) =>
      orderWith(
        'traversal',
        `the storage path ${JSON.stringify(value)}`,
        { imageStoragePath: value },
        value.length > 64 ? validation() : validation(apiMessages.uploadMismatch),
      ),
    ),
    orderWith('traversal', 'a traversal file name', { imageFileName: '../../../../etc/passwd' }, checkout),
  ];
}

const uploadPost = (category: string, name: string, request: unknown, expected: Expected): HostileCase => ({
  endpoint: 'CreateUpload',
  method: 'POST',
  path: '/api/uploads',
  headers: json,
  body: typeof request === 'string' ? request : body(request),
  category,
  name,
  expected,
});
const upload = (overrides: Record<string, unknown>) => ({
  fileName: 'product.png',
  contentType: 'image/png',
  size: 1000,
  ...overrides,
});

const previewPost = (category: string, name: string, request: unknown, expected: Expected): HostileCase => ({
  endpoint: 'CreatePreview',
  method: 'POST',
  path: '/api/previews',
  headers: json,
  body: typeof request === 'string' ? request : body(request),
  category,
  name,
  expected,
});
const previewOf = (overrides: Record<string, unknown>) => ({
  website: 'https://example.com',
  style: 'cinematic',
  durationSeconds: '12',
  ...overrides,
});
/** A site that cannot be read is an answer, not an error: the form tells the buyer. */
const unreadablePreview: Expected = {
  status: 200,
  keys: [
    'businessName',
    'claims',
    'colors',
    'durationSeconds',
    'headline',
    'hook',
    'host',
    'images',
    'readable',
    'reason',
    'style',
  ],
};

function createPreviewCases(): HostileCase[] {
  return [
    previewPost(
      'oversize',
      'a 17 KB body',
      previewOf({ website: `https://example.com/${'a'.repeat(17_000)}` }),
      tooLarge,
    ),
    previewPost(
      'oversize',
      'a 2,049-character website',
      previewOf({ website: `https://example.com/${'a'.repeat(2030)}` }),
      validation(messages.invalidWebsite),
    ),
    previewPost('deep JSON', '8,000 nested arrays', `${'['.repeat(8000)}${']'.repeat(8000)}`, validation()),
    previewPost(
      'deep JSON',
      'a website that is an object',
      previewOf({ website: { href: 'https://example.com' } }),
      validation(),
    ),
    previewPost('invalid JSON', 'a truncated object', '{"website": "https://example.com",', malformed),
    previewPost('invalid JSON', 'an empty body', '', malformed),
    {
      ...previewPost('content type', 'JSON sent as text/plain', previewOf({}), wrongType),
      headers: { 'content-type': 'text/plain' },
    },
    {
      ...previewPost('decompression bomb', 'a gzip body of 10 MB of zeros', '', malformed),
      headers: { ...json, 'content-encoding': 'gzip' },
      body: gzipSync(Buffer.alloc(10 * 1024 * 1024)),
    },
    previewPost('missing', 'no website', { style: 'cinematic' }, validation(messages.missingInformation)),
    previewPost('enum', 'an unknown style', previewOf({ style: 'Cinematic' }), validation()),
    previewPost('enum', 'a length that is a number', previewOf({ durationSeconds: 12 }), validation()),
    ...html.map((text) =>
      previewPost('HTML', `the website ${text}`, previewOf({ website: text }), validation(messages.invalidWebsite)),
    ),
    ...traversal.map((key) =>
      previewPost(
        'traversal',
        `the photo key ${JSON.stringify(key)}`,
        previewOf({ imageStoragePath: key }),
        validation(),
      ),
    ),
    // SSRF: every internal form is refused before anything is fetched.
    ...ssrfWebsites.map((website) =>
      previewPost('SSRF', `the website ${website}`, previewOf({ website }), validation(messages.invalidWebsite)),
    ),
    // Ports: refused before anything is fetched, so no answer tells an open port from a closed one.
    ...otherPortWebsites.map((website) =>
      previewPost('port', `the website ${website}`, previewOf({ website }), validation(messages.websiteOnAnotherPort)),
    ),
    // A public-looking name passes the schema; the fetch refuses where it resolves (or finds no answer here).
    previewPost(
      'SSRF',
      'a name that resolves to loopback (refused at fetch time)',
      previewOf({ website: 'http://127.0.0.1.nip.io/' }),
      unreadablePreview,
    ),
    { ...previewPost('method', 'GET', '', notAllowed), method: 'GET', headers: {}, body: undefined },
  ];
}

function createUploadCases(): HostileCase[] {
  return [
    uploadPost('oversize', 'a 17 KB body', upload({ fileName: 'x'.repeat(17_000) }), tooLarge),
    uploadPost('oversize', 'a 256-character file name', upload({ fileName: 'a'.repeat(256) }), validation()),
    uploadPost('deep JSON', '8,000 nested arrays', `${'['.repeat(8000)}${']'.repeat(8000)}`, validation()),
    uploadPost('deep JSON', 'a size that is a nested object', upload({ size: { valueOf: 1000 } }), validation()),
    uploadPost('invalid JSON', 'a truncated object', '{"fileName": "a.png",', malformed),
    uploadPost('invalid JSON', 'an empty body', '', malformed),
    {
      ...uploadPost('content type', 'JSON sent as text/plain', upload({}), wrongType),
      headers: { 'content-type': 'text/plain' },
    },
    {
      ...uploadPost('content type', 'JSON sent as an image', upload({}), wrongType),
      headers: { 'content-type': 'image/png' },
    },
    {
      ...uploadPost('decompression bomb', 'a gzip body of 10 MB of zeros', '', malformed),
      headers: { ...json, 'content-encoding': 'gzip' },
      body: gzipSync(Buffer.alloc(10 * 1024 * 1024)),
    },
    // Content types a browser could be made to serve back as a page, or that every object "has".
    ...[
      'constructor',
      '__proto__',
      'toString',
      'valueOf',
      'hasOwnProperty',
      'text/html',
      'image/svg+xml',
      'image/gif',
      'application/octet-stream',
      'IMAGE/PNG',
      'image/png; charset=utf-8',
      ' image/png',
      'image/png\r\nX-Injected: 1',
      'image/png\u0000',
      '',
    ].map((contentType) =>
      uploadPost(
        'content-type lie',
        `the type ${JSON.stringify(contentType)}`,
        upload({ contentType }),
        validation(messages.invalidFileType),
      ),
    ),
    uploadPost(
      'content-type lie',
      'a type that is an array',
      upload({ contentType: ['image/png'] }),
      validation(messages.invalidFileType),
    ),
    // Sizes
    ...(
      [
        ['zero', 0, undefined],
        ['negative', -1, undefined],
        ['fractional', 1.5, undefined],
        ['one byte over 5 MB', 5 * 1024 * 1024 + 1, messages.fileTooLarge],
        ['1e308', 1e308, undefined],
        ['past MAX_SAFE_INTEGER', Number.MAX_SAFE_INTEGER + 2, undefined],
        ['a numeric string', '1000', undefined],
        ['null', null, undefined],
      ] as const
    ).map(([name, size, error]) =>
      uploadPost('huge numbers', `a size of ${name}`, upload({ size }), validation(error)),
    ),
    uploadPost('huge numbers', 'exactly 5 MB', upload({ size: 5 * 1024 * 1024 }), presigned),
    // Text in the file name never reaches the key: every one of these gets a fresh uuid key.
    ...html.map((value) =>
      uploadPost('HTML/script', `${value} as the file name`, upload({ fileName: value }), presigned),
    ),
    ...html.map((value) =>
      uploadPost(
        'HTML/script',
        `${value} as the content type`,
        upload({ contentType: value }),
        validation(messages.invalidFileType),
      ),
    ),
    ...unicode.map(([name, value]) =>
      uploadPost('unicode', `${name} in the file name`, upload({ fileName: value }), presigned),
    ),
    ...crlf.map(([name, value]) =>
      uploadPost('CR/LF', `${name} in the file name`, upload({ fileName: value }), presigned),
    ),
    ...['../../etc/passwd', '..\\..\\boot.ini', '/var/task/index.mjs', '%2e%2e%2fsecrets.png', 'x.png\u0000.html'].map(
      (fileName) =>
        uploadPost('traversal', `the file name ${JSON.stringify(fileName)}`, upload({ fileName }), presigned),
    ),
    uploadPost('traversal', 'a whitespace-only file name', upload({ fileName: ' \t ' }), validation()),
  ];
}

const get = (
  endpoint: string,
  category: string,
  name: string,
  path: string,
  expected: Expected,
  extra: Partial<HostileCase> = {},
): HostileCase => ({
  endpoint,
  method: 'GET',
  path,
  category,
  name,
  expected,
  ...extra,
});

/** Order ids that are not an order's UUID v4. */
const badOrderIds: [string, string][] = [
  ['a word', 'not-an-id'],
  ['an unknown UUID', uuid],
  ['an upper-case unknown UUID', uuid.toUpperCase()],
  ['a UUID with a trailing dot', `${uuid}.`],
  ['a UUID with a NUL', `${uuid}%00`],
  ['SQL', "'%20OR%201=1--"],
  ['NoSQL', '%7B%22%24ne%22%3A%22%22%7D'],
  ['encoded traversal', '..%2f..%2fetc%2fpasswd'],
  ['double-encoded traversal', '%252e%252e%252fetc'],
  ['a script tag', '%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
  ['an emoji', '%F0%9F%98%80'],
  ['a right-to-left override', `${uuid}%E2%80%AE`],
  ['encoded CR/LF', `${uuid}%0d%0aSet-Cookie:x=1`],
  ['a 4,000-character id', 'a'.repeat(4000)],
  ['a dynamo key', 'order%23abc'],
];

/** Percent-encodings that are not UTF-8: API Gateway routes them nowhere ($default, 404). */
const badEncodings: [string, string][] = [
  ['a truncated escape', '%E0%A4%A'],
  ['a lone surrogate', '%ED%A0%80'],
  ['an overlong slash', '%C0%AF'],
  ['a bare percent', '%'],
  ['a non-hex escape', '%zz'],
];

function orderReadCases(): HostileCase[] {
  return [
    ...badOrderIds.map(([name, id]) =>
      get('GetOrder', 'order id', `${name} as the order id`, `/api/orders/${id}`, orderNotFound),
    ),
    ...badEncodings.map(([name, id]) =>
      get('GetOrder', 'percent-encoding', `${name} as the order id`, `/api/orders/${id}`, notFound),
    ),
    get(
      'GetOrder',
      'traversal',
      'a dot-dot path that lands on the uploads route',
      `/api/orders/${uuid}/../../uploads`,
      notAllowed,
    ),
    get('GetOrder', 'oversize', 'a 17 KB body on a GET', `/api/orders/${uuid}`, tooLarge, {
      headers: json,
      body: body({ a: 'x'.repeat(17_000) }),
    }),
    get('GetOrder', 'oversize', 'a query string of 4 KB', `/api/orders/${uuid}?x=${'a'.repeat(4000)}`, orderNotFound),
  ];
}

function cancelCases(): HostileCase[] {
  const cancel = (
    category: string,
    name: string,
    path: string,
    expected: Expected,
    extra: Partial<HostileCase> = {},
  ): HostileCase => ({
    endpoint: 'CancelOrder',
    method: 'POST',
    path,
    category,
    name,
    expected,
    ...extra,
  });
  return [
    ...badOrderIds.map(([name, id]) =>
      cancel('order id', `${name} as the order id`, `/api/orders/${id}/cancel`, orderNotFound),
    ),
    ...badEncodings.map(([name, id]) =>
      cancel('percent-encoding', `${name} as the order id`, `/api/orders/${id}/cancel`, notFound),
    ),
    cancel('oversize', 'a 17 KB body', `/api/orders/${uuid}/cancel`, tooLarge, {
      headers: json,
      body: body({ a: 'x'.repeat(17_000) }),
    }),
    cancel('content type', 'an HTML body', `/api/orders/${uuid}/cancel`, orderNotFound, {
      headers: { 'content-type': 'text/html' },
      body: '<script>alert(1)</script>',
    }),
    cancel('invalid JSON', 'a malformed JSON body (cancel takes none)', `/api/orders/${uuid}/cancel`, orderNotFound, {
      headers: json,
      body: '{"x":',
    }),
  ];
}

/**
 * POST /api/orders/{id}/revisions: the body is read before the order, so a hostile body on any id
 * is refused as input; a well-formed note on an order that does not exist finds nothing. (Notes on
 * a real order: lambdas/api-bad-input.test.ts.)
 */
function revisionCases(): HostileCase[] {
  const revise = (
    category: string,
    name: string,
    expected: Expected,
    extra: Partial<HostileCase> = {},
    path = `/api/orders/${uuid}/revisions`,
  ): HostileCase => ({
    endpoint: 'RequestRevision',
    method: 'POST',
    path,
    category,
    name,
    expected,
    headers: json,
    body: body({ note: 'Make it faster' }),
    ...extra,
  });
  return [
    ...badOrderIds.map(([name, id]) =>
      revise('order id', `${name} as the order id`, orderNotFound, {}, `/api/orders/${id}/revisions`),
    ),
    ...badEncodings.map(([name, id]) =>
      revise('percent-encoding', `${name} as the order id`, notFound, {}, `/api/orders/${id}/revisions`),
    ),
    ...html.map((markup) =>
      revise('markup', `markup in the note: ${markup.slice(0, 24)}`, orderNotFound, { body: body({ note: markup }) }),
    ),
    revise('oversize', 'a 17 KB body', tooLarge, { body: body({ note: 'x'.repeat(17_000) }) }),
    revise('invalid JSON', 'a malformed JSON body', malformed, { body: '{"note":' }),
    revise('content type', 'the note sent as text/html', wrongType, {
      headers: { 'content-type': 'text/html' },
      body: '<p>make it faster</p>',
    }),
    revise('types', 'the note as a number', validation(), { body: body({ note: 42 }) }),
    revise('types', 'the note as an array', validation(), { body: body({ note: ['make it faster'] }) }),
    revise('types', 'a JSON array as the body', validation(), { body: body(['make it faster']) }),
    revise('method', 'GET on the revisions route', notAllowed, { method: 'GET', headers: {}, body: undefined }),
  ];
}

const signer = new Stripe('sk_test_signing_only');

/** A webhook delivery; `sign` signs the body with the twin's endpoint secret (or `secret`). */
function webhook(
  category: string,
  name: string,
  payload: string | Buffer,
  expected: Expected,
  sign?: { secret?: string; timestamp?: number; headers?: Record<string, string> },
  headers: Record<string, string> = json,
): HostileCase {
  return {
    endpoint: 'StripeWebhook',
    method: 'POST',
    path: '/api/stripe/webhook',
    headers,
    body: payload,
    category,
    name,
    expected,
    ...(sign
      ? {
          prepare: async (twin: Twin) => ({
            headers: {
              ...headers,
              'stripe-signature': signer.webhooks.generateTestHeaderString({
                payload: payload.toString(),
                secret: sign.secret ?? twin.stripeWebhookSecret,
                ...(sign.timestamp ? { timestamp: sign.timestamp } : {}),
              }),
              ...sign.headers,
            },
          }),
        }
      : {}),
  };
}

let eventCounter = 0;
function event(type: string, object: unknown, extra: Record<string, unknown> = {}): string {
  eventCounter += 1;
  return body({
    id: `evt_hostile_${process.pid}_${eventCounter}`,
    object: 'event',
    type,
    created: 1,
    data: { object },
    ...extra,
  });
}

function webhookCases(): HostileCase[] {
  const missing = validation('Missing Stripe signature or body');
  const badSignature = validation('Invalid Stripe signature');
  const malformedEvent = validation('Malformed Stripe event');
  const received: Expected = { status: 200, keys: ['received'] };
  const session = (extra: Record<string, unknown>) => ({
    id: 'cs_test_hostile',
    object: 'checkout.session',
    status: 'complete',
    payment_status: 'paid',
    ...extra,
  });
  return [
    webhook('signature', 'no signature', event('checkout.session.completed', session({})), missing),
    webhook('signature', 'a signature but no body', '', missing, {}),
    webhook(
      'signature',
      'a signature header of junk',
      event('checkout.session.completed', session({})),
      badSignature,
      undefined,
      {
        ...json,
        'stripe-signature': 't=1,v1=deadbeef',
      },
    ),
    webhook(
      'signature',
      'an empty signature header',
      event('checkout.session.completed', session({})),
      missing,
      undefined,
      {
        ...json,
        'stripe-signature': '',
      },
    ),
    webhook('signature', 'signed with another secret', event('checkout.session.completed', session({})), badSignature, {
      secret: 'whsec_not_ours',
    }),
    webhook(
      'signature',
      'signed 10 minutes ago (replay)',
      event('checkout.session.completed', session({})),
      badSignature,
      {
        timestamp: Math.floor(Date.now() / 1000) - 600,
      },
    ),
    // Stripe's tolerance bounds a signature's age only; a future time needs the secret, which is the control.
    webhook(
      'signature',
      'signed 10 minutes in the future (valid: only the age is bounded)',
      event('checkout.session.completed', session({})),
      received,
      {
        timestamp: Math.floor(Date.now() / 1000) + 600,
      },
    ),
    webhook(
      'signature',
      'a signature with CR/LF inside',
      event('checkout.session.completed', session({})),
      badSignature,
      undefined,
      {
        ...json,
        'stripe-signature': 't=1,v1=abc%0d%0aX-Evil: 1',
      },
    ),
    webhook('oversize', 'an unsigned 300 KB body', `{"a":"${'a'.repeat(300 * 1024)}"}`, tooLarge),
    webhook('oversize', 'a signed 300 KB body', `{"a":"${'a'.repeat(300 * 1024)}"}`, tooLarge, {}),
    webhook('malformed', 'signed, not JSON', 'not json at all', badSignature, {}),
    webhook('malformed', 'signed, an empty object', '{}', malformedEvent, {}),
    webhook('malformed', 'signed, a JSON array', '[1,2]', malformedEvent, {}),
    webhook('malformed', 'signed, null', 'null', malformedEvent, {}),
    webhook(
      'malformed',
      'signed, an id that is a number',
      body({ id: 1, type: 'checkout.session.completed', data: { object: {} } }),
      malformedEvent,
      {},
    ),
    webhook(
      'malformed',
      'signed, a completed event without data',
      body({ id: 'evt_hostile_nodata', type: 'checkout.session.completed' }),
      malformedEvent,
      {},
    ),
    webhook(
      'malformed',
      'signed, a completed event whose object is a string',
      event('checkout.session.completed', 'cs_test'),
      malformedEvent,
      {},
    ),
    webhook(
      'malformed',
      'signed, an expired event whose object is an array',
      event('checkout.session.expired', []),
      malformedEvent,
      {},
    ),
    webhook(
      'malformed',
      'signed, 3,000 nested objects',
      `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
      malformedEvent,
      {},
    ),
    webhook(
      'malformed',
      'signed, an event type nobody handles',
      event('customer.created', { id: 'cus_1' }),
      received,
      {},
    ),
    webhook(
      'malformed',
      'signed, a completed session naming no order',
      event('checkout.session.completed', session({})),
      received,
      {},
    ),
    webhook(
      'order id',
      'signed, a completed session for an unknown order',
      event('checkout.session.completed', session({ metadata: { order_id: uuid } })),
      received,
      {},
    ),
    webhook(
      'order id',
      'signed, a completed session whose order id is traversal',
      event('checkout.session.completed', session({ metadata: { order_id: '../../etc/passwd' } })),
      received,
      {},
    ),
    webhook(
      'HTML/script',
      'signed, an order id that is a script tag',
      event('checkout.session.completed', session({ client_reference_id: '<script>alert(1)</script>' })),
      received,
      {},
    ),
    webhook(
      'unicode',
      'signed, an order id with a NUL and a lone surrogate',
      event('checkout.session.expired', session({ status: 'expired', metadata: { order_id: '\u0000\uD800' } })),
      received,
      {},
    ),
    webhook(
      'huge numbers',
      'signed, an amount of 1e308 for an unknown order',
      event('checkout.session.completed', session({ amount_total: 1e308, metadata: { order_id: uuid } })),
      received,
      {},
    ),
    webhook(
      'content type',
      'signed JSON sent as text/plain',
      event('customer.created', {}),
      received,
      {},
      { 'content-type': 'text/plain' },
    ),
    webhook(
      'decompression bomb',
      'a gzip body, signed as it is sent',
      gzipSync(Buffer.alloc(10 * 1024 * 1024)),
      badSignature,
      {},
      {
        ...json,
        'content-encoding': 'gzip',
      },
    ),
  ];
}

function capacityCases(): HostileCase[] {
  const spots: Expected = { status: 200, keys: ['dailyCapacity', 'spotsLeft'] };
  return [
    get('GetCapacity', 'oversize', 'a 17 KB body on a GET', '/api/capacity', tooLarge, {
      headers: json,
      body: body({ a: 'x'.repeat(17_000) }),
    }),
    get('GetCapacity', 'traversal', 'a traversal query', '/api/capacity?day=../../etc/passwd', spots),
    get(
      'GetCapacity',
      'HTML/script',
      'a script in the query',
      '/api/capacity?x=%3Cscript%3Ealert(1)%3C/script%3E',
      spots,
    ),
    get('GetCapacity', 'percent-encoding', 'a broken escape in the query', '/api/capacity?x=%E0%A4%A', spots),
    get('GetCapacity', 'content type', 'an HTML body', '/api/capacity', spots, {
      headers: { 'content-type': 'text/html' },
      body: '<h1>x</h1>',
    }),
    get('GetCapacity', 'CR/LF', 'encoded CR/LF in the query', '/api/capacity?x=%0d%0aSet-Cookie:%20a=1', spots),
  ];
}

function newsletterCases(): HostileCase[] {
  const subscribe = (
    category: string,
    name: string,
    payload: string | Buffer,
    expected: Expected,
    headers = json,
  ): HostileCase => ({
    endpoint: 'NewsletterSubscribe',
    method: 'POST',
    path: '/api/newsletter',
    headers,
    body: payload,
    category,
    name,
    expected,
  });
  const email = (value: unknown) => body({ email: value });
  const invalidEmail = validation(messages.invalidEmail);
  const links = [
    ['NewsletterConfirmLink', '/api/newsletter/confirm', paths.newsletterConfirm, paths.newsletterConfirmed],
    [
      'NewsletterUnsubscribeLink',
      '/api/newsletter/unsubscribe',
      paths.newsletterUnsubscribe,
      paths.newsletterUnsubscribed,
    ],
  ] as const;
  const invalidLink = validation(apiMessages.newsletterLinkInvalid);
  const confirm = (
    category: string,
    name: string,
    payload: string,
    expected: Expected,
    headers = json,
  ): HostileCase => ({
    endpoint: 'NewsletterConfirm',
    method: 'POST',
    path: '/api/newsletter/confirm',
    headers,
    body: payload,
    category,
    name,
    expected,
  });
  const form: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  const oneClick = (
    category: string,
    name: string,
    query: string,
    expected: Expected,
    payload = 'List-Unsubscribe=One-Click',
    headers = form,
  ): HostileCase => ({
    endpoint: 'NewsletterUnsubscribe',
    method: 'POST',
    path: `/api/newsletter/unsubscribe${query}`,
    headers,
    body: payload,
    category,
    name,
    expected,
  });
  const bogusTokenValues: [string, unknown][] = [
    ['no token', undefined],
    ['an empty token', ''],
    ['an unknown well-formed token', 'A'.repeat(43)],
    ['a 44-character token', 'A'.repeat(44)],
    ['a token of 4,000 characters', 'A'.repeat(4000)],
    ['a traversal token', '../../etc/passwd'],
    ['a script token', '<script>alert(1)</script>'],
    ['CR/LF in the token', `${'A'.repeat(21)}\r\n${'A'.repeat(20)}`],
    ['a NUL in the token', `${'A'.repeat(42)}\u0000`],
    ['a NoSQL object token', { $ne: 'x' }],
    ['a token that is a list', ['A'.repeat(43)]],
    ['a token that is a number', 42],
  ];
  const bogusTokens: [string, string][] = [
    ['no token', ''],
    ['an empty token', '?token='],
    ['an unknown well-formed token', `?token=${'A'.repeat(43)}`],
    ['a 44-character token', `?token=${'A'.repeat(44)}`],
    ['a token of 4,000 characters', `?token=${'A'.repeat(4000)}`],
    ['a traversal token', '?token=..%2f..%2fetc%2fpasswd'],
    ['a script token', '?token=%3Cscript%3Ealert(1)%3C/script%3E'],
    ['CR/LF in the token', `?token=${'A'.repeat(21)}%0d%0a${'A'.repeat(20)}`],
    ['a NUL in the token', `?token=${'A'.repeat(42)}%00`],
    ['a broken escape in the token', '?token=%E0%A4%A'],
    ['two tokens', `?token=${'A'.repeat(43)}&token=${'B'.repeat(43)}`],
    ['a NoSQL object token', '?token[$ne]=x'],
  ];
  return [
    subscribe('oversize', 'a 17 KB body', email(`${'a'.repeat(17_000)}@example.com`), tooLarge),
    subscribe('oversize', 'a 300-character address', email(`${'a'.repeat(290)}@example.com`), invalidEmail),
    subscribe('deep JSON', '8,000 nested arrays', `${'['.repeat(8000)}${']'.repeat(8000)}`, validation()),
    subscribe(
      'deep JSON',
      'an email that is an object',
      email({ $ne: '' }),
      validation(messages.newsletterEmailMissing),
    ),
    subscribe('invalid JSON', 'a truncated object', '{"email":', malformed),
    subscribe('invalid JSON', 'an empty body', '', malformed),
    subscribe('content type', 'a form body', 'email=a%40example.com', wrongType, {
      'content-type': 'application/x-www-form-urlencoded',
    }),
    subscribe('content type', 'JSON as text/plain', email('a@example.com'), wrongType, {
      'content-type': 'text/plain',
    }),
    subscribe(
      'decompression bomb',
      'a gzip body of 10 MB of zeros',
      gzipSync(Buffer.alloc(10 * 1024 * 1024)),
      malformed,
      {
        ...json,
        'content-encoding': 'gzip',
      },
    ),
    ...html.map((value) => subscribe('HTML/script', `${value} as the address`, email(value), invalidEmail)),
    subscribe(
      'HTML/script',
      'a script in the local part',
      email('"<script>alert(1)</script>"@example.com'),
      invalidEmail,
    ),
    ...unicode.map(([name, value]) =>
      subscribe('unicode', `${name} in the address`, email(`${value}@example.com`), invalidEmail),
    ),
    ...crlf.map(([name, value]) =>
      subscribe(
        'CR/LF',
        `${name} after the address`,
        email(`reader@example.com${value.replace(/^a/, '')}`),
        invalidEmail,
      ),
    ),
    subscribe(
      'CR/LF',
      'a Bcc header in the address',
      email('reader@example.com\r\nBcc: everyone@example.com'),
      invalidEmail,
    ),
    subscribe('traversal', 'a traversal address', email('../../etc/passwd@example.com'), invalidEmail),
    ...bogusTokenValues.map(([name, token]) => confirm('bogus token', name, body({ token }), invalidLink)),
    ...bogusTokens.map(([name, query]) => oneClick('bogus token', name, query, invalidLink)),
    confirm('oversize', 'a 17 KB body', body({ token: 'A'.repeat(17_000) }), tooLarge),
    confirm('invalid JSON', 'a truncated object', '{"token":', malformed),
    confirm('content type', 'a form body', `token=${'A'.repeat(43)}`, wrongType, form),
    oneClick(
      'oversize',
      'a 17 KB one-click body',
      `?token=${'A'.repeat(43)}`,
      tooLarge,
      `List-Unsubscribe=One-Click&x=${'x'.repeat(17_000)}`,
    ),
    oneClick(
      'content type',
      'a JSON body',
      `?token=${'A'.repeat(43)}`,
      validation(apiMessages.newsletterOneClickBody),
      body({ 'List-Unsubscribe': 'One-Click' }),
      json,
    ),
    oneClick(
      'bogus token',
      'no one-click field',
      `?token=${'A'.repeat(43)}`,
      validation(apiMessages.newsletterOneClickBody),
      'List-Unsubscribe=Yes',
    ),
    oneClick(
      'content type',
      'a multipart body without a boundary',
      `?token=${'A'.repeat(43)}`,
      validation(apiMessages.newsletterOneClickBody),
      'List-Unsubscribe=One-Click',
      { 'content-type': 'multipart/form-data' },
    ),
    ...links.flatMap(([endpoint, path, linkPage, resultPage]) => [
      ...bogusTokens.map(([name, query]) =>
        get(endpoint, 'bogus token', name, `${path}${query}`, {
          status: 302,
          // A token that may be one opens the page with the button, unread; the rest say the link does not work.
          location:
            name === 'an unknown well-formed token'
              ? `${linkPage}${query}`
              : paths.newsletterLinkProblem(resultPage, 'invalid'),
        }),
      ),
      get(endpoint, 'oversize', 'a 17 KB body on a GET', `${path}?token=${'A'.repeat(43)}`, tooLarge, {
        headers: json,
        body: body({ a: 'x'.repeat(17_000) }),
      }),
    ]),
  ];
}

function unknownRouteCases(): HostileCase[] {
  const unknown = (method: string, path: string, expected: Expected, category = 'unknown path'): HostileCase => ({
    endpoint: 'Unknown route',
    method,
    path,
    category,
    name: `${method} ${path.length > 60 ? `${path.slice(0, 60)}…` : path}`,
    expected,
  });
  const routes = [
    '/api/uploads',
    '/api/orders',
    `/api/orders/${uuid}`,
    `/api/orders/${uuid}/cancel`,
    '/api/stripe/webhook',
    '/api/capacity',
    '/api/newsletter',
    '/api/newsletter/confirm',
    '/api/newsletter/unsubscribe',
  ];
  return [
    ...routes.flatMap((path) =>
      ['PUT', 'DELETE', 'PATCH'].map((method) => unknown(method, path, notAllowed, 'unknown method')),
    ),
    unknown('GET', '/api/uploads', notAllowed, 'unknown method'),
    unknown('GET', `/api/orders/${uuid}/cancel`, notAllowed, 'unknown method'),
    unknown('POST', '/api/capacity', notAllowed, 'unknown method'),
    unknown('GET', '/api/', notFound),
    unknown('GET', '/api/nothing-here', notFound),
    unknown('GET', '/api/orders/', notFound),
    unknown('GET', `/api/orders/${uuid}/cancel/extra`, notFound),
    // Dot segments are resolved first; these land back inside /api on a path that is no route.
    unknown('GET', '/api/orders/../../api/nothing', notFound, 'traversal'),
    unknown('GET', '/api/orders/%2e%2e/%2e%2e/api/admin', notFound, 'traversal'),
    unknown('GET', `/api/orders%2f${uuid}`, notFound),
    unknown('GET', `/api/ORDERS/${uuid}`, notFound),
    unknown('GET', '/api/capacity/', notFound),
    unknown('GET', '/api/capacity%00', notFound),
    unknown('GET', '/api/%3Cscript%3Ealert(1)%3C/script%3E', notFound),
    unknown('GET', '/api/%E0%A4%A', notFound, 'percent-encoding'),
    unknown('GET', '/api/%F0%9F%98%80', notFound, 'unicode'),
    unknown('POST', '/api/admin', notFound),
    // The gateway resolves dot segments: this is POST /api/uploads without a body.
    unknown('POST', '/api/orders/../uploads', wrongType, 'traversal'),
  ];
}

export function hostileCases(): HostileCase[] {
  return [
    ...createOrderCases(),
    ...createUploadCases(),
    ...createPreviewCases(),
    ...orderReadCases(),
    ...cancelCases(),
    ...revisionCases(),
    ...webhookCases(),
    ...capacityCases(),
    ...newsletterCases(),
    ...unknownRouteCases(),
  ];
}
