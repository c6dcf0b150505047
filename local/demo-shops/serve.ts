// Serves the demo shops (shops.ts) on 127.0.0.1 under their own host names, for the ad bench, the
// tests and npm start: map the names with `demoShopHosts` (TwinOptions.testSiteHosts), or with the
// server's `siteHosts` to read them at the address a buyer types (http://emberoakcoffee.test/).
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestSiteHosts } from '#generation/website/fetch-public-page.ts';
import { type DemoShop, type DemoShopSlug, demoShop, demoShops } from './shops.ts';

const shopsDir = fileURLToPath(new URL('.', import.meta.url));

/** Every demo shop's name resolves to 127.0.0.1 and may be fetched there. */
export const demoShopHosts: TestSiteHosts = {
  addresses: Object.fromEntries(demoShops.map((shop) => [shop.host, '127.0.0.1'])),
  allowPrivate: demoShops.map((shop) => shop.host),
};

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
};

export interface DemoShopServer {
  /** `http://<host>:<port>/`, the address a buyer would type (with the random port). */
  url(shop: DemoShopSlug): string;
  /**
   * The names mapped to this server with its port behind the scheme's own: with these as the twin's
   * site hosts, `demoShopUrl(slug)` reads the shop (what npm start does).
   */
  siteHosts: TestSiteHosts;
  close(): Promise<void>;
}

/** A demo shop's address as a buyer types it, on the twin that serves it (`DemoShopServer.siteHosts`). */
export const demoShopUrl = (shop: DemoShop) => `http://${shop.host}/`;

export async function serveDemoShops(): Promise<DemoShopServer> {
  const server = createServer((request, response) => {
    answer(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (slug) => `http://${demoShop(slug).host}:${port}/`,
    siteHosts: { ...demoShopHosts, ports: Object.fromEntries(demoShops.map((shop) => [shop.host, port])) },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
  const shop: DemoShop | undefined = demoShops.find((candidate) => candidate.host === host);
  const path = new URL(request.url ?? '/', 'http://shop').pathname;
  if (!shop || (request.method !== 'GET' && request.method !== 'HEAD'))
    return send(response, 404, 'text/plain', 'Not found');
  if (shop.answers === 'unavailable') {
    return send(response, 503, contentTypes['.html']!, await readFile(join(shopsDir, shop.slug, 'index.html')));
  }
  const file = shop.answers === 'not-html' && path === '/' ? 'price-list.pdf' : path === '/' ? 'index.html' : path;
  // Only files inside the shop's own folder.
  const full = normalize(join(shopsDir, shop.slug, file));
  if (!full.startsWith(join(shopsDir, shop.slug) + sep)) return send(response, 404, 'text/plain', 'Not found');
  const body = await readFile(full).catch(() => null);
  if (!body) return send(response, 404, 'text/plain', 'Not found');
  return send(
    response,
    200,
    contentTypes[extname(full)] ?? 'application/octet-stream',
    body,
    request.method === 'HEAD',
  );
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer, headOnly = false): void {
  response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  response.end(headOnly ? undefined : body);
}
