// AppSync Events for the twin: the HTTP publish endpoint and the real-time WebSocket protocol that
// the unmodified aws-amplify client and the stream publisher speak (research/probe-web-stack.md §2b),
// with the `orders` namespace's auth modes and its onSubscribe handler from lib/realtime, run in a
// sandbox, so the twin refuses what AWS refuses.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import vm from 'node:vm';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { type WebSocket, WebSocketServer } from 'ws';
import { type EventsAuthMode, orderChannelHandlerCode, ordersNamespace } from '#shared/order-channel.ts';

export interface AppSyncEventsOptions {
  /** The key browsers subscribe with (the twin's stand-in for the stack's `Browser` API key). */
  apiKey: string;
  /** A free port when absent. */
  port?: number;
  host?: string;
  /** What IAM publishers sign with; the twin's Lambda environment uses the same pair. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  region?: string;
  /** AWS sends `ka` about once a minute; tests may ask for it sooner. */
  keepAliveMs?: number;
  log?: (line: string) => void;
}

export interface LocalAppSyncEvents {
  /** `http://<host>:<port>/event`: where IAM publishers POST (the stack's `https://<httpDns>/event`). */
  httpEndpoint: string;
  /** `ws://<host>:<port>/event/realtime`: the WebSocket itself. */
  realtimeEndpoint: string;
  /**
   * What the browser's Amplify config names as `endpoint` on the twin: Amplify turns any `http://`
   * endpoint into `wss://`, which a plain-HTTP server cannot answer, but keeps `ws://` and appends
   * `/realtime`. The browser only subscribes, so it never needs the HTTP side (DESIGN §4).
   */
  amplifyEndpoint: string;
  apiKey: string;
  stop(): Promise<void>;
}

export interface ErrorDetail {
  errorType: string;
  message: string;
}

const subprotocol = 'aws-appsync-event-ws';
const connectionTimeoutMs = 300_000;
const maxEventsPerPublish = 5;
/** AppSync's limit on one publish request. */
const maxBodyBytes = 240 * 1024;
/** AWS refuses SigV4 requests dated more than 15 minutes away from its clock. */
const maxClockSkewMs = 15 * 60_000;
const notAuthorized: ErrorDetail = {
  errorType: 'UnauthorizedException',
  message: 'You are not authorized to make this call.',
};

interface Namespace {
  name: string;
  subscribeAuthModes: readonly EventsAuthMode[];
  publishAuthModes: readonly EventsAuthMode[];
  onSubscribe: (channel: string) => ErrorDetail | null;
}

