// The twin's AppSync Events emulator against the real clients: the stream publisher's SigV4 POST,
// a raw WebSocket speaking the documented protocol, and the unmodified aws-amplify v6 client in
// Chromium. What AWS refuses (unsigned or API-key publishes, wildcards, bad keys) is refused here.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type LocalAppSyncEvents, startAppSyncEvents, webSocketShimScript } from '#local/appsync-events/server.ts';
import { createEventsPublisher } from '#realtime/events-publisher.ts';
import type { OrderStatusEvent } from '#realtime/order-status-event.ts';
import { browserForSuite } from '../../support/browser.ts';
import { type EventsMessage, openEventsSocket, subscribeToChannel } from '../../support/events-socket.ts';
import { eventually } from '../../support/twin.ts';

const projectRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const apiKey = 'da2-reelfive-local-test';
const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

let events: LocalAppSyncEvents;
beforeAll(async () => {
  events = await startAppSyncEvents({ apiKey, keepAliveMs: 1_000 });
});
afterAll(async () => {
  await events?.stop();
});

const publisherWith = (credentials: typeof localCredentials) =>
  createEventsPublisher({ endpoint: events.httpEndpoint, region: 'us-east-1', credentials: async () => credentials });

function statusEvent(id: string, overrides: Partial<OrderStatusEvent> = {}): OrderStatusEvent {
  return {
    id,
    order_status: 'processing',
    stage: 'rendering',
    progress: 55,
    updated_at: new Date().toISOString(),
    ...overrides,
  };
}

type Message = EventsMessage;
const openSocket = (key = apiKey) => openEventsSocket({ ...events, apiKey }, key);
const subscribe = (channel: string, key = apiKey) => subscribeToChannel({ ...events, apiKey }, channel, key);

async function rawPublish(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(events.httpEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Message };
}

