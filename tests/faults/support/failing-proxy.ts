// A dependency that fails on demand: a pass-through HTTP proxy in front of one of the twin's
// emulators (s3rver, the local Stripe) that answers the requests a rule picks with the error the
// real service sends when it is unavailable. Handlers create their SDK clients once, on first use,
// from the AWS_ENDPOINT_URL_* / STRIPE_API_BASE variable: call after twinForSuite, before the
// file's first order, so every client of the file goes through the proxy.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { Twin } from '#local/twin.ts';

export interface FailingProxy {
  /**
   * What to do with this request: `fail` answers the error without passing it on, `lose` passes it
   * on and answers the error instead of the service's answer (done, but the caller never hears);
   * null or false lets it through.
   */
  failWhen: ((req: IncomingMessage) => 'fail' | 'lose' | false) | null;
  /** The requests failed so far. */
  failed: string[];
  /** Which requests to keep, whole, in `recorded` (null: none; an S3 proxy sees whole videos). */
  recordWhen: ((req: IncomingMessage) => boolean) | null;
  /** The requests `recordWhen` picked, oldest first. */
  recorded: RecordedRequest[];
}

/** A request as its client sent it, and the service's answer as the service gave it. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Absent when `fail` answered in the service's place; present when `lose` kept it from the client. */
  answer?: { status: number; headers: IncomingHttpHeaders; body: string };
}

export interface FailingService {
  /** The twin's emulator endpoint behind the proxy. */
  target: (twin: Twin) => string;
  /** The variable the handlers' client reads its endpoint from. */
  envName: string;
  /** The real service's answer when it is unavailable. */
  failure: { status: number; headers: Record<string, string>; body: string };
}

export const failingS3: FailingService = {
  target: (twin) => twin.endpoints.s3,
  envName: 'AWS_ENDPOINT_URL_S3',
  failure: {
    status: 503,
    headers: { 'content-type': 'application/xml' },
    body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>ServiceUnavailable</Code><Message>Reduce your request rate.</Message></Error>',
  },
};

export const failingStripe: FailingService = {
  target: (twin) => twin.endpoints.stripe ?? '',
  envName: 'STRIPE_API_BASE',
  failure: {
    status: 500,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }),
  },
};

export function failingProxyForSuite(twin: { current: Twin }, service: FailingService): FailingProxy {
  const proxy: FailingProxy = { failWhen: null, failed: [], recordWhen: null, recorded: [] };
  let server: Server | undefined;
  beforeAll(async () => {
    const target = new URL(service.target(twin.current));
    server = createServer((req, res) => {
      const fault = proxy.failWhen?.(req) ?? false;
      const record = proxy.recordWhen?.(req) ? recordOf(req) : undefined;
      if (record) proxy.recorded.push(record);
      const sendFailure = () => {
        proxy.failed.push(`${fault} ${req.method} ${req.url}`);
        res.writeHead(service.failure.status, service.failure.headers);
        res.end(service.failure.body);
      };
      if (fault === 'fail') {
        req.resume();
        sendFailure();
        return;
      }
      const upstream = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          if (record) recordAnswer(record, answer);
          if (fault === 'lose') {
            answer.resume();
            answer.on('end', sendFailure);
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    const listening = server;
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    process.env[service.envName] = url;
    twin.current.env[service.envName] = url;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });
  return proxy;
}

function recordOf(req: IncomingMessage): RecordedRequest {
  const record: RecordedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: '' };
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    record.body = Buffer.concat(chunks).toString('utf8');
  });
  return record;
}

function recordAnswer(record: RecordedRequest, answer: IncomingMessage): void {
  const chunks: Buffer[] = [];
  answer.on('data', (chunk: Buffer) => chunks.push(chunk));
  answer.on('end', () => {
    record.answer = {
      status: answer.statusCode ?? 0,
      headers: answer.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
  });
}