export async function startAppSyncEvents(options: AppSyncEventsOptions): Promise<LocalAppSyncEvents> {
  const log = options.log ?? (() => undefined);
  const host = options.host ?? '127.0.0.1';
  const credentials = options.credentials ?? { accessKeyId: 'local', secretAccessKey: 'local' };
  const region = options.region ?? 'us-east-1';
  const namespaces = new Map<string, Namespace>([
    [ordersNamespace.name, { ...ordersNamespace, onSubscribe: loadOnSubscribe(orderChannelHandlerCode) }],
  ]);
  /** socket → subscription id → subscribed channel (possibly a wildcard the handler let through). */
  const subscriptions = new Map<WebSocket, Map<string, string>>();
  const hasKey = (authorization: Record<string, unknown> | undefined) =>
    typeof authorization?.['x-api-key'] === 'string' && safeEqual(authorization['x-api-key'], options.apiKey);

  const deliver = (channel: string, events: string[]) => {
    let receivers = 0;
    for (const [socket, channels] of subscriptions) {
      for (const [id, subscribed] of channels) {
        if (!channelMatches(subscribed, channel)) continue;
        receivers += 1;
        for (const event of events) send(socket, { type: 'data', id, event });
      }
    }
    log(`appsync-events: ${events.length} event(s) on ${channel} to ${receivers} subscription(s)`);
    return events.map((_, index) => ({ identifier: randomUUID(), index }));
  };

  /** Who is publishing: an IAM principal (valid SigV4) or a holder of the API key. */
  const authenticatePublisher = async (
    req: IncomingMessage,
    body: string,
  ): Promise<{ authMode: EventsAuthMode } | { refusal: string }> => {
    if (String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256')) {
      const refusal = await verifySigV4(req, body, { credentials, region });
      return refusal ? { refusal } : { authMode: 'AWS_IAM' };
    }
    if (hasKey({ 'x-api-key': req.headers['x-api-key'] })) return { authMode: 'API_KEY' };
    return { refusal: notAuthorized.message };
  };

  const handleHttp = async (req: IncomingMessage, res: ServerResponse) => {
    // Browsers may publish with fetch (events.post), so the endpoint answers CORS as AppSync does.
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'POST, OPTIONS',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '600',
      });
      return void res.end();
    }
    const path = new URL(req.url ?? '/', 'http://events').pathname;
    if (path !== '/event') return answer(res, 404, errors({ errorType: 'NotFoundException', message: 'Not found' }));
    if (req.method !== 'POST')
      return answer(res, 405, errors({ errorType: 'BadRequestException', message: 'Use POST' }));
    const body = await readBody(req);
    if (body === null)
      return answer(res, 413, errors({ errorType: 'BadRequestException', message: 'Request too large' }));

    const caller = await authenticatePublisher(req, body);
    if ('refusal' in caller) {
      log(`appsync-events: publish refused: ${caller.refusal}`);
      return answer(res, 401, errors({ errorType: 'UnauthorizedException', message: caller.refusal }));
    }

    const request = parsePublish(body);
    if ('errorType' in request) return answer(res, 400, errors(request));
    const namespace = namespaces.get(namespaceOf(request.channel));
    if (!namespace) return answer(res, 400, errors(unknownNamespace(request.channel)));
    // The key may be valid for the API, yet this namespace only takes IAM publishers.
    if (!namespace.publishAuthModes.includes(caller.authMode)) return answer(res, 401, errors(notAuthorized));
    answer(res, 200, { successful: deliver(request.channel, request.events), failed: [] });
  };

  const server = createServer((req, res) => {
    handleHttp(req, res).catch((error: Error) => {
      log(`appsync-events: request failed: ${error.stack ?? error.message}`);
      if (!res.headersSent) answer(res, 500, errors({ errorType: 'InternalFailureException', message: error.message }));
      else res.end();
    });
  });

  const sockets = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => (protocols.has(subprotocol) ? subprotocol : false),
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://events').pathname;
    const connectionAuth = headerSubprotocol(req);
    if (path !== '/event/realtime') return void socket.end(refusedHandshake('404 Not Found'));
    if (!hasKey(connectionAuth ?? undefined)) {
      // AppSync refuses the handshake itself; Amplify reports "Connection handshake error".
      log('appsync-events: WebSocket refused: no valid API key in the header subprotocol');
      return void socket.end(refusedHandshake('401 Unauthorized'));
    }
    sockets.handleUpgrade(req, socket, head, (ws) => serveSocket(ws, connectionAuth ?? {}));
  });

  const serveSocket = (ws: WebSocket, connectionAuth: Record<string, unknown>) => {
    const channels = new Map<string, string>();
    subscriptions.set(ws, channels);
    const keepAlive = setInterval(() => send(ws, { type: 'ka' }), options.keepAliveMs ?? 60_000);
    ws.on('close', () => {
      clearInterval(keepAlive);
      subscriptions.delete(ws);
    });
    ws.on('message', (data) => {
      const message = parseJson(String(data));
      const type = typeof message?.type === 'string' ? message.type : '';
      const id = typeof message?.id === 'string' ? message.id : undefined;
      const authorization = isRecord(message?.authorization) ? message.authorization : connectionAuth;
      if (type === 'connection_init') {
        send(ws, { type: 'connection_ack', connectionTimeoutMs });
        send(ws, { type: 'ka' });
      } else if (type === 'subscribe' && id) {
        const refusal = subscribeRefusal(message?.channel, authorization);
        if (refusal) return send(ws, { type: 'subscribe_error', id, errors: [refusal] });
        channels.set(id, message?.channel as string);
        send(ws, { type: 'subscribe_success', id });
      } else if (type === 'unsubscribe' && id) {
        if (!channels.delete(id)) {
          const unknown = { errorType: 'BadRequestException', message: `No subscription with id ${id}` };
          return send(ws, { type: 'unsubscribe_error', id, errors: [unknown] });
        }
        send(ws, { type: 'unsubscribe_success', id });
      } else if (type === 'publish' && id) {
        // A publish over the socket carries the browser's API key; only IAM publishers are allowed
        // in our namespaces, and the twin does not verify SigV4 inside socket messages.
        const namespace = namespaces.get(namespaceOf(String(message?.channel ?? '')));
        const allowed = namespace?.publishAuthModes.includes('API_KEY') && hasKey(authorization);
        if (!allowed) return send(ws, { type: 'publish_error', id, errors: [notAuthorized] });
        const request = parsePublish(JSON.stringify({ channel: message?.channel, events: message?.events }));
        if ('errorType' in request) return send(ws, { type: 'publish_error', id, errors: [request] });
        send(ws, { type: 'publish_success', id, successful: deliver(request.channel, request.events), failed: [] });
      } else {
        const unsupported = { errorType: 'UnsupportedOperation', message: `${type || 'unknown'} not supported` };
        send(ws, { type: 'error', ...(id ? { id } : {}), errors: [unsupported] });
      }
    });
  };

  const subscribeRefusal = (channel: unknown, authorization: Record<string, unknown>): ErrorDetail | null => {
    if (typeof channel !== 'string' || !isChannelPath(channel, { wildcard: true })) return invalidChannel;
    const namespace = namespaces.get(namespaceOf(channel));
    if (!namespace) return unknownNamespace(channel);
    if (!(namespace.subscribeAuthModes.includes('API_KEY') && hasKey(authorization))) return notAuthorized;
    return namespace.onSubscribe(channel);
  };

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `${host}:${port}`;
  log(`appsync-events: listening on http://${origin}/event`);

  return {
    httpEndpoint: `http://${origin}/event`,
    realtimeEndpoint: `ws://${origin}/event/realtime`,
    amplifyEndpoint: `ws://${origin}/event`,
    apiKey: options.apiKey,
    stop: async () => {
      for (const ws of subscriptions.keys()) ws.terminate();
      await new Promise<void>((resolveClose) => sockets.close(() => resolveClose()));
      server.closeAllConnections();
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
    },
  };
}

