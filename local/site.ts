// The twin's CloudFront for pages: the built site from web/dist, through the SAME viewer-request
// and viewer-response functions CloudFront runs, so clean URLs and 404s behave as deployed.
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';

interface EdgeHeaders {
  [name: string]: { value: string };
}
interface EdgeRequest {
  method: string;
  uri: string;
  querystring: Record<string, { value: string }>;
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
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
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
  const querystring: Record<string, { value: string }> = {};
  for (const [name, value] of url.searchParams) querystring[name] = { value };
  const headers: EdgeHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name] = { value };
  const request: EdgeRequest = { method: req.method ?? 'GET', uri: url.pathname, querystring, headers };

  const mapped = options.viewerRequest({ request });
  let response: EdgeResponse;
  let body: Buffer | null = null;
  if ('statusCode' in mapped) {
    response = mapped as EdgeResponse;
    if (response.body) body = Buffer.from(response.body.data, response.body.encoding === 'base64' ? 'base64' : 'utf8');
  } else {
    const file = await readSiteFile(options.distDir, mapped.uri);
    body = file;
    response = file
      ? { statusCode: 200, headers: { 'content-type': { value: contentTypeOf(mapped.uri) } } }
      : { statusCode: 404, headers: { 'content-type': { value: 'text/plain; charset=utf-8' } } };
    body ??= Buffer.from('Not found');
    response = options.viewerResponse({ request: mapped, response }) as EdgeResponse;
    if (mapped.uri.startsWith('/assets/') && file) {
      response.headers['cache-control'] = { value: 'public, max-age=31536000, immutable' };
    }
  }
  res.statusCode = response.statusCode;
  for (const [name, value] of Object.entries(options.securityHeaders)) res.setHeader(name, value);
  for (const [name, { value }] of Object.entries(response.headers)) res.setHeader(name, value);
  res.end(req.method === 'HEAD' ? undefined : (body ?? undefined));
}

function contentTypeOf(uri: string): string {
  return contentTypes[extname(uri)] ?? 'application/octet-stream';
}

async function readSiteFile(distDir: string, uri: string): Promise<Buffer | null> {
  const path = normalize(join(distDir, decodeURIComponent(uri)));
  if (!path.startsWith(normalize(distDir))) return null;
  try {
    if (!(await stat(path)).isFile()) return null;
    return await readFile(path);
  } catch {
    return null;
  }
}
