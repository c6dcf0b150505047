// The twin's CloudFront for pages: the built site from web/dist, through the SAME viewer-request
// and viewer-response functions CloudFront runs, so clean URLs, redirects and 404s behave as
// deployed. What S3 and CloudFront add around them is reproduced here: each object's Cache-Control
// (the metadata the deploy stores), its ETag with 304 answers, and Brotli/gzip for text.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, isAbsolute, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { cacheControlOf } from '#lib/site/edge-functions.ts';

interface EdgeHeaders {
  [name: string]: { value: string };
}
interface EdgeQueryString {
  [name: string]: { value: string; multiValue?: { value: string }[] };
}
interface EdgeRequest {
  method: string;
  uri: string;
  querystring: EdgeQueryString;
  headers: EdgeHeaders;
}
interface EdgeResponse {
  statusCode: number;
  statusDescription?: string;
  headers: EdgeHeaders;
  /** A response the viewer-request function makes itself (cloudfront-js-2.0). */
  body?: { encoding: 'text' | 'base64'; data: string };
}
type EdgeFunction = (event: { request: EdgeRequest; response?: EdgeResponse }) => EdgeRequest | EdgeResponse;

/** Loads a CloudFront Function's source (cloudfront-js-2.0, `function handler(event)`). */
export function loadEdgeFunction(source: string): EdgeFunction {
  return new Function(`${source}\nreturn handler;`)() as EdgeFunction;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.txt': 'text/plain; charset=utf-8',
  '.vtt': 'text/vtt; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Media types CloudFront compresses (of those the site has); images and video are compressed already. */
const compressibleTypes = new Set([
  'text/html',
  'text/css',
  'text/javascript',
  'text/plain',
  'application/json',
  'application/manifest+json',
  'application/xml',
  'image/svg+xml',
]);
/** CloudFront leaves files under 1,000 bytes as they are. */
const minimumCompressedBytes = 1000;
const compressWith = {
  // Quality 5 instead of 11: the twin compresses on every request, CloudFront once per cached object.
  br: (body: Buffer) =>
    promisify(brotliCompress)(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) as Promise<Buffer>,
  gzip: (body: Buffer) => promisify(gzip)(body) as Promise<Buffer>,
};

export interface SiteOptions {
  distDir: string;
  viewerRequest: EdgeFunction;
  viewerResponse: EdgeFunction;
  /** The response headers policy CloudFront applies (CSP, HSTS, …). */
  securityHeaders: Record<string, string>;
}

export async function serveSite(req: IncomingMessage, res: ServerResponse, options: SiteOptions): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://twin');
  const headers: EdgeHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name] = { value };
  const request: EdgeRequest = {
    method: req.method ?? 'GET',
    uri: url.pathname,
    querystring: edgeQueryString(url.search),
    headers,
  };

  // A response from the viewer-request function (a redirect, /config.json) goes out as it is:
  // CloudFront neither runs the viewer-response function on it nor compresses it.
  const mapped = options.viewerRequest({ request });
  if ('statusCode' in mapped) {
    const response = mapped as EdgeResponse;
    const body = response.body
      ? Buffer.from(response.body.data, response.body.encoding === 'base64' ? 'base64' : 'utf8')
      : null;
    return send(req, res, options.securityHeaders, response, body);
  }

  const file = await readSiteFile(options.distDir, mapped.uri);
  const origin: EdgeResponse = file
    ? {
        statusCode: 200,
        headers: {
          'content-type': { value: contentTypeOf(mapped.uri) },
          'cache-control': { value: cacheControlOf(mapped.uri) },
          // S3's ETag: the MD5 of the object.
          etag: { value: `"${createHash('md5').update(file).digest('hex')}"` },
        },
      }
    : { statusCode: 404, headers: { 'content-type': { value: 'text/plain; charset=utf-8' } } };
  const response = options.viewerResponse({ request: mapped, response: origin }) as EdgeResponse;
  if (response.statusCode === 200 && matchesETag(req.headers['if-none-match'], response.headers.etag?.value)) {
    const { 'content-type': _type, ...unchanged } = response.headers;
    return send(req, res, options.securityHeaders, { statusCode: 304, headers: unchanged }, null);
  }
  const body = file ?? Buffer.from('Not found');
  const encoding = file ? encodingFor(req.headers['accept-encoding'], response.headers['content-type']?.value) : null;
  if (encoding === null || body.length < minimumCompressedBytes) {
    return send(req, res, options.securityHeaders, response, body);
  }
  response.headers['content-encoding'] = { value: encoding };
  response.headers.vary = { value: 'Accept-Encoding' };
  return send(req, res, options.securityHeaders, response, await compressWith[encoding](body));
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  securityHeaders: Record<string, string>,
  response: EdgeResponse,
  body: Buffer | null,
): void {
  res.statusCode = response.statusCode;
  for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
  for (const [name, { value }] of Object.entries(response.headers)) res.setHeader(name, value);
  res.end(req.method === 'HEAD' ? undefined : (body ?? undefined));
}

/** The query string as CloudFront hands it to functions: values as sent (still percent-encoded). */
function edgeQueryString(search: string): EdgeQueryString {
  const querystring: EdgeQueryString = {};
  for (const pair of search.slice(1).split('&')) {
    if (pair === '') continue;
    const separator = pair.indexOf('=');
    const name = separator === -1 ? pair : pair.slice(0, separator);
    const value = separator === -1 ? '' : pair.slice(separator + 1);
    const existing = querystring[name];
    if (!existing) querystring[name] = { value };
    else existing.multiValue = [...(existing.multiValue ?? [{ value: existing.value }]), { value }];
  }
  return querystring;
}

/** Brotli when the viewer takes it, else gzip, as CloudFront chooses; null for types it leaves alone. */
function encodingFor(acceptEncoding: string | undefined, contentType: string | undefined): 'br' | 'gzip' | null {
  if (!contentType || !compressibleTypes.has(contentType.split(';')[0]?.trim() ?? '')) return null;
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => quality?.trim() !== 'q=0')
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : null;
}

function matchesETag(ifNoneMatch: string | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

function contentTypeOf(uri: string): string {
  return contentTypes[extname(uri)] ?? 'application/octet-stream';
}

async function readSiteFile(distDir: string, uri: string): Promise<Buffer | null> {
  try {
    const path = join(distDir, decodeURIComponent(uri));
    if (!isInside(distDir, path) || !(await stat(path)).isFile()) return null;
    return await readFile(path);
  } catch {
    return null;
  }
}

/**
 * Whether `path` lies inside the folder `root`. A prefix test on the strings would also take a
 * sibling folder whose name begins with the root's (web/dist-secret beside web/dist).
 */
function isInside(root: string, path: string): boolean {
  const fromRoot = relative(root, path);
  return fromRoot !== '' && fromRoot !== '..' && !fromRoot.startsWith(`..${sep}`) && !isAbsolute(fromRoot);
}
