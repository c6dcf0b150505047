// The sites npm start lets the twin read on this machine (local/cli/local-sites.ts): the user's own,
// named in REELFIVE_LOCAL_SITES, read at the address a buyer types while served on another port.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fetchPublicPage, setTestSiteHosts } from '#generation/website/fetch-public-page.ts';
import { mergeSiteHosts, parseLocalSites } from '#local/cli/local-sites.ts';

describe('REELFIVE_LOCAL_SITES', () => {
  it('maps each name to 127.0.0.1 and the port named', () => {
    expect(parseLocalSites('myshop.test=8080, Other.example=3001')).toEqual({
      addresses: { 'myshop.test': '127.0.0.1', 'other.example': '127.0.0.1' },
      allowPrivate: ['myshop.test', 'other.example'],
      ports: { 'myshop.test': 8080, 'other.example': 3001 },
    });
    expect(parseLocalSites(undefined)).toEqual({ addresses: {}, allowPrivate: [], ports: {} });
  });

  it.each([
    ['myshop.test', 'is not name=port'],
    ['myshop.test=0', 'is not name=port'],
    ['myshop.test=70000', 'is not name=port'],
    ['localhost=8080', 'not a name the order form accepts'],
    ['127.0.0.1=8080', 'not a name the order form accepts'],
    ['shop.local=8080', 'not a name the order form accepts'],
  ])('refuses %s: %s', (value, problem) => {
    expect(() => parseLocalSites(value)).toThrow(problem);
  });

  it('merges with the demo shops, the later naming a host winning', () => {
    const merged = mergeSiteHosts(
      { addresses: { 'a.test': '127.0.0.1' }, allowPrivate: ['a.test'], ports: { 'a.test': 1 } },
      {
        addresses: { 'a.test': '127.0.0.1', 'b.test': '127.0.0.1' },
        allowPrivate: ['a.test', 'b.test'],
        ports: { 'a.test': 2 },
      },
    );
    expect(merged).toEqual({
      addresses: { 'a.test': '127.0.0.1', 'b.test': '127.0.0.1' },
      allowPrivate: ['a.test', 'b.test'],
      ports: { 'a.test': 2 },
    });
  });
});

describe('a named site served on another port', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<html><title>My Shop</title><p>host ${request.headers.host}</p></html>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => setTestSiteHosts(null));

  it('is read at http://<name>/, as the buyer types it', async () => {
    setTestSiteHosts(parseLocalSites(`myshop.test=${port}`));

    const page = await fetchPublicPage('http://myshop.test/');

    expect(page).toMatchObject({ finalUrl: 'http://myshop.test/' });
    expect('html' in page && page.html).toContain('My Shop');
  });

  it('is refused when not named: the guard stays on for every other private address', async () => {
    setTestSiteHosts(parseLocalSites('othershop.test=1'));

    const page = await fetchPublicPage(`http://127.0.0.1:${port}/`);

    expect(page).toHaveProperty('failure');
  });
});
