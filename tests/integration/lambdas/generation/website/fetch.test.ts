// fetchPublicPage against real HTTP servers on 127.0.0.1: the only way to prove what it connects
// to, what it refuses, and when it gives up.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchPublicPage } from '#generation/website/fetch-public-page.ts';

const loopbackForTests = { allowPrivateHostsForTests: ['127.0.0.1'] } as const;
const page = '<html><head><title>Acme</title></head><body><h1>Hello</h1></body></html>';

interface TestSite {
  origin: string;
  port: number;
  requests: IncomingMessage[];
}

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function startSite(respond: (request: IncomingMessage, response: ServerResponse) => void): Promise<TestSite> {
  const requests: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    requests.push(request);
    respond(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, port, requests };
}

function sendHtml(response: ServerResponse, body: string | Buffer = page, contentType = 'text/html; charset=utf-8') {
  response.writeHead(200, { 'content-type': contentType }).end(body);
}

function redirect(response: ServerResponse, location: string) {
  response.writeHead(302, { location }).end();
}

describe('fetching a public page', () => {
  it('returns the HTML and the URL it came from', async () => {
    // Prepare
    const site = await startSite((_request, response) => sendHtml(response));

    // Act
    const result = await fetchPublicPage(`${site.origin}/`, loopbackForTests);

    // Assess
    expect(result).toEqual({ finalUrl: `${site.origin}/`, html: page });
  });

  it('decodes a latin1 page as the Content-Type says', async () => {
    const site = await startSite((_request, response) =>
      sendHtml(response, Buffer.from('<h1>Caf\u00e9 Cr\u00e8me</h1>', 'latin1'), 'text/html; charset=ISO-8859-1'),
    );

    const result = await fetchPublicPage(`${site.origin}/`, loopbackForTests);

    expect(result).toMatchObject({ html: '<h1>Café Crème</h1>' });
  });

  it('decodes a gzip-compressed page', async () => {
    const site = await startSite((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(page));
    });

    const result = await fetchPublicPage(`${site.origin}/`, loopbackForTests);

    expect(result).toMatchObject({ html: page });
  });

  it('connects to the vetted address while sending the site name as Host', async () => {
    // Prepare: a name only the test resolver knows, so a second, real DNS lookup would fail.
    const site = await startSite((_request, response) => sendHtml(response));
    const resolveHost = async () => [{ address: '127.0.0.1', family: 4 }];

    // Act
    const result = await fetchPublicPage(`http://shop.acme.example:${site.port}/`, {
      allowPrivateHostsForTests: ['shop.acme.example'],
      resolveHost,
    });

    // Assess
    expect(result).toMatchObject({ html: page });
    expect(site.requests[0]?.headers.host).toBe(`shop.acme.example:${site.port}`);
  });
});

