// The corpus served on 127.0.0.1, one page per host (the Host header picks it), for the twin's
// paid-path test: TwinOptions.testSiteHosts maps every corpus host to this server.
import { createServer } from 'node:http';
import type { TestSiteHosts } from '#generation/website/fetch-public-page.ts';
import { listen } from '#local/support/http.ts';
import { corpus } from './corpus.ts';

export const corpusSiteHosts: TestSiteHosts = {
  addresses: Object.fromEntries(corpus.map((page) => [page.host, '127.0.0.1'])),
  allowPrivate: corpus.map((page) => page.host),
};

export interface CorpusSite {
  url(host: string): string;
  stop(): Promise<void>;
}

export async function startCorpusSite(): Promise<CorpusSite> {
  const server = createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const page = corpus.find((entry) => entry.host === host);
    if (!page || (req.url ?? '/') !== '/') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page.html);
  });
  const listening = await listen(server);
  return { url: (host) => `http://${host}:${listening.port}/`, stop: listening.close };
}