/**
 * A browser init script for a page whose Amplify `endpoint` is the `http://` one (so `events.post`
 * works too): Amplify then opens `wss://<local host>/event/realtime`, which this rewrites to `ws://`.
 * The twin's own pages use `amplifyEndpoint` instead and need no script.
 */
export function webSocketShimScript(hosts: readonly string[] = ['127.0.0.1', 'localhost']): string {
  const alternatives = hosts.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return `(() => {
  const NativeWebSocket = globalThis.WebSocket;
  const localTls = new RegExp(${JSON.stringify(`^wss://(${alternatives})(?=[:/]|$)`)});
  globalThis.WebSocket = class LocalWebSocket extends NativeWebSocket {
    constructor(url, protocols) {
      super(String(url).replace(localTls, 'ws://$1'), protocols);
    }
  };
})();`;
}

/**
 * Runs a namespace's APPSYNC_JS onSubscribe handler in a node:vm sandbox with the part of
 * `@aws-appsync/utils` such handlers use. Returns, for a channel path, the error AppSync would
 * answer, or null when the subscription is allowed.
 */
export function loadOnSubscribe(code: string): (channel: string) => ErrorDetail | null {
  const source = code
    .replace(/^import\s*\{[^}]*\}\s*from\s*'@aws-appsync\/utils';?\s*$/m, '')
    .replace(/^export\s+function\s+/gm, 'function ');
  if (/^\s*(import|export)\s/m.test(source)) throw new Error('Channel handler uses module syntax the sandbox lacks');
  const context = vm.createContext({ util: appSyncUtil });
  new vm.Script(source, { filename: 'channel-handler.js' }).runInContext(context, { timeout: 1_000 });
  if (typeof context.onSubscribe !== 'function') return () => null;
  // Compiled once; each call passes the context as JSON, so no host object reaches the handler.
  const invoke = new vm.Script('onSubscribe(JSON.parse(subscribeContext))', { filename: 'on-subscribe.js' });

  return (channel) => {
    const segments = channel.split('/').filter(Boolean);
    const ctx = {
      info: {
        channel: { path: channel, segments },
        channelNamespace: { name: segments[0] ?? '' },
        operation: 'SUBSCRIBE',
      },
      identity: null,
      request: { headers: {}, domainName: null },
      stash: {},
    };
    try {
      context.subscribeContext = JSON.stringify(ctx);
      // The timeout stops a handler that loops; it is generous because a busy 2-core machine can
      // stall a trivial handler for well over 100 ms, which AppSync itself never would.
      invoke.runInContext(context, { timeout: 2_000 });
      return null;
    } catch (error) {
      if (error instanceof HandlerRejection) return { errorType: error.errorType, message: error.message };
      return { errorType: 'InternalFailureException', message: `onSubscribe failed: ${String(error)}` };
    }
  };
}

class HandlerRejection extends Error {
  constructor(
    readonly errorType: string,
    message: string,
  ) {
    super(message);
  }
}

/** `util.unauthorized()` and `util.error()` end the handler, as they do in APPSYNC_JS. */
const appSyncUtil = Object.freeze({
  unauthorized(): never {
    throw new HandlerRejection(notAuthorized.errorType, notAuthorized.message);
  },
  error(message: string, errorType?: string): never {
    throw new HandlerRejection(errorType ?? 'CustomError', message);
  },
});

const invalidChannel: ErrorDetail = { errorType: 'BadRequestException', message: 'Invalid Channel Format' };

function unknownNamespace(channel: string): ErrorDetail {
  return { errorType: 'BadRequestException', message: `Channel namespace ${namespaceOf(channel)} not found` };
}

const channelSegment = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,48}[A-Za-z0-9])?$/;

/** `/<namespace>[/<segment>]…`, up to five segments; `*` only as the last one, and only to subscribe. */
function isChannelPath(channel: string, { wildcard }: { wildcard: boolean }): boolean {
  if (!channel.startsWith('/')) return false;
  const segments = channel.slice(1).split('/');
  if (segments.length > 5) return false;
  return segments.every(
    (segment, index) =>
      channelSegment.test(segment) || (wildcard && index > 0 && index === segments.length - 1 && segment === '*'),
  );
}

function channelMatches(subscribed: string, published: string): boolean {
  if (subscribed === published) return true;
  return subscribed.endsWith('/*') && published.startsWith(subscribed.slice(0, -1));
}

function namespaceOf(channel: string): string {
  return channel.split('/')[1] ?? '';
}

function parsePublish(body: string): { channel: string; events: string[] } | ErrorDetail {
  const request = parseJson(body);
  const channel = request?.channel;
  const events = request?.events;
  if (typeof channel !== 'string' || !isChannelPath(channel, { wildcard: false })) return invalidChannel;
  if (!Array.isArray(events) || events.length === 0 || events.length > maxEventsPerPublish) {
    return { errorType: 'BadRequestException', message: `Publish 1 to ${maxEventsPerPublish} events at a time` };
  }
  if (!events.every((event) => typeof event === 'string' && parseJson(event) !== undefined)) {
    return { errorType: 'BadRequestException', message: 'Every event must be a string of valid JSON' };
  }
  return { channel, events };
}

/**
 * Checks a SigV4 `Authorization` header by signing the same request again with the credentials
 * the emulator knows. Returns why it is refused, or null.
 */
async function verifySigV4(
  req: IncomingMessage,
  body: string,
  expected: { credentials: { accessKeyId: string; secretAccessKey: string }; region: string },
): Promise<string | null> {
  const authorization = String(req.headers.authorization);
  const parts =
    /^AWS4-HMAC-SHA256 Credential=([^/,]+)\/(\d{8})\/([^/,]+)\/([^/,]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!parts) return 'Authorization header is not a SigV4 signature';
  const [, accessKeyId, , scopeRegion, service, signedHeaderList = '', signature = ''] = parts;
  if (accessKeyId !== expected.credentials.accessKeyId) return 'The security token included in the request is invalid.';
  if (service !== 'appsync' || scopeRegion !== expected.region) {
    return `Credential should be scoped to service appsync in ${expected.region}`;
  }
  const signingDate = parseAmzDate(String(req.headers['x-amz-date'] ?? ''));
  if (!signingDate) return 'The request has no valid x-amz-date header';
  if (Math.abs(Date.now() - signingDate.getTime()) > maxClockSkewMs) return 'Signature expired';
  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host')) return 'The host header must be signed';
  const payloadHash = req.headers['x-amz-content-sha256'];
  if (payloadHash !== undefined && payloadHash !== createHash('sha256').update(body).digest('hex')) {
    return 'The provided x-amz-content-sha256 header does not match the body';
  }

  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  const signer = new SignatureV4({
    service: 'appsync',
    region: expected.region,
    credentials: expected.credentials,
    sha256: Sha256,
    applyChecksum: false,
  });
  const resigned = await signer.sign(
    {
      method: req.method ?? 'POST',
      protocol: 'http:',
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(signedHeaders.map((name) => [name, headerValue(req, name)])),
      body,
    },
    { signingDate, signableHeaders: new Set(signedHeaders) },
  );
  const expectedSignature = /Signature=([0-9a-f]{64})/.exec(String(resigned.headers.authorization))?.[1] ?? '';
  return safeEqual(signature, expectedSignature)
    ? null
    : 'The request signature we calculated does not match the signature you provided.';
}

/** `20260101T120000Z` → Date. */
function parseAmzDate(value: string): Date | null {
  const parts = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!parts) return null;
  const [, year, month, day, hour, minute, second] = parts.map(Number) as number[];
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second));
}

function headerValue(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

/** The auth headers Amplify sends as the `header-<base64url JSON>` subprotocol. */
function headerSubprotocol(req: IncomingMessage): Record<string, unknown> | null {
  const offered = String(req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((protocol) => protocol.trim());
  const encoded = offered.find((protocol) => protocol.startsWith('header-'))?.slice('header-'.length);
  if (!encoded) return null;
  const decoded = parseJson(Buffer.from(encoded, 'base64url').toString('utf8'));
  return isRecord(decoded) ? decoded : null;
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) chunks.push(chunk);
    });
    req.on('end', () => resolveBody(size > maxBodyBytes ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function refusedHandshake(status: string): string {
  return `HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;
}

function send(ws: WebSocket, message: Record<string, unknown>): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function errors(...details: ErrorDetail[]) {
  return { errors: details };
}

// biome-ignore lint/suspicious/noExplicitAny: a message is free-form JSON until checked field by field
function parseJson(text: string): Record<string, any> | undefined {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