describe('following redirects', () => {
  it('follows a chain of 3 relative redirects to the final page', async () => {
    const site = await startSite((request, response) => {
      const hop = Number(request.url?.slice(1) || 0);
      if (hop < 3) redirect(response, `/${hop + 1}`);
      else sendHtml(response);
    });

    const result = await fetchPublicPage(`${site.origin}/`, loopbackForTests);

    expect(result).toEqual({ finalUrl: `${site.origin}/3`, html: page });
  });

  it('refuses a 4th redirect without requesting it', async () => {
    const site = await startSite((request, response) => redirect(response, `${request.url}x`));

    const result = await fetchPublicPage(`${site.origin}/`, loopbackForTests);

    expect(result).toEqual({ failure: 'more than 3 redirects' });
    expect(site.requests).toHaveLength(4);
  });

  it('refuses a redirect to a private address without connecting to it', async () => {
    const site = await startSite((_request, response) => redirect(response, 'http://10.0.0.1/admin'));
    const started = Date.now();

    const result = await fetchPublicPage(`${site.origin}/`, loopbackForTests);

    expect(result).toEqual({ failure: '10.0.0.1 is not a public host' });
    // A connection attempt to an unroutable address would hang until the 8 s deadline; half of
    // it leaves room for a saturated machine.
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('refuses a redirect to a name that resolves to an internal address, before connecting', async () => {
    // Prepare: a public-looking name on the web's port that resolves to loopback.
    const site = await startSite((_request, response) => redirect(response, 'http://rebind.example/'));
    const resolveHost = async () => [{ address: '127.0.0.1', family: 4 }];

    // Act
    const result = await fetchPublicPage(`${site.origin}/`, { ...loopbackForTests, resolveHost });

    // Assess
    expect(result).toEqual({ failure: 'rebind.example resolves to a non-public address' });
    expect(site.requests).toHaveLength(1);
  });

  it.each([
    ['http://shop.example:6379/', '6379'],
    ['https://shop.example:8443/', '8443'],
    ['http://shop.example:443/', '443'],
  ])('refuses a redirect to another port (%s) before resolving the name or connecting', async (location, port) => {
    // Prepare: were the name resolved, it would lead back to this server.
    const site = await startSite((_request, response) => redirect(response, location));
    const resolved: string[] = [];
    const resolveHost = async (host: string) => {
      resolved.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    };

    // Act
    const result = await fetchPublicPage(`${site.origin}/`, { ...loopbackForTests, resolveHost });

    // Assess
    expect(result).toEqual({ failure: `port ${port} is not a website's (80 or 443)` });
    expect(resolved).toEqual([]);
    expect(site.requests).toHaveLength(1);
  });

  it.each(['ftp://files.example.com/', 'javascript:alert(1)'])('refuses a redirect to %s', async (location) => {
    const site = await startSite((_request, response) => redirect(response, location));

    const result = await fetchPublicPage(`${site.origin}/`, loopbackForTests);

    expect(result).toMatchObject({ failure: expect.stringMatching(/URLs are refused$/) });
  });
});

describe('what is refused', () => {
  it.each([
    ['ftp://example.com/', 'ftp: URLs are refused'],
    ['javascript:alert(1)', 'javascript: URLs are refused'],
    ['file:///etc/passwd', 'file: URLs are refused'],
    ['not a url', 'not a valid URL'],
    ['http://127.0.0.1/', '127.0.0.1 is not a public host'],
    ['http://10.0.0.8/', '10.0.0.8 is not a public host'],
    ['http://192.168.1.1/', '192.168.1.1 is not a public host'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is not a public host'],
    ['http://[::1]/', '::1 is not a public host'],
    ['http://[::ffff:a9fe:a9fe]/', '::ffff:a9fe:a9fe is not a public host'],
  ])('refuses %s', async (url, failure) => {
    expect(await fetchPublicPage(url)).toEqual({ failure });
  });

  it('refuses loopback when it is not allow-listed, without connecting', async () => {
    const site = await startSite((_request, response) => sendHtml(response));

    const result = await fetchPublicPage(`${site.origin}/`);

    expect(result).toEqual({ failure: '127.0.0.1 is not a public host' });
    expect(site.requests).toHaveLength(0);
  });

  it('refuses localhost even though it resolves', async () => {
    const site = await startSite((_request, response) => sendHtml(response));

    const result = await fetchPublicPage(`http://localhost:${site.port}/`);

    expect(result).toEqual({ failure: 'localhost is not a public host' });
    expect(site.requests).toHaveLength(0);
  });

  it('refuses a public-looking name when any of its addresses is internal', async () => {
    const resolveHost = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];

    const result = await fetchPublicPage('https://shop.acme.example/', { resolveHost });

    expect(result).toEqual({ failure: 'shop.acme.example resolves to a non-public address' });
  });

  it('refuses a page that is not HTML', async () => {
    const site = await startSite((_request, response) => sendHtml(response, '{"a":1}', 'application/json'));

    const result = await fetchPublicPage(`${site.origin}/`, loopbackForTests);

    expect(result).toEqual({ failure: 'not an HTML page (application/json)' });
  });

  it('refuses an error status', async () => {
    const site = await startSite((_request, response) => response.writeHead(404).end('gone'));

    const result = await fetchPublicPage(`${site.origin}/`, loopbackForTests);

    expect(result).toEqual({ failure: 'HTTP 404' });
  });

  it('stops reading a body larger than 2 MB that declares no length', async () => {
    // Prepare: chunked, so only counting the bytes can catch it.
    const site = await startSite((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(256 * 1024, 'a');
      for (let sent = 0; sent <= 2 * 1024 * 1024; sent += chunk.length) response.write(chunk);
      response.end();
    });

    // Act
    const result = await fetchPublicPage(`${site.origin}/`, loopbackForTests);

    // Assess
    expect(result).toEqual({ failure: 'page larger than 2097152 bytes' });
  });

  it('refuses a declared length over 2 MB before reading the body', async () => {
    const site = await startSite((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': 3 * 1024 * 1024 });
      response.write('<html>');
    });

    const result = await fetchPublicPage(`${site.origin}/`, loopbackForTests);

    expect(result).toEqual({ failure: 'page larger than 2097152 bytes' });
  });

  it('gives up on a server slower than the time limit', async () => {
    // Prepare: headers arrive, the body never ends.
    const site = await startSite((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html>');
    });
    const started = Date.now();

    // Act
    const result = await fetchPublicPage(`${site.origin}/`, { ...loopbackForTests, timeoutMs: 300 });

    // Assess
    expect(result).toEqual({ failure: 'timed out after 300 ms' });
    // The body never ends: only the deadline can have stopped it (generous for a busy machine).
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('counts the time limit across redirects, not per request', async () => {
    const site = await startSite((request, response) => {
      setTimeout(() => redirect(response, `${request.url}x`), 150);
    });

    const result = await fetchPublicPage(`${site.origin}/`, { ...loopbackForTests, timeoutMs: 400 });

    expect(result).toEqual({ failure: 'timed out after 400 ms' });
  });
});
