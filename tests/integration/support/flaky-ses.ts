// SES that fails on demand: a pass-through to the twin's outbox that answers the next `failures`
// sends with a 503, as SES does when it is unavailable. Call after twinForSuite, before the file's
// first email: the mailer's SES client reads AWS_ENDPOINT_URL_SESV2 once, when it is created.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { Twin } from '#local/twin.ts';

export interface FlakySes {
  /** How many of the next sends fail. */
  failures: number;
  /** Sends received, failed ones included. */
  requests: number;
}

export function flakySesForSuite(twin: { current: Twin }): FlakySes {
  const flaky: FlakySes = { failures: 0, requests: 0 };
  let server: Server | undefined;
  beforeAll(async () => {
    const outbox = twin.current.endpoints.ses;
    server = createServer(async (req, res) => {
      flaky.requests += 1;
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      if (flaky.failures > 0) {
        flaky.failures -= 1;
        res.writeHead(503, { 'content-type': 'application/json', 'x-amzn-errortype': 'ServiceUnavailable' });
        res.end(JSON.stringify({ message: 'Service unavailable' }));
        return;
      }
      const answer = await fetch(`${outbox}${req.url}`, {
        method: req.method ?? 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
        body: Buffer.concat(chunks),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(await answer.text());
    });
    const listening = server;
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    process.env.AWS_ENDPOINT_URL_SESV2 = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });
  return flaky;
}