describe('WebSocket protocol', () => {
  it('acknowledges connection_init with a 5-minute timeout and keeps the connection alive', async () => {
    const { socket, next } = await openSocket();

    socket.send(JSON.stringify({ type: 'connection_init' }));

    expect(await next((message) => message.type === 'connection_ack')).toEqual({
      type: 'connection_ack',
      connectionTimeoutMs: 300_000,
    });
    expect(await next((message) => message.type === 'ka')).toEqual({ type: 'ka' });
    expect(socket.protocol).toBe('aws-appsync-event-ws');
    socket.close();
  });

  it('subscribes to one order’s channel and unsubscribes', async () => {
    const { socket, id, answer, next } = await subscribe(`/orders/${randomUUID()}`);

    socket.send(JSON.stringify({ type: 'unsubscribe', id }));

    expect(answer).toEqual({ type: 'subscribe_success', id });
    expect(await next((message) => message.type === 'unsubscribe_success')).toEqual({
      type: 'unsubscribe_success',
      id,
    });
    socket.close();
  });

  it('refuses a wildcard subscription with the onSubscribe handler’s error', async () => {
    const { socket, id, answer } = await subscribe('/orders/*');

    expect(answer).toEqual({
      type: 'subscribe_error',
      id,
      errors: [{ errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.' }],
    });
    socket.close();
  });

  it('refuses a subscription whose authorization carries a wrong API key', async () => {
    const { socket, answer } = await subscribe(`/orders/${randomUUID()}`, 'da2-wrong');

    expect(answer.type).toBe('subscribe_error');
    expect(answer.errors[0].errorType).toBe('UnauthorizedException');
    socket.close();
  });

  it('refuses the handshake with 401 when the header subprotocol carries a wrong API key', async () => {
    const status = await new Promise<number>((resolveStatus, reject) => {
      const header = Buffer.from(JSON.stringify({ 'x-api-key': 'da2-wrong' })).toString('base64url');
      const socket = new WebSocket(events.realtimeEndpoint, ['aws-appsync-event-ws', `header-${header}`]);
      socket.once('unexpected-response', (_request, response) => resolveStatus(response.statusCode ?? 0));
      socket.once('open', () => reject(new Error('The handshake was accepted')));
      socket.once('error', () => undefined);
    });

    expect(status).toBe(401);
  });

  it('answers an unknown message type with an error', async () => {
    const { socket, next } = await openSocket();

    socket.send(JSON.stringify({ type: 'start', id: 'legacy-graphql' }));

    const error = await next((message) => message.type === 'error');
    expect(error.errors[0].errorType).toBe('UnsupportedOperation');
    socket.close();
  });

  it('refuses a publish over the socket with the browser’s API key', async () => {
    const { socket, next } = await openSocket();
    const id = randomUUID();

    socket.send(
      JSON.stringify({
        type: 'publish',
        id,
        channel: `/orders/${randomUUID()}`,
        events: [JSON.stringify({ order_status: 'completed' })],
        authorization: { 'x-api-key': apiKey },
      }),
    );

    const refusal = await next((message) => message.id === id);
    expect(refusal.type).toBe('publish_error');
    expect(refusal.errors[0].errorType).toBe('UnauthorizedException');
    socket.close();
  });
});

describe('HTTP publish', () => {
  it('delivers a SigV4-signed publish of the stream publisher to the order’s subscriber', async () => {
    // Prepare
    const orderId = randomUUID();
    const subscriber = await subscribe(`/orders/${orderId}`);
    const other = await subscribe(`/orders/${randomUUID()}`);
    const event = statusEvent(orderId);

    // Act
    await publisherWith(localCredentials)(`/orders/${orderId}`, [event]);

    // Assess
    const data = await subscriber.next((message) => message.type === 'data');
    expect(data).toEqual({ type: 'data', id: subscriber.id, event: JSON.stringify(event) });
    expect(other.messages.filter((message) => message.type === 'data')).toEqual([]);
    subscriber.socket.close();
    other.socket.close();
  });

  it('answers a publish with the identifier and index of each event', async () => {
    // Prepare
    const orderId = randomUUID();
    const signer = new SignatureV4({
      service: 'appsync',
      region: 'us-east-1',
      credentials: localCredentials,
      sha256: Sha256,
    });
    const url = new URL(events.httpEndpoint);
    const body = JSON.stringify({ channel: `/orders/${orderId}`, events: ['{"n":1}', '{"n":2}'] });
    const signed = await signer.sign({
      method: 'POST',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      headers: { host: url.host, 'content-type': 'application/json' },
      body,
    });
    const { host: _host, ...headers } = signed.headers;

    // Act
    const response = await fetch(url, { method: 'POST', headers, body });

    // Assess
    const answer = (await response.json()) as Message;
    expect(response.status).toBe(200);
    expect(answer.failed).toEqual([]);
    expect(answer.successful.map((item: Message) => item.index)).toEqual([0, 1]);
    expect(answer.successful[0].identifier).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an unsigned publish with 401 UnauthorizedException', async () => {
    const answer = await rawPublish({ channel: `/orders/${randomUUID()}`, events: ['{}'] });

    expect(answer.status).toBe(401);
    expect(answer.body.errors[0].errorType).toBe('UnauthorizedException');
  });

  it('refuses a publish with the API key: the orders namespace takes IAM publishers only', async () => {
    const answer = await rawPublish({ channel: `/orders/${randomUUID()}`, events: ['{}'] }, { 'x-api-key': apiKey });

    expect(answer.status).toBe(401);
    expect(answer.body.errors[0].errorType).toBe('UnauthorizedException');
  });

  it('refuses a publish signed with another secret key', async () => {
    const publish = publisherWith({ accessKeyId: 'local', secretAccessKey: 'not-the-secret' });

    await expect(publish(`/orders/${randomUUID()}`, [statusEvent(randomUUID())])).rejects.toThrow(
      /answered 401 .*signature we calculated does not match/,
    );
  });

  it('refuses a signed publish whose body was changed after signing', async () => {
    // Prepare
    const signer = new SignatureV4({
      service: 'appsync',
      region: 'us-east-1',
      credentials: localCredentials,
      sha256: Sha256,
    });
    const url = new URL(events.httpEndpoint);
    const signedBody = JSON.stringify({ channel: `/orders/${randomUUID()}`, events: ['{"progress":10}'] });
    const signed = await signer.sign({
      method: 'POST',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      headers: { host: url.host, 'content-type': 'application/json' },
      body: signedBody,
    });
    const { host: _host, ...headers } = signed.headers;

    // Act
    const response = await fetch(url, { method: 'POST', headers, body: signedBody.replace('10', '100') });

    // Assess
    expect(response.status).toBe(401);
  });

  it('refuses more than five events in one publish', async () => {
    const publish = publisherWith(localCredentials);
    const sixEvents = Array.from({ length: 6 }, (_, index) => ({ index }));

    await expect(publish(`/orders/${randomUUID()}`, sixEvents)).rejects.toThrow(/1 to 5 events/);
  });

  it('answers the browser’s CORS preflight', async () => {
    const response = await fetch(events.httpEndpoint, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:1',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-api-key',
      },
    });

    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type,x-api-key');
  });
});

