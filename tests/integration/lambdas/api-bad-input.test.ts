// Every route answers bad input with the contract's status and errorCode — never a 500,
// never a stack trace — and creates nothing.
import { type IncomingHttpHeaders, request } from 'node:http';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeRenderRequest } from '#generation/render-request-store.ts';
import { writeTemplateStoryboard } from '#generation/storyboard/template-writer.ts';
import { apiMessages, messages } from '#shared/contract.ts';
import { prohibitedCategory } from '#shared/prohibited-content.ts';
import { revisionLimits, revisionMessages, revisionNotDone, revisionRequestList } from '#shared/revision.ts';
import { catTreats } from '../../unit/fixtures/ad-copy-sites.ts';
import { plantImage } from '../support/images-bucket.ts';
import { documentsOf, ordersOfEmail, storedOrder } from '../support/orders-table.ts';
import { type PreviewSite, startPreviewSite, testSiteHosts } from '../support/preview-site.ts';
import { callApi, orderPhotoKey, orderRequest, twinForSuite, uniqueEmail } from '../support/twin.ts';
import { gifBytes, uploadThroughApi } from '../support/uploads.ts';

// The local sites (random ports on 127.0.0.1) the photo rows order for; nothing else is mapped.
const twin = twinForSuite({ testSiteHosts });
let site: PreviewSite;
beforeAll(async () => {
  site = await startPreviewSite();
});
afterAll(() => site?.stop());

interface Case {
  name: string;
  body: unknown;
  status: number;
  errorCode: string;
  error?: string;
}

const orderCases: Case[] = [
  {
    name: 'a missing website',
    body: orderRequest({ website: undefined }),
    status: 400,
    errorCode: 'VALIDATION',
    error: messages.missingInformation,
  },
  {
    name: 'an empty email',
    body: orderRequest({ email: '  ' }),
    status: 400,
    errorCode: 'VALIDATION',
    error: messages.missingInformation,
  },
  {
    name: 'a javascript: URL',
    body: orderRequest({ website: 'javascript:alert(1)' }),
    status: 400,
    errorCode: 'VALIDATION',
    error: messages.invalidWebsite,
  },
  {
    name: 'an ftp: URL',
    body: orderRequest({ website: 'ftp://example.com/file' }),
    status: 400,
    errorCode: 'VALIDATION',
    error: messages.invalidWebsite,
  },
  {
    name: 'a private-IP URL',
    body: orderRequest({ website: 'http://10.0.0.7/admin' }),
    status: 400,
    errorCode: 'VALIDATION',
    error: messages.invalidWebsite,
  },
  {
    name: 'a public site named by its IP address',
    body: orderRequest({ website: 'http://93.184.216.34/' }),
    status: 400,
    errorCode: 'VALIDATION',
    error: messages.websiteIsAnAddress,
  },
  {
    name: 'a public site on another port (the site reader would scan ports)',
    body: orderRequest({ website: 'https://shop.example:6379/' }),
    status: 400,
    errorCode: 'VALIDATION',
    error: messages.websiteOnAnotherPort,
  },
  {
    name: 'the metadata address',
    body: orderRequest({ website: 'http://169.254.169.254/latest' }),
    status: 400,
    errorCode: 'VALIDATION',
    error: messages.invalidWebsite,
  },
  {
    name: 'a loopback URL',
    body: orderRequest({ website: 'http://localhost:8080' }),
    status: 400,
    errorCode: 'VALIDATION',
    error: messages.invalidWebsite,
  },
  {
    name: 'an oversized website',
    body: orderRequest({ website: `https://example.com/${'a'.repeat(3000)}` }),
    status: 400,
    errorCode: 'VALIDATION',
  },
  {
    name: 'a malformed email',
    body: orderRequest({ email: 'not-an-email' }),
    status: 400,
    errorCode: 'VALIDATION',
    error: messages.invalidEmail,
  },
  { name: 'an unknown style', body: orderRequest({ style: 'noir' }), status: 400, errorCode: 'VALIDATION' },
  {
    name: 'a duration not offered',
    body: orderRequest({ durationSeconds: '7' }),
    status: 400,
    errorCode: 'VALIDATION',
  },
  { name: 'a numeric duration', body: orderRequest({ durationSeconds: 12 }), status: 400, errorCode: 'VALIDATION' },
  { name: 'a website of the wrong type', body: orderRequest({ website: 123 }), status: 400, errorCode: 'VALIDATION' },
  {
    name: 'a storage path outside the uploads',
    body: orderRequest({ imageStoragePath: '../secrets.png' }),
    status: 400,
    errorCode: 'VALIDATION',
  },
  { name: 'a JSON array', body: [1, 2], status: 400, errorCode: 'VALIDATION' },
  {
    name: 'an unknown coupon',
    body: orderRequest({ couponCode: 'nope2026' }),
    status: 400,
    errorCode: 'INVALID_COUPON',
    error: messages.invalidCoupon('NOPE2026'),
  },
  {
    name: 'an image that was never uploaded',
    body: orderRequest({ imageStoragePath: '3f1c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f.png', imageFileName: 'x.png' }),
    status: 400,
    errorCode: 'UPLOAD_INVALID',
    error: apiMessages.uploadMissing,
  },
];

