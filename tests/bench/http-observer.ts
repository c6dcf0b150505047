// Every HTTP request the twin's in-process servers answer (API, S3, SES outbox, Lambda invoke,
// Events, Stripe), seen through Node's diagnostics channels: what the cost group counts and times
// without a hook in the twin. Timestamps are performance.now() milliseconds.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface ObservedRequest {
  /** The port of the server that answered. */
  port: number;
  method: string;
  /** Path and query as sent. */
  url: string;
  userAgent: string;
  /** The body's length as declared (S3's decoded length for aws-chunked uploads), 0 when absent. */
  bodyBytes: number;
  startedAt: number;
  /** When the response was finished; undefined while it is still being answered. */
  finishedAt?: number;
  status?: number;
}

export interface HttpObserver {
  /** Requests that started between `from` and `to` (performance.now() ms), on one port. */
  requests(port: number, from: number, to: number): ObservedRequest[];
  stop(): void;
}

interface ServerMessage {
  request: IncomingMessage;
  response: ServerResponse;
  server: Server;
}

export function observeHttpServers(): HttpObserver {
  const observed: ObservedRequest[] = [];
  const byRequest = new WeakMap<IncomingMessage, ObservedRequest>();
  const onStart = (message: unknown) => {
    const { request, server } = message as ServerMessage;
    const entry: ObservedRequest = {
      port: (server.address() as AddressInfo | null)?.port ?? 0,
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      userAgent: String(request.headers['user-agent'] ?? ''),
      bodyBytes: Number(request.headers['x-amz-decoded-content-length'] ?? request.headers['content-length'] ?? 0),
      startedAt: performance.now(),
    };
    byRequest.set(request, entry);
    observed.push(entry);
  };
  const onFinish = (message: unknown) => {
    const { request, response } = message as ServerMessage;
    const entry = byRequest.get(request);
    if (!entry) return;
    entry.finishedAt = performance.now();
    entry.status = response.statusCode;
  };
  subscribe('http.server.request.start', onStart);
  subscribe('http.server.response.finish', onFinish);
  return {
    requests: (port, from, to) =>
      observed.filter((entry) => entry.port === port && entry.startedAt >= from && entry.startedAt <= to),
    stop() {
      unsubscribe('http.server.request.start', onStart);
      unsubscribe('http.server.response.finish', onFinish);
    },
  };
}

export const portOf = (url: string) => Number(new URL(url).port);