describe('aws-amplify v6 events client in Chromium', () => {
  const browser = browserForSuite();
  let pageServer: Server;
  let pageUrl = '';

  beforeAll(async () => {
    // The page the site's order-status feature boils down to: configure, connect, subscribe.
    const bundle = await build({
      stdin: {
        contents: `
          import { Amplify } from 'aws-amplify';
          import { events } from 'aws-amplify/data';
          window.received = [];
          window.followOrder = async ({ endpoint, apiKey, channel }) => {
            Amplify.configure({ API: { Events: { endpoint, region: 'us-east-1', defaultAuthMode: 'apiKey', apiKey } } });
            try {
              const orderChannel = await events.connect(channel);
              const subscription = orderChannel.subscribe({ next: (data) => window.received.push(data) });
              await subscription.ready;
              return 'ready';
            } catch (error) {
              return 'refused: ' + (error?.message ?? JSON.stringify(error));
            }
          };`,
        resolveDir: projectRoot,
        loader: 'js',
      },
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      minify: true,
      logLevel: 'silent',
    });
    const script = bundle.outputFiles[0]?.text ?? '';
    pageServer = createServer((req, res) => {
      if (req.url === '/follow.js') {
        res.writeHead(200, { 'content-type': 'text/javascript' });
        return void res.end(script);
      }
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>order</title><script src="/follow.js"></script>');
    });
    await new Promise<void>((resolveListen) => pageServer.listen(0, '127.0.0.1', () => resolveListen()));
    pageUrl = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    pageServer?.closeAllConnections();
    await new Promise((resolveClose) => pageServer?.close(resolveClose));
  });

  async function followInBrowser(endpoint: string, channel: string, options: { shim?: boolean } = {}) {
    const page = await browser.current.newPage();
    if (options.shim) await page.addInitScript(webSocketShimScript());
    await page.goto(pageUrl);
    const outcome = await page.evaluate(
      (config) => (window as unknown as { followOrder(c: unknown): Promise<string> }).followOrder(config),
      { endpoint, apiKey, channel },
    );
    const received = () => page.evaluate(() => (window as unknown as { received: Message[] }).received);
    return { page, outcome, received };
  }

  it('receives a published event on the twin’s ws:// endpoint, with no script injected', async () => {
    // Prepare
    const orderId = randomUUID();
    const { page, outcome, received } = await followInBrowser(events.amplifyEndpoint, `/orders/${orderId}`);
    const event = statusEvent(orderId, { stage: 'delivering', progress: 95 });

    // Act
    await publisherWith(localCredentials)(`/orders/${orderId}`, [event]);

    // Assess
    expect(outcome).toBe('ready');
    const [data] = await eventually(async () => (await received()).length > 0 && received());
    expect(data?.event).toEqual(event);
    await page.close();
  });

  it('receives a published event on the http:// endpoint once the wss→ws shim runs', async () => {
    // Prepare
    const orderId = randomUUID();
    const { page, outcome, received } = await followInBrowser(events.httpEndpoint, `/orders/${orderId}`, {
      shim: true,
    });
    const event = statusEvent(orderId, { order_status: 'completed', stage: 'done', progress: 100 });

    // Act
    await publisherWith(localCredentials)(`/orders/${orderId}`, [event]);

    // Assess
    expect(outcome).toBe('ready');
    const [data] = await eventually(async () => (await received()).length > 0 && received());
    expect(data?.event).toEqual(event);
    await page.close();
  });

  it('is refused a wildcard channel', async () => {
    const { page, outcome } = await followInBrowser(events.amplifyEndpoint, '/orders/*');

    expect(outcome).toMatch(/^refused: .*UnauthorizedException: You are not authorized to make this call\.$/);
    await page.close();
  });
});