/**
 * POSTs `bytes` bytes to /api/orders in 64 KB chunks and never ends the request, so an answer can
 * only come from a gateway that stops reading at its quota.
 */
function postWithoutEnd(
  headers: Record<string, string>,
  bytes: number,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  return new Promise((resolveAnswer, reject) => {
    const req = request(
      new URL('/api/orders', twin.current.url),
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (text: string) => {
          body += text;
        });
        res.on('end', () => resolveAnswer({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    // A write the twin no longer reads fails once it closes the connection, after its answer.
    req.on('error', reject);
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

describe('POST /api/orders refuses bad input', () => {
  it.each(orderCases)('answers $status $errorCode for $name', async ({ body, status, errorCode, error }) => {
    const answer = await callApi(twin.current, 'POST', '/api/orders', body);

    expect(answer.status).toBe(status);
    expect(answer.body.errorCode).toBe(errorCode);
    expect(typeof answer.body.error).toBe('string');
    if (error) expect(answer.body.error).toBe(error);
  });

  it('answers 400 for malformed JSON', async () => {
    const answer = await callApi(twin.current, 'POST', '/api/orders', '{"website": "https://example.com",');

    expect(answer).toEqual({ status: 400, body: { error: apiMessages.malformedJson, errorCode: 'VALIDATION' } });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const answer = await callApi(twin.current, 'POST', '/api/orders', 'website=https://example.com', {
      'content-type': 'text/plain',
    });

    expect(answer).toEqual({ status: 400, body: { error: apiMessages.unsupportedMediaType, errorCode: 'VALIDATION' } });
  });

  it('answers 413 for a body over 16 KB', async () => {
    const answer = await callApi(
      twin.current,
      'POST',
      '/api/orders',
      orderRequest({ imageFileName: 'x'.repeat(17_000) }),
    );

    expect(answer).toEqual({
      status: 413,
      body: { error: apiMessages.payloadTooLarge, errorCode: 'PAYLOAD_TOO_LARGE' },
    });
  });

  it('answers as API Gateway does to an 11 MB body streamed in, without reading it to the end', async () => {
    // Act: no Content-Length, 64 KB chunks, and the request never ended.
    const answer = await postWithoutEnd({}, 11 * 1024 * 1024);

    // Assess
    expect(answer).toMatchObject({
      status: 413,
      headers: { 'content-type': 'text; charset=utf-8', connection: 'close' },
      body: 'HTTP content length exceeded 10485760 bytes.',
    });
  });

  it('answers as API Gateway does to a body declared larger than 10 MB, before any of it is read', async () => {
    // Act
    const answer = await postWithoutEnd({ 'content-length': String(10 * 1024 * 1024 + 1) }, 64 * 1024);

    // Assess
    expect(answer).toMatchObject({ status: 413, body: 'HTTP content length exceeded 10485760 bytes.' });
  });

  it('answers UPLOAD_INVALID for a 6 MB image placed in the bucket', async () => {
    const key = await plantImage(twin.current, Buffer.alloc(6 * 1024 * 1024, 0xff), 'jpg');

    const answer = await callApi(
      twin.current,
      'POST',
      '/api/orders',
      orderRequest({ imageStoragePath: key, imageFileName: 'big.jpg' }),
    );

    expect(answer).toEqual({ status: 400, body: { error: messages.fileTooLarge, errorCode: 'UPLOAD_INVALID' } });
  });

  it('answers UPLOAD_INVALID for an upload declared png whose bytes are a gif', async () => {
    const upload = await uploadThroughApi(twin.current, gifBytes, 'image/png', 'sneaky.png');

    const answer = await callApi(
      twin.current,
      'POST',
      '/api/orders',
      orderRequest({ imageStoragePath: upload.storagePath, imageFileName: 'sneaky.png' }),
    );

    expect(upload.putStatus).toBe(200);
    expect(answer).toEqual({ status: 400, body: { error: messages.invalidFileType, errorCode: 'UPLOAD_INVALID' } });
  });
});

describe('POST /api/orders needs a photo for a site it cannot read (docs/spec-deviations.md)', () => {
  const unreadable = [
    { what: 'a site that refuses the connection', name: 'closed' as const, path: '/' },
    { what: 'a page that is not HTML', name: 'readable' as const, path: '/data.json' },
    { what: 'a page that answers 404', name: 'readable' as const, path: '/missing' },
  ];

  it.each(unreadable)(
    "answers 400 VALIDATION with the form's message for $what and no photo, and creates nothing",
    async ({ name, path }) => {
      const email = uniqueEmail('no-photo');

      const answer = await callApi(
        twin.current,
        'POST',
        '/api/orders',
        orderRequest({ email, website: site.url(name, path), imageStoragePath: null, imageFileName: null }),
      );

      expect(answer).toEqual({ status: 400, body: { error: messages.photoRequired, errorCode: 'VALIDATION' } });
      expect(await ordersOfEmail(twin.current, email)).toEqual([]);
    },
  );

  it.each(unreadable)('accepts the order for $what with a photo', async ({ name, path }) => {
    const answer = await callApi<{ url: string }>(
      twin.current,
      'POST',
      '/api/orders',
      orderRequest({ website: site.url(name, path), imageStoragePath: orderPhotoKey }),
    );

    expect(answer.status).toBe(200);
    expect(answer.body.url).toContain('/_local/pay/');
  });

  it("takes a photo-less order for a site its preview read from the preview's cache, without reading the site again", async () => {
    const website = site.url('readable', '/?campaign=previewed');
    const previewed = await callApi(twin.current, 'POST', '/api/previews', {
      website,
      style: 'cinematic',
      durationSeconds: '8',
    });
    const readsAfterPreview = site.requests.filter((path) => path === '/?campaign=previewed').length;

    const answer = await callApi(
      twin.current,
      'POST',
      '/api/orders',
      orderRequest({ website, imageStoragePath: null, imageFileName: null }),
    );

    expect(previewed.status).toBe(200);
    expect(answer.status).toBe(200);
    expect(readsAfterPreview).toBe(1);
    expect(site.requests.filter((path) => path === '/?campaign=previewed')).toHaveLength(1);
  });
});

const uploadCases: Case[] = [
  {
    name: 'a gif',
    body: { fileName: 'a.gif', contentType: 'image/gif', size: 100 },
    status: 400,
    errorCode: 'VALIDATION',
    error: messages.invalidFileType,
  },
  // Names every object has: an `in` check once let them through and S3 served HTML back as `constructor`.
  ...['constructor', '__proto__', 'toString', 'hasOwnProperty', 'text/html'].map((contentType) => ({
    name: `the content type ${contentType}`,
    body: { fileName: 'a.html', contentType, size: 100 },
    status: 400,
    errorCode: 'VALIDATION',
    error: messages.invalidFileType,
  })),
  {
    name: 'a 6 MB image',
    body: { fileName: 'a.png', contentType: 'image/png', size: 6 * 1024 * 1024 },
    status: 400,
    errorCode: 'VALIDATION',
    error: messages.fileTooLarge,
  },
  { name: 'a missing file name', body: { contentType: 'image/png', size: 100 }, status: 400, errorCode: 'VALIDATION' },
  {
    name: 'a size given as text',
    body: { fileName: 'a.png', contentType: 'image/png', size: '100' },
    status: 400,
    errorCode: 'VALIDATION',
  },
  {
    name: 'a negative size',
    body: { fileName: 'a.png', contentType: 'image/png', size: -1 },
    status: 400,
    errorCode: 'VALIDATION',
  },
  { name: 'an empty body', body: {}, status: 400, errorCode: 'VALIDATION' },
];

describe('POST /api/uploads refuses bad input', () => {
  it.each(uploadCases)('answers $status $errorCode for $name', async ({ body, status, errorCode, error }) => {
    const answer = await callApi(twin.current, 'POST', '/api/uploads', body);

    expect(answer.status).toBe(status);
    expect(answer.body.errorCode).toBe(errorCode);
    if (error) expect(answer.body.error).toBe(error);
  });
});

describe('order reads and unknown routes', () => {
  it.each([
    ['an unknown id', '/api/orders/3f1c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f'],
    ['a malformed id', '/api/orders/not-an-id'],
    ['an injection attempt', "/api/orders/'%20OR%201=1"],
  ])('GET answers 404 Order not found for %s', async (_name, path) => {
    const answer = await callApi(twin.current, 'GET', path);

    expect(answer).toEqual({ status: 404, body: { error: apiMessages.orderNotFound, errorCode: 'NOT_FOUND' } });
  });

  it('cancel answers 404 for an unknown order', async () => {
    const answer = await callApi(twin.current, 'POST', '/api/orders/3f1c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f/cancel');

    expect(answer).toEqual({ status: 404, body: { error: apiMessages.orderNotFound, errorCode: 'NOT_FOUND' } });
  });

  it.each([
    ['GET', '/api/nothing-here', 404, 'NOT_FOUND'],
    ['DELETE', '/api/orders', 405, 'METHOD_NOT_ALLOWED'],
    ['GET', '/api/orders', 405, 'METHOD_NOT_ALLOWED'],
    ['GET', '/api/stripe/webhook', 405, 'METHOD_NOT_ALLOWED'],
  ])('%s %s answers %i %s', async (method, path, status, errorCode) => {
    const answer = await callApi(twin.current, method, path);

    expect(answer.status).toBe(status);
    expect(answer.body.errorCode).toBe(errorCode);
  });
});

describe('POST /api/orders/{id}/revisions refuses bad input and uses nothing', () => {
  const day = 24 * 3600 * 1000;

  /** An order made through the API, then set as the state machine would leave it. */
  async function orderWith(fields: Record<string, unknown>): Promise<string> {
    const email = uniqueEmail('revision-input');
    const created = await callApi(twin.current, 'POST', '/api/orders', orderRequest({ email }));
    expect(created.status).toBe(200);
    const id = (created.body as { orderId: string }).orderId;
    if (Object.keys(fields).length) {
      const client = documentsOf(twin.current);
      const names = Object.keys(fields);
      await client.send(
        new UpdateCommand({
          TableName: twin.current.env.ORDERS_TABLE,
          Key: { id },
          UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
          ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:f${i}`, fields[name]])),
        }),
      );
      client.destroy();
    }
    return id;
  }
  const completed = (daysAgo = 0) => ({
    order_status: 'completed',
    payment_status: 'paid',
    stage: 'done',
    progress: 100,
    completed_at: new Date(Date.now() - daysAgo * day).toISOString(),
  });
  const revise = (id: string, body: unknown) => callApi(twin.current, 'POST', `/api/orders/${id}/revisions`, body);

  it.each([
    ['an unknown id', '3f1c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f'],
    ['a malformed id', 'not-an-id'],
  ])('answers 404 Order not found for %s', async (_name, id) => {
    const answer = await revise(id, { note: 'say the price' });

    expect(answer).toEqual({ status: 404, body: { error: apiMessages.orderNotFound, errorCode: 'NOT_FOUND' } });
  });

  it.each([
    ['an order not completed yet', {}, revisionMessages.notCompleted],
    [`an order completed more than ${revisionLimits.windowDays} days ago`, completed(8), revisionMessages.windowPassed],
    [
      'an order whose revision was used',
      { ...completed(1), revision_status: 'failed', revision_note: 'say the price' },
      revisionMessages.alreadyUsed,
    ],
    // Completed through the API alone: no render request kept, as an ad made before they were.
    ['an order whose ad has no render request to revise from', completed(1), revisionMessages.notKept],
  ])('answers 409 REVISION_UNAVAILABLE for %s', async (_name, fields, error) => {
    const id = await orderWith(fields);
    const before = await storedOrder(twin.current, id);

    const answer = await revise(id, { note: 'say the price' });

    expect(answer).toEqual({ status: 409, body: { error, errorCode: 'REVISION_UNAVAILABLE' } });
    expect((await storedOrder(twin.current, id))?.version).toBe(before?.version);
  });

  const noteCases: Case[] = [
    { name: 'no note', body: {}, status: 400, errorCode: 'VALIDATION', error: revisionMessages.noteMissing },
    {
      name: 'an empty note',
      body: { note: '   ' },
      status: 400,
      errorCode: 'VALIDATION',
      error: revisionMessages.noteMissing,
    },
    {
      name: 'a note that is no text',
      body: { note: 42 },
      status: 400,
      errorCode: 'VALIDATION',
      error: revisionMessages.noteMissing,
    },
    {
      name: `a note over ${revisionLimits.noteMaxChars} characters`,
      body: { note: `Say the price. ${'x'.repeat(revisionLimits.noteMaxChars)}` },
      status: 400,
      errorCode: 'VALIDATION',
      error: revisionMessages.noteTooLong,
    },
    {
      name: 'a photo key POST /api/uploads never hands out',
      body: { note: 'use this photo', imageStoragePath: '../../other-order/poster.jpg' },
      status: 400,
      errorCode: 'VALIDATION',
      error: messages.invalidFileType,
    },
    {
      name: 'a photo that was never uploaded',
      body: { note: 'use this photo', imageStoragePath: '0f1d4a52-8c3b-4e7a-9d20-5b7e3c1a9f04.jpg' },
      status: 400,
      errorCode: 'UPLOAD_INVALID',
      error: apiMessages.uploadMissing,
    },
    {
      name: 'a note asking nothing the template writer can do',
      body: { note: 'Make it go viral with a dancing llama' },
      status: 422,
      errorCode: 'REVISION_REFUSED',
      error: revisionMessages.notUnderstood(revisionRequestList()),
    },
    {
      name: 'a note the content check refuses',
      body: { note: 'Say the price of our ammunition and ghost gun kits' },
      status: 422,
      errorCode: 'REVISION_REFUSED',
      error: revisionMessages.contentRefused(prohibitedCategory('weapons')?.label ?? ''),
    },
  ];

  it('answers 422 REVISION_REFUSED naming each request the ad does not allow, and uses nothing', async () => {
    // Prepare: an ad with one opening, from a site with no price
    const id = await orderWith(completed());
    const noPrice = {
      ...catTreats,
      products: (catTreats.products ?? []).map(({ price: _price, ...product }) => product),
      prices: [],
    };
    const version1 = writeTemplateStoryboard({
      site: noPrice,
      order: { style: 'ugc', durationSeconds: 8, uploadKey: null },
    });
    await storeRenderRequest({ orderId: id, storyboard: { ...version1, openings: undefined }, afterFootage: false });
    const before = await storedOrder(twin.current, id);

    // Act
    const answer = await revise(id, { note: 'Say the price and open with another hook' });

    // Assess
    expect(answer).toEqual({
      status: 422,
      body: {
        errorCode: 'REVISION_REFUSED',
        error: revisionMessages.nothingPossible([
          revisionNotDone('hook', 'this ad has no other opening our writer could make from your website'),
          revisionNotDone('price', 'your website shows no price for the product'),
        ]),
      },
    });
    expect((await storedOrder(twin.current, id))?.version).toBe(before?.version);
  });

  it.each(noteCases)('answers $status $errorCode for $name', async ({ body, status, errorCode, error }) => {
    const id = await orderWith(completed());

    const answer = await revise(id, body);

    expect(answer).toEqual({ status, body: { error, errorCode } });
    expect((await storedOrder(twin.current, id))?.revision_status).toBeUndefined();
  });
});
