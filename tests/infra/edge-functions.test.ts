// The edge code runs here exactly as the twin runs it (`new Function` over the same source).
import { describe, expect, it } from 'vitest';
import {
  cacheControlOf,
  rootFiles,
  securityHeaders,
  viewerRequestCode,
  viewerResponseCode,
} from '#lib/site/edge-functions.ts';
import { orderChannelHandlerCode } from '#shared/order-channel.ts';
import { blogSlugs, pageFile, pagePaths, paths } from '#shared/paths.ts';
import { type RuntimeConfig, runtimeConfigPath, runtimeConfigSchema } from '#shared/runtime-config.ts';

interface EdgeRequest {
  method: string;
  uri: string;
  querystring: Record<string, { value: string; multiValue?: { value: string }[] }>;
  headers: Record<string, { value: string }>;
}
interface EdgeResponse {
  statusCode: number;
  statusDescription?: string;
  headers: Record<string, { value: string }>;
}

function load<T>(source: string): T {
  return new Function(`${source}\nreturn handler;`)() as T;
}
const runtimeConfig: RuntimeConfig = {
  realtime: {
    endpoint: 'https://abcdefghijklmnopqrstuvwxyz.appsync-api.eu-west-1.amazonaws.com/event',
    region: 'eu-west-1',
    apiKey: 'da2-abcdefghijklmnopqrstuvwxyz',
  },
};
const viewerRequestSource = viewerRequestCode(pagePaths, runtimeConfig);
const viewerRequest = load<(event: { request: EdgeRequest }) => EdgeRequest>(viewerRequestSource);
const viewerResponse = load<(event: { request: EdgeRequest; response: EdgeResponse }) => EdgeResponse>(
  viewerResponseCode(),
);
const request = (uri: string): EdgeRequest => ({ method: 'GET', uri, querystring: {}, headers: {} });
const mappedUri = (uri: string) => viewerRequest({ request: request(uri) }).uri;

describe('viewer-request function', () => {
  it('maps each known page to its prerendered object', () => {
    expect(mappedUri(paths.home)).toBe('/index.html');
    expect(mappedUri(paths.terms)).toBe('/terms.html');
    expect(mappedUri(paths.success)).toBe('/success.html');
    expect(mappedUri(paths.notFound)).toBe('/404.html');
    expect(mappedUri(paths.blog)).toBe('/blog.html');
    for (const slug of blogSlugs) expect(mappedUri(paths.blogPost(slug))).toBe(`/blog/${slug}.html`);
  });

  it('redirects a known page asked for with a trailing slash to its one URL', () => {
    for (const path of [paths.terms, paths.blog, ...blogSlugs.map((slug) => paths.blogPost(slug))]) {
      const response = viewerRequest({ request: request(`${path}/`) }) as unknown as EdgeResponse;

      expect(response.statusCode, path).toBe(301);
      expect(response.headers.location?.value, path).toBe(path);
    }
  });

  it('keeps the query string, as sent, when it redirects', () => {
    const original = {
      ...request('/success/'),
      querystring: {
        order_id: { value: 'a%20b' },
        tag: { value: 'y', multiValue: [{ value: 'x' }, { value: 'y' }] },
        flag: { value: '' },
      },
    };

    const response = viewerRequest({ request: original }) as unknown as EdgeResponse;

    expect(response.headers.location?.value).toBe('/success?order_id=a%20b&tag=x&tag=y&flag');
  });

  it('serves / itself and sends unknown paths with a trailing slash to the 404 page', () => {
    expect(mappedUri('/')).toBe('/index.html');
    expect(mappedUri('/pricing/')).toBe('/404.html');
    expect(mappedUri('/blog/not-an-article/')).toBe('/404.html');
    expect(mappedUri('/terms//')).toBe('/404.html');
  });

  it('rewrites unknown paths, unknown slugs and raw object names to the 404 page', () => {
    for (const uri of ['/pricing', '/blog/not-an-article', '/blog.html', '/terms.html', '/index.html', '/api']) {
      expect(mappedUri(uri)).toBe('/404.html');
    }
  });

  it('passes assets and every root file through unchanged', () => {
    expect(mappedUri('/assets/index-3f2a1b.js')).toBe('/assets/index-3f2a1b.js');
    // That the list matches what the build writes is checked against web/dist (tests/integration/web/src/prerender/site-prerender.test.ts).
    expect(rootFiles.length).toBeGreaterThan(0);
    for (const file of rootFiles) expect(mappedUri(file)).toBe(file);
  });

  it('keeps the query string and headers of the request', () => {
    const original = { ...request('/success'), querystring: { order_id: { value: 'abc' } } };

    const mapped = viewerRequest({ request: original });

    expect(mapped.querystring).toEqual({ order_id: { value: 'abc' } });
  });

  it('answers /config.json itself with the runtime config, never cached', () => {
    const response = viewerRequest({ request: request(runtimeConfigPath) }) as unknown as EdgeResponse & {
      body: { encoding: string; data: string };
    };

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']?.value).toBe('application/json');
    expect(response.headers['cache-control']?.value).toBe('no-cache');
    expect(response.body.encoding).toBe('text');
    expect(runtimeConfigSchema.parse(JSON.parse(response.body.data))).toEqual(runtimeConfig);
  });

  it('fits CloudFront Functions’ 10 KB code limit with every page of the site', () => {
    expect(pagePaths).toContain(paths.blog);
    expect(Buffer.byteLength(viewerRequestSource)).toBeLessThan(10 * 1024);
  });
});

