// Abuse limits at the API's edge: unpaid checkouts are capped per client (10 an hour per IP, never per
// mailbox), coupon look-ups are throttled per IP, a signed webhook event without its object is a
// 400, and the order read shows the email masked and asks Stripe at most once per order every
// 10 s. Each test speaks from its own loopback address, which the twin sees as the client's IP.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lambdaContext } from '#local/lambda/context.ts';
import { handler as createOrderHandler } from '#orders/create-order.handler.ts';
import { serviceLimits } from '#shared/config.ts';
import { apiMessages } from '#shared/contract.ts';
import { envNames, originVerifyHeader, viewerAddressHeader } from '#shared/runtime-env.ts';
import { documentsOf, storedOrder } from '../../support/orders-table.ts';
import { payForOrder } from '../../support/pay.ts';
import { checkoutEvent, deliverEvent, stripeSession } from '../../support/stripe-events.ts';
import { callApi, type JsonAnswer, orderRequest, sessionIdOf, twinForSuite, uniqueEmail } from '../../support/twin.ts';

const twin = twinForSuite();

/** GET /v1/checkout/sessions/<id> calls that reached Stripe, by session id. */
const sessionReads = new Map<string, number>();
let proxy: Server;

beforeAll(async () => {
  // Before any handler makes its Stripe client (on first use): they all talk to Stripe through this counter.
  const stripe = new URL(twin.current.endpoints.stripe ?? '');
  proxy = createServer((incoming, outgoing) => {
    const read = /^\/v1\/checkout\/sessions\/([^/?]+)(?:\?|$)/.exec(incoming.url ?? '');
    if (incoming.method === 'GET' && read?.[1]) sessionReads.set(read[1], (sessionReads.get(read[1]) ?? 0) + 1);
    const forwarded = request(
      {
        host: stripe.hostname,
        port: stripe.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  process.env[envNames.stripeApiBase] = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

/** POSTs or GETs the twin's API from `ip` (a loopback address: 127.x.y.z). */
function callApiFrom<T = Record<string, unknown>>(
  ip: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<JsonAnswer<T>> {
  const { hostname, port } = new URL(twin.current.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: hostname,
        port,
        path,
        method,
        localAddress: ip,
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text || '{}') as T }));
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

const createFrom = (ip: string, overrides: Record<string, unknown> = {}) =>
  callApiFrom<{ url: string; errorCode?: string }>(
    ip,
    'POST',
    '/api/orders',
    orderRequest({ email: uniqueEmail('client'), ...overrides }),
  );

/**
 * POST /api/orders as CloudFront hands it over from `viewerAddress` (its CloudFront-Viewer-Address
 * header, `ip:port`). The twin listens on IPv4 loopback only, so IPv6 clients are driven through
 * the route's handler itself, against the twin's tables.
 */
async function createAsViewer(viewerAddress: string, overrides: Record<string, unknown> = {}) {
  const event = {
    version: '2.0',
    routeKey: 'POST /api/orders',
    rawPath: '/api/orders',
    rawQueryString: '',
    headers: {
      'content-type': 'application/json',
      [viewerAddressHeader]: viewerAddress,
      [originVerifyHeader]: process.env[envNames.originVerifySecret] ?? '',
    },
    requestContext: { http: { method: 'POST', path: '/api/orders', sourceIp: '203.0.113.250' } },
    body: JSON.stringify(orderRequest({ email: uniqueEmail('viewer'), ...overrides })),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
  const result = (await createOrderHandler(
    event,
    lambdaContext('CreateOrder', 15),
  )) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, body: JSON.parse(result.body ?? '{}') as { errorCode?: string } };
}

describe('per-client limits, at the stage budgets', () => {
  let previous: string | undefined;
  beforeEach(() => {
    // The suite's twin lifts every per-IP budget; these tests run at the stage's own.
    previous = process.env[envNames.ipAttemptsPerHour];
    process.env[envNames.ipAttemptsPerHour] = String(serviceLimits.ipAttemptsPerHour);
  });
  afterEach(() => {
    if (previous === undefined) delete process.env[envNames.ipAttemptsPerHour];
    else process.env[envNames.ipAttemptsPerHour] = previous;
  });

  it('caps unpaid checkouts at 10 an hour per IP, whatever the addresses, and a payment gives one back', async () => {
    // Prepare
    const agency = '127.0.0.61';
    const checkouts = [];
    for (let i = 0; i < serviceLimits.unpaidCheckoutsPerIpPerHour; i++) checkouts.push(await createFrom(agency));

    // Act
    const eleventh = await createFrom(agency);
    const otherClient = await createFrom('127.0.0.62');
    await payForOrder(twin.current, checkouts[0]?.body.url ?? '');
    const afterPayment = await createFrom(agency);
    const twelfth = await createFrom(agency);

    // Assess
    expect(checkouts.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(eleventh).toEqual({
      status: 429,
      body: { error: apiMessages.tooManyRequests, errorCode: 'TOO_MANY_REQUESTS' },
    });
    expect(otherClient.status).toBe(200);
    expect(afterPayment.status).toBe(200);
    expect(twelfth.status).toBe(429);
  });

  it('caps revision requests per IP at the general budget, counted before the note is read', async () => {
    // Prepare: probing order ids with notes (an unknown order answers 404, and still counts)
    const prober = '127.0.0.66';
    const path = '/api/orders/3f1c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f/revisions';
    const answers = [];
    for (let i = 0; i < serviceLimits.ipAttemptsPerHour; i++) {
      answers.push(await callApiFrom(prober, 'POST', path, { note: 'say the price' }));
    }

    // Act
    const next = await callApiFrom(prober, 'POST', path, { note: 'say the price' });
    const otherClient = await callApiFrom('127.0.0.67', 'POST', path, { note: 'say the price' });

    // Assess
    expect(answers.map((answer) => answer.status)).toEqual(Array(serviceLimits.ipAttemptsPerHour).fill(404));
    expect(next).toEqual({ status: 429, body: { error: apiMessages.tooManyRequests, errorCode: 'TOO_MANY_REQUESTS' } });
    expect(otherClient.status).toBe(404);
  }, 300_000); // A hundred and two requests one after another: minutes on a busy machine.

  it('throttles coupon look-ups per IP: after 10 guesses even a valid code is refused', async () => {
    // Prepare
    const guesser = '127.0.0.63';
    const guesses = [];
    for (let i = 0; i < serviceLimits.couponLookupsPerIpPerHour; i++) {
      guesses.push(await createFrom(guesser, { couponCode: `GUESS${i}` }));
    }

    // Act
    const validCode = await createFrom(guesser, { couponCode: 'LAUNCH50' });
    const withoutCode = await createFrom(guesser);
    const otherClient = await createFrom('127.0.0.64', { couponCode: 'LAUNCH50' });

    // Assess
    expect(guesses.map((answer) => answer.body.errorCode)).toEqual(Array(10).fill('INVALID_COUPON'));
    expect(validCode).toEqual({
      status: 429,
      body: { error: apiMessages.tooManyRequests, errorCode: 'TOO_MANY_REQUESTS' },
    });
    expect(withoutCode.status).toBe(200);
    expect(otherClient.status).toBe(200);
  });

  it('counts an IPv6 client by its /64: 12 coupon look-ups from 12 addresses of one /64 keep one budget', async () => {
    // Prepare: twelve addresses of 2001:db8:5:6::/64, each written as a viewer may send it.
    const addresses = Array.from({ length: 12 }, (_, i) => `2001:db8:5:6:${(i + 1).toString(16)}:${i * 7}::${i + 1}`);

    // Act
    const lookups = [];
    for (const [i, address] of addresses.entries()) {
      lookups.push(await createAsViewer(`${address}:${40_000 + i}`, { couponCode: `SIXTYFOUR${i}` }));
    }
    const nextNetwork = await createAsViewer('2001:db8:5:7::1:443', { couponCode: 'LAUNCH50' });

    // Assess
    const budget = serviceLimits.couponLookupsPerIpPerHour;
    expect(lookups.slice(0, budget).map((answer) => answer.body.errorCode)).toEqual(
      Array(budget).fill('INVALID_COUPON'),
    );
    expect(lookups.slice(budget)).toEqual(
      Array(12 - budget).fill({
        status: 429,
        body: { error: apiMessages.tooManyRequests, errorCode: 'TOO_MANY_REQUESTS' },
      }),
    );
    expect(nextNetwork.status).toBe(200);
  });

  it('counts every written form of one client as that client, an IPv4-mapped address as its IPv4', async () => {
    // Prepare: a budget spent from one IPv4 address, and one from one /64.
    for (let i = 0; i < serviceLimits.couponLookupsPerIpPerHour; i++) {
      await createAsViewer(`198.51.100.23:${50_000 + i}`, { couponCode: `MAPPED${i}` });
      await createAsViewer(`2001:db8:a:b::${i + 1}:${50_000 + i}`, { couponCode: `FORMS${i}` });
    }

    // Act
    const forms = [
      '::ffff:198.51.100.23:443',
      '[::ffff:c633:6417]:443',
      '2001:0db8:000a:000b:0000:0000:0000:00ff:443',
      '2001:db8:a:b:1:2:203.0.113.9:443',
      '[2001:db8:a:b::77]:443',
    ];
    const answers = [];
    for (const viewer of forms) answers.push(await createAsViewer(viewer, { couponCode: 'LAUNCH50' }));

    // Assess
    expect(answers.map((answer) => answer.status)).toEqual(Array(forms.length).fill(429));
  });
});

describe('the Stripe webhook', () => {
  type CheckoutEvent = ReturnType<typeof checkoutEvent>;
  it.each([
    ['data.object is null', (event: CheckoutEvent) => ({ ...event, data: { object: null } })],
    ['data is null', (event: CheckoutEvent) => ({ ...event, data: null })],
    ['id is null', (event: CheckoutEvent) => ({ ...event, id: null })],
  ])('answers 400, never 500, to a signed event whose %s', async (_case, malform) => {
    // Prepare
    const created = await callApi<{ url: string }>(twin.current, 'POST', '/api/orders', orderRequest());
    const session = await stripeSession(twin.current, sessionIdOf(created.body.url));
    const event = malform(checkoutEvent(`evt_null_${session.id.slice(-8)}`, 'checkout.session.completed', session));

    // Act
    const answer = await deliverEvent(twin.current, event);

    // Assess
    expect(answer).toEqual({ status: 400, body: { error: 'Malformed Stripe event', errorCode: 'VALIDATION' } });
  });
});

describe('the order read', () => {
  it('shows the email masked to anyone holding the link', async () => {
    // Prepare
    const created = await callApi<{ url: string }>(
      twin.current,
      'POST',
      '/api/orders',
      orderRequest({ email: 'buyer.masked@example.com' }),
    );
    const orderId = (await stripeSession(twin.current, sessionIdOf(created.body.url))).client_reference_id;

    // Act
    const read = await callApi(twin.current, 'GET', `/api/orders/${orderId}`);

    // Assess
    expect(read.body.email).toBe('b•••@example.com');
    expect(JSON.stringify(read.body)).not.toContain('buyer.masked');
    expect((await storedOrder(twin.current, orderId ?? ''))?.email).toBe('buyer.masked@example.com');
  });

  it('asks Stripe about an unpaid order at most once per 10 s, however often it is read', async () => {
    // Prepare
    const created = await callApi<{ url: string }>(twin.current, 'POST', '/api/orders', orderRequest());
    const sessionId = sessionIdOf(created.body.url);
    const orderId = (await stripeSession(twin.current, sessionId)).client_reference_id ?? '';
    sessionReads.delete(sessionId);
    const read = () => callApi(twin.current, 'GET', `/api/orders/${orderId}`);

    // Act
    const sequential = [];
    for (let i = 0; i < 5; i++) sequential.push(await read());
    const concurrent = await Promise.all(Array.from({ length: 5 }, read));
    const withinWindow = sessionReads.get(sessionId);
    await rewindCheck(orderId, serviceLimits.checkoutCheckSeconds + 1);
    await read();

    // Assess
    for (const answer of [...sequential, ...concurrent]) expect(answer.body.payment_status).toBe('unpaid');
    expect(withinWindow).toBe(1);
    expect(sessionReads.get(sessionId)).toBe(2);
  });
});

/** Moves the order's last Stripe check `seconds` into the past, as if that time had gone by. */
async function rewindCheck(orderId: string, seconds: number): Promise<void> {
  const client = documentsOf(twin.current);
  const order = await storedOrder(twin.current, orderId);
  const checkedAt = Date.parse(order?.checkout_checked_at ?? '');
  await client.send(
    new UpdateCommand({
      TableName: twin.current.env.ORDERS_TABLE,
      Key: { id: orderId },
      UpdateExpression: 'SET checkout_checked_at = :at',
      ExpressionAttributeValues: { ':at': new Date(checkedAt - seconds * 1000).toISOString() },
    }),
  );
  client.destroy();
}
