// The site fetch guard against the address forms an attacker would try: IPv6 forms that carry an internal IPv4
// and numeric IPv4 hosts, whether typed as the URL, answered by DNS, or reached by a redirect.
// A real server on 127.0.0.1 serves the first hop; nothing may reach the second.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchPublicPage } from '#generation/website/fetch-public-page.ts';

const loopbackForTests = { allowPrivateHostsForTests: ['127.0.0.1'] } as const;
const loopbackInIpv6 = ['::127.0.0.1', '::ffff:0:7f00:1', '64:ff9b::7f00:1', '2002:7f00:1::', '::ffff:7f00:1'];

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A site whose every page redirects to `location(port)`; counts the requests it gets. */
async function redirectingSite(
  location: (port: number) => string,
): Promise<{ origin: string; requests: () => number }> {
  let requests = 0;
  const server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(302, { location: location(port) }).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, requests: () => requests };
}

describe('the site fetch guard', () => {
  it.each([
    'http://[::127.0.0.1]/',
    'http://[::ffff:0:127.0.0.1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[2002:7f00:1::]/',
  ])('refuses %s as typed', async (url) => {
    // Act
    const result = await fetchPublicPage(url);

    // Assess
    expect(result).toMatchObject({ failure: expect.stringMatching(/ is not a public host$/) });
  });

  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://017700000001/', '127.0.0.1'],
  ])('refuses %s, which URL parsing makes %s', async (url, host) => {
    expect(await fetchPublicPage(url)).toEqual({ failure: `${host} is not a public host` });
  });

  it.each(loopbackInIpv6)('refuses a name that resolves to %s', async (address) => {
    // Prepare
    const resolveHost = async () => [
      { address: '93.184.216.34', family: 4 },
      { address, family: 6 },
    ];

    // Act
    const result = await fetchPublicPage('https://shop.acme.example/', { resolveHost });

    // Assess
    expect(result).toEqual({ failure: 'shop.acme.example resolves to a non-public address' });
  });

  it.each(loopbackInIpv6)('refuses a redirect to [%s] without following it', async (address) => {
    // Prepare
    const site = await redirectingSite((port) => `http://[${address}]:${port}/`);

    // Act
    const result = await fetchPublicPage(`${site.origin}/`, loopbackForTests);

    // Assess
    expect(result).toMatchObject({ failure: expect.stringMatching(/ is not a public host$/) });
    expect(site.requests()).toBe(1);
  });

  it('refuses a redirect to a decimal IPv4 host without following it', async () => {
    // 167772161 is 10.0.0.1 (127.0.0.1 itself is what this test lets through for the first hop).
    const site = await redirectingSite((port) => `http://167772161:${port}/`);

    const result = await fetchPublicPage(`${site.origin}/`, loopbackForTests);

    expect(result).toEqual({ failure: '10.0.0.1 is not a public host' });
    expect(site.requests()).toBe(1);
  });

  it('refuses a redirect to a name that resolves to a NAT64 form of loopback, before connecting', async () => {
    // Prepare: the first hop's name is allowed; the second resolves only through the test resolver.
    const site = await redirectingSite(() => 'http://rebind.example/');
    const resolveHost = async () => [{ address: '64:ff9b::7f00:1', family: 6 }];

    // Act
    const result = await fetchPublicPage(`${site.origin}/`, { ...loopbackForTests, resolveHost });

    // Assess
    expect(result).toEqual({ failure: 'rebind.example resolves to a non-public address' });
    expect(site.requests()).toBe(1);
  });
});