describe('viewer-response function', () => {
  const ok = (): EdgeResponse => ({ statusCode: 200, statusDescription: 'OK', headers: {} });

  it('answers 404 when the request was rewritten to the 404 page', () => {
    const response = viewerResponse({ request: request('/404.html'), response: ok() });

    expect(response.statusCode).toBe(404);
    expect(response.statusDescription).toBe('Not Found');
  });

  it('leaves every other response as it is', () => {
    expect(viewerResponse({ request: request('/index.html'), response: ok() }).statusCode).toBe(200);
  });
});

describe('cache lifetimes', () => {
  it('keeps hashed assets for a year and revalidates pages, root files and the 404 page', () => {
    expect(cacheControlOf('/assets/index-3f2a1b.js')).toBe('public, max-age=31536000, immutable');
    for (const object of [...pagePaths.map(pageFile), ...rootFiles]) expect(cacheControlOf(object)).toBe('no-cache');
  });
});

describe('security headers', () => {
  const headers = securityHeaders({
    connect: ['https://api.example', 'wss://realtime.example', 'https://images.example'],
    media: ['https://videos.example'],
    images: ['https://images.example'],
  });

  it('lets the pages reach AppSync and the buckets, and nothing else', () => {
    const csp = headers['content-security-policy'] ?? '';

    expect(csp).toContain("connect-src 'self' https://api.example wss://realtime.example https://images.example");
    expect(csp).toContain("media-src 'self' blob: https://videos.example");
    expect(csp).toContain('img-src ');
    expect(csp).toMatch(/img-src [^;]*https:\/\/images\.example[^;]*https:\/\/videos\.example/);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
  });

  it('sets HSTS, nosniff, no framing and a referrer policy', () => {
    expect(headers).toMatchObject({
      'strict-transport-security': 'max-age=63072000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
  });
});

describe('orders channel onSubscribe handler', () => {
  class Unauthorized extends Error {}
  const util = {
    unauthorized: () => {
      throw new Unauthorized();
    },
  };
  // The APPSYNC_JS module as a plain function: its one import is the `util` stub.
  const onSubscribe = new Function(
    'util',
    `${orderChannelHandlerCode.replace(/^import .*$/m, '').replace('export function', 'function')}\nreturn onSubscribe;`,
  )(util) as (ctx: unknown) => void;
  const subscribe = (path: string) => () =>
    onSubscribe({ info: { channel: { path, segments: path.split('/').filter(Boolean) } } });
  const orderId = '3f1c2b4a-9d8e-4f7a-b6c5-1a2b3c4d5e6f';

  it('lets a buyer follow one order channel', () => {
    expect(subscribe(`/orders/${orderId}`)).not.toThrow();
  });

  it('rejects wildcards, other namespaces, deeper paths and ids that are not UUIDs', () => {
    for (const path of [
      '/orders/*',
      '/orders/3f1c2b4a-*',
      `/other/${orderId}`,
      `/orders/${orderId}/extra`,
      '/orders/not-a-uuid',
      `/orders/${orderId.toUpperCase()}`,
      '/orders',
    ]) {
      expect(subscribe(path), path).toThrow(Unauthorized);
    }
  });

  it('uses only what the APPSYNC_JS runtime supports', () => {
    expect(orderChannelHandlerCode).not.toMatch(
      /\+\+|--|\btry\b|\bthrow\b|\bwhile\b|\bcontinue\b|RegExp|\.test\(|\bin\b /,
    );
  });
});
