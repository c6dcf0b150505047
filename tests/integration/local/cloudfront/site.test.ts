// The twin's site server over real HTTP, on a small built site made here (no `npm run build`):
// the same edge functions as CloudFront, plus what S3 and CloudFront add around them — each
// object's Cache-Control, compression of text, ETags — so the twin answers as the deployed site.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders, viewerRequestCode, viewerResponseCode } from '#lib/site/edge-functions.ts';
import { loadEdgeFunction, serveSite } from '#local/cloudfront/site.ts';
import { blogSlugs, pagePaths, paths } from '#shared/paths.ts';

const slug = blogSlugs[0];
// Above CloudFront's 1,000-byte floor for compression.
const page = (title: string) => `<!doctype html><title>${title}</title>${'<p>ReelFive makes ads.</p>'.repeat(60)}`;
const files: Record<string, string | Buffer> = {
  'index.html': page('Home'),
  'terms.html': page('Terms'),
  '404.html': page('Page not found'),
  [`blog/${slug}.html`]: page('Article'),
  'assets/index-3f2a1b.js': `export const copy = ${JSON.stringify('x'.repeat(2000))};`,
  'robots.txt': 'User-agent: *\nAllow: /\n',
  'icon-192.png': Buffer.alloc(4096, 7),
  '.build.json': '{"siteUrl":"https://reelfive.com","footageModel":null,"deliverySeconds":60}',
};

let distDir: string;
let server: Server;
let origin: string;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'reelfive-site-'));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(dirname(join(distDir, name)), { recursive: true });
    await writeFile(join(distDir, name), content);
  }
  const site = {
    distDir,
    viewerRequest: loadEdgeFunction(
      viewerRequestCode(pagePaths, {
        realtime: { endpoint: 'ws://127.0.0.1/event', region: 'us-east-1', apiKey: 'da2-x' },
      }),
    ),
    viewerResponse: loadEdgeFunction(viewerResponseCode()),
    securityHeaders: securityHeaders({ connect: [], media: [], images: [] }),
  };
  server = createServer((req, res) => void serveSite(req, res, site));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(distDir, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent, still compressed if they were. */
  body: Buffer;
}

/** A GET with exactly these headers and no decompression (fetch would add and undo both). */
function get(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    request(`${origin}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('cache lifetimes', () => {
  it('keeps a hashed asset for a year', async () => {
    const response = await get('/assets/index-3f2a1b.js');

    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('makes pages and root files revalidate on every use', async () => {
    for (const path of [paths.home, paths.terms, paths.blogPost(slug), '/robots.txt']) {
      const response = await get(path);

      expect(response.status, path).toBe(200);
      expect(response.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('answers a revalidation with 304 and no body while the page is unchanged', async () => {
    // Prepare
    const first = await get(paths.terms);
    const etag = String(first.headers.etag);

    // Act
    const again = await get(paths.terms, { 'if-none-match': etag });

    // Assess
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await get(paths.terms, { 'if-none-match': '"stale"' })).status).toBe(200);
  });
});

describe('compression', () => {
  it('gzips a page for a browser that accepts gzip', async () => {
    const response = await get(paths.terms, { 'accept-encoding': 'gzip, deflate' });

    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(response.body).toString()).toBe(files['terms.html']);
  });

  it('prefers Brotli when the browser takes it, for pages and scripts alike', async () => {
    const response = await get('/assets/index-3f2a1b.js', { 'accept-encoding': 'gzip, deflate, br' });

    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.body).toString()).toBe(files['assets/index-3f2a1b.js']);
  });

  it('sends the page as it is when the browser accepts no compression', async () => {
    const refusals: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'gzip;q=0' },
    ];
    for (const headers of refusals) {
      const response = await get(paths.terms, headers);

      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body.toString()).toBe(files['terms.html']);
    }
  });

  it('leaves images and small files uncompressed', async () => {
    const image = await get('/icon-192.png', { 'accept-encoding': 'br, gzip' });
    const robots = await get('/robots.txt', { 'accept-encoding': 'br, gzip' });

    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.length).toBe(4096);
    expect(robots.headers['content-encoding']).toBeUndefined();
  });
});

describe('one URL per page', () => {
  it('redirects a known page with a trailing slash, with 301, keeping the query string', async () => {
    const terms = await get('/terms/');
    const article = await get(`/blog/${slug}/?ref=newsletter&utm_source=a%20b`);

    expect(terms.status).toBe(301);
    expect(terms.headers.location).toBe('/terms');
    expect(article.status).toBe(301);
    expect(article.headers.location).toBe(`/blog/${slug}?ref=newsletter&utm_source=a%20b`);
  });

  it('answers an unknown path with status 404 and the 404 page', async () => {
    const response = await get('/no-such-page');

    expect(response.status).toBe(404);
    expect(response.body.toString()).toBe(files['404.html']);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('does not serve what the build was made for, which the deploy never uploads', async () => {
    const response = await get('/.build.json');

    expect(response.status).toBe(404);
    expect(response.body.toString()).toBe(files['404.html']);
  });
  it("does not serve a file from a sibling folder whose name begins with the site folder's", async () => {
    // Prepare
    const sibling = `${distDir}-secret`;
    await mkdir(sibling, { recursive: true });
    await writeFile(join(sibling, 'x.txt'), 'not part of the site');

    // Act
    // /assets/* goes to the origin as it is; decoded, the path leaves the site folder for its sibling.
    const response = await get(`/assets/..%2F..%2F${basename(sibling)}%2Fx.txt`).finally(() =>
      rm(sibling, { recursive: true, force: true }),
    );

    // Assess
    expect(response.status).toBe(404);
    expect(response.body.toString()).not.toContain('not part of the site');
  });
});
