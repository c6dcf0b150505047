// The twin's local Stripe, driven by the real `stripe` SDK and by Chromium: Checkout Sessions,
// promotion codes, refunds, idempotency, expiry, state on disk, signed webhooks and the pay page.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStripe, type LocalStripeOptions, startLocalStripe } from '#local/stripe/api.ts';
import { browserForSuite } from '../../support/browser.ts';

const secretKey = 'sk_test_local';
const webhookSecret = 'whsec_local_stripe_test';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function eventually<T>(probe: () => T | undefined | false, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The app's webhook endpoint: accepts only deliveries that the SDK's constructEvent verifies. */
interface WebhookReceiver {
  url: string;
  events: Stripe.Event[];
  rejected: number;
  /** Statuses to answer with, in order, before answering 200; 'no answer' holds the delivery unanswered. */
  failNext: (number | 'no answer')[];
  eventOf(type: string, objectId: string): Promise<Stripe.Event>;
  close(): Promise<void>;
}

async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const verifier = new Stripe('sk_test_verify_only');
  const server = createServer(async (req, res) => {
    const payload = await readText(req);
    const status = receiver.failNext.shift();
    if (status === 'no answer') return;
    if (status) {
      res.writeHead(status).end();
      return;
    }
    try {
      receiver.events.push(
        verifier.webhooks.constructEvent(payload, req.headers['stripe-signature'] ?? '', webhookSecret),
      );
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    } catch {
      receiver.rejected += 1;
      res.writeHead(400).end();
    }
  });
  const url = `${await listen(server)}/api/stripe/webhook`;
  const receiver: WebhookReceiver = {
    url,
    events: [],
    rejected: 0,
    failNext: [],
    eventOf: (type, objectId) =>
      eventually(() =>
        receiver.events.find((event) => event.type === type && (event.data.object as { id?: string }).id === objectId),
      ),
    close: () => close(server),
  };
  return receiver;
}

/** The app's origin: mounts the pay page like the twin does, and stands in for the success and cancel pages. */
interface AppOrigin {
  url: string;
  stripe: LocalStripe;
  sdk: Stripe;
  stop(): Promise<void>;
}

async function startApp(webhooks: WebhookReceiver, options: Partial<LocalStripeOptions> = {}): Promise<AppOrigin> {
  let local: LocalStripe | undefined;
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (local && (await local.handlePayPage(req, res))) return;
    const path = new URL(req.url ?? '/', 'http://app').pathname;
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><html lang="en"><title>App</title><main><h1>App page ${path}</h1></main></html>`);
  });
  const url = await listen(server);
  local = await startLocalStripe({
    secretKey,
    webhookSecret,
    webhookUrl: webhooks.url,
    publicBaseUrl: url,
    ...options,
  });
  const sdk = new Stripe(secretKey, {
    host: '127.0.0.1',
    port: local.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
  const stripe = local;
  return {
    url,
    stripe,
    sdk,
    async stop() {
      await stripe.stop();
      await close(server);
    },
  };
}

function sessionParams(app: AppOrigin, overrides: Stripe.Checkout.SessionCreateParams = {}) {
  return {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'ReelFive video ad — 12 s, UGC' } },
      },
    ],
    customer_email: 'buyer@example.com',
    client_reference_id: 'order-123',
    metadata: { order_id: 'order-123' },
    success_url: `${app.url}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${app.url}/?checkout=canceled#pricing`,
    expires_at: Math.floor(Date.now() / 1000) + 31 * 60,
    ...overrides,
  } satisfies Stripe.Checkout.SessionCreateParams;
}

async function promotionCodeId(app: AppOrigin, code: string): Promise<string> {
  const list = await app.sdk.promotionCodes.list({ code, limit: 1 });
  return list.data[0]?.id ?? '';
}

/** Submits the pay page's form as the browser does; answers the status and where it redirects. */
async function submitPayPage(session: Stripe.Checkout.Session, cardNumber = '') {
  const response = await fetch(session.url ?? '', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: cardNumber }).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

async function stripeError(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error('Expected the Stripe call to fail');
}

let webhooks: WebhookReceiver;
let app: AppOrigin;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  webhooks = await startWebhookReceiver();
  app = await startApp(webhooks);
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await app?.stop();
  await webhooks?.close();
  expect(webhooks.rejected).toBe(0);
});

describe('Checkout Sessions through the real SDK', () => {
  it('creates a session shaped like Stripe’s and retrieves the same session', async () => {
    const params = sessionParams(app);

    const created = await app.sdk.checkout.sessions.create(params);
    const retrieved = await app.sdk.checkout.sessions.retrieve(created.id, { expand: ['line_items'] });

    expect(created.id).toMatch(/^cs_test_[0-9A-Za-z]{58}$/);
    expect(created).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      currency: 'usd',
      amount_subtotal: 500,
      amount_total: 500,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      discounts: [],
      customer_email: 'buyer@example.com',
      client_reference_id: 'order-123',
      metadata: { order_id: 'order-123' },
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      expires_at: params.expires_at,
      payment_intent: null,
      livemode: false,
      url: `${app.url}/_local/pay/${created.id}`,
    });
    expect(created.lastResponse.requestId).toMatch(/^req_/);
    expect(created.lastResponse.apiVersion).toBe(Stripe.API_VERSION);
    const { lastResponse: _created, ...createdFields } = created;
    const { lastResponse: _retrieved, ...retrievedFields } = retrieved;
    expect(retrievedFields).toEqual(createdFields);
  });

  it('expires an open session, tells the webhook, and refuses to expire it twice', async () => {
    const session = await app.sdk.checkout.sessions.create(sessionParams(app));

    const expired = await app.sdk.checkout.sessions.expire(session.id);
    const again = await stripeError(app.sdk.checkout.sessions.expire(session.id));

    expect(expired).toMatchObject({ id: session.id, status: 'expired', url: null });
    // Delivered before the call returned: the twin's app has the event when expire() resolves.
    const event = webhooks.events.find(
      (e) => e.type === 'checkout.session.expired' && (e.data.object as Stripe.Checkout.Session).id === session.id,
    );
    expect(event).toMatchObject({
      object: 'event',
      api_version: Stripe.API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      // The SDK sends an Idempotency-Key with every POST; the event names the request and its key.
      request: { id: expired.lastResponse.requestId, idempotency_key: expired.lastResponse.idempotencyKey },
      data: { object: { id: session.id, status: 'expired' } },
    });
    expect(event?.id).toMatch(/^evt_/);
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again.statusCode).toBe(400);
    expect(again.message).toContain('has a status of "expired"');
  });

  it('answers an unknown session id with a 404 StripeInvalidRequestError (resource_missing)', async () => {
    const error = await stripeError(app.sdk.checkout.sessions.retrieve('cs_test_doesnotexist'));

    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'session' });
    expect(error.message).toBe("No such checkout.session: 'cs_test_doesnotexist'");
  });

  it('rejects a wrong API key with a StripeAuthenticationError', async () => {
    const wrongKey = new Stripe('sk_test_wrong_key_1234', {
      host: '127.0.0.1',
      port: app.stripe.port,
      protocol: 'http',
      maxNetworkRetries: 0,
      telemetry: false,
    });

    const error = await stripeError(wrongKey.checkout.sessions.create(sessionParams(app)));

    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.statusCode).toBe(401);
    expect(error.message).toContain('Invalid API Key provided: sk_test_');
  });

  it('rejects parameters Stripe rejects: a short expiry, payment_method_collection in payment mode, unknown ones', async () => {
    const tooSoon = sessionParams(app, { expires_at: Math.floor(Date.now() / 1000) + 10 * 60 });
    const collection = sessionParams(app, { payment_method_collection: 'if_required' });
    const unknown = { ...sessionParams(app), colour: 'blue' } as Stripe.Checkout.SessionCreateParams;
    const missingCode = sessionParams(app, { discounts: [{ promotion_code: 'promo_missing' }] });

    const errors = await Promise.all(
      [tooSoon, collection, unknown, missingCode].map((params) =>
        stripeError(app.sdk.checkout.sessions.create(params)),
      ),
    );

    expect(errors.map((error) => [error.type, error.statusCode, error.param])).toEqual([
      ['StripeInvalidRequestError', 400, 'expires_at'],
      ['StripeInvalidRequestError', 400, 'payment_method_collection'],
      ['StripeInvalidRequestError', 400, 'colour'],
      ['StripeInvalidRequestError', 400, 'discounts[0][promotion_code]'],
    ]);
    expect(errors[3]?.code).toBe('resource_missing');
  });

  it('replays the stored response for a repeated Idempotency-Key and refuses the key with other parameters', async () => {
    const params = sessionParams(app);
    const idempotencyKey = `checkout-${Date.now()}`;

    const first = await app.sdk.checkout.sessions.create(params, { idempotencyKey });
    const replayed = await app.sdk.checkout.sessions.create(params, { idempotencyKey });
    const conflict = await stripeError(
      app.sdk.checkout.sessions.create({ ...params, client_reference_id: 'other' }, { idempotencyKey }),
    );

    expect(replayed.id).toBe(first.id);
    expect(replayed.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect(conflict).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});

describe('promotion codes', () => {
  it('lists the seeded codes by code, case-insensitively, with the active filter and the current shapes', async () => {
    const launch = await app.sdk.promotionCodes.list({ code: 'launch50', active: true, limit: 1 });
    const inactive = await app.sdk.promotionCodes.list({ code: 'LAUNCH50', active: false });
    const all = await app.sdk.promotionCodes.list({ limit: 100 });

    expect(launch).toMatchObject({ object: 'list', has_more: false, url: '/v1/promotion_codes' });
    expect(launch.data).toHaveLength(1);
    expect(launch.data[0]).toMatchObject({
      object: 'promotion_code',
      code: 'LAUNCH50',
      active: true,
      max_redemptions: null,
      promotion: { type: 'coupon', coupon: expect.any(String) },
    });
    expect(launch.data[0]?.id).toMatch(/^promo_/);
    expect(inactive.data).toEqual([]);
    expect(all.data.map((promotion) => promotion.code).sort()).toEqual(['FREEAD', 'LAUNCH50']);
    expect(all.data.find((promotion) => promotion.code === 'FREEAD')?.max_redemptions).toBe(100);
  });

  it('takes 50 % off with LAUNCH50', async () => {
    const promotionCode = await promotionCodeId(app, 'LAUNCH50');

    const session = await app.sdk.checkout.sessions.create(
      sessionParams(app, { discounts: [{ promotion_code: promotionCode }] }),
    );

    expect(session).toMatchObject({
      amount_subtotal: 500,
      amount_total: 250,
      total_details: { amount_discount: 250 },
      discounts: [{ promotion_code: promotionCode }],
    });
  });

  it('makes the total 0 with FREEAD and stops accepting it after its 100 redemptions', async () => {
    const own = await startApp(webhooks);
    cleanups.push(own.stop);
    const freeAd = await promotionCodeId(own, 'FREEAD');
    const create = () =>
      own.sdk.checkout.sessions.create(sessionParams(own, { discounts: [{ promotion_code: freeAd }] }));
    const lateSession = await create();

    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await submitPayPage(await create())).status);
    const exhausted = await own.sdk.promotionCodes.list({ code: 'FREEAD' });
    const refused = await stripeError(create());
    const late = await submitPayPage(lateSession);

    expect(lateSession).toMatchObject({ amount_total: 0, total_details: { amount_discount: 500 } });
    expect(new Set(statuses)).toEqual(new Set([303]));
    expect(exhausted.data[0]).toMatchObject({ times_redeemed: 100, active: false });
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused.param).toBe('discounts[0][promotion_code]');
    expect(late.location).toBeNull();
    expect(late.html).toContain('This promotion code can no longer be redeemed.');
  });
});

describe('refunds', () => {
  it('refunds part, then the rest, sends charge.refunded each time, and refuses to refund more', async () => {
    const session = await app.sdk.checkout.sessions.create(sessionParams(app));
    await submitPayPage(session, '4242424242424242');
    const paid = await app.sdk.checkout.sessions.retrieve(session.id);
    const paymentIntent = String(paid.payment_intent);

    const partial = await app.sdk.refunds.create({
      payment_intent: paymentIntent,
      amount: 200,
      reason: 'requested_by_customer',
    });
    const tooMuch = await stripeError(app.sdk.refunds.create({ payment_intent: paymentIntent, amount: 400 }));
    const rest = await app.sdk.refunds.create({ payment_intent: paymentIntent });
    const again = await stripeError(app.sdk.refunds.create({ payment_intent: paymentIntent }));
    const unknown = await stripeError(app.sdk.refunds.create({ payment_intent: 'pi_unknown' }));

    expect(paymentIntent).toMatch(/^pi_/);
    expect(partial).toMatchObject({
      object: 'refund',
      amount: 200,
      status: 'succeeded',
      payment_intent: paymentIntent,
      reason: 'requested_by_customer',
    });
    expect(partial.id).toMatch(/^re_/);
    expect(rest.amount).toBe(300);
    expect(tooMuch).toMatchObject({ statusCode: 400, code: 'amount_too_large' });
    expect(tooMuch.message).toBe('Refund amount ($4.00) is greater than unrefunded amount on charge ($3.00)');
    expect(again).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
    expect(unknown).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'payment_intent' });
    const charges = webhooks.events
      .filter((event) => event.type === 'charge.refunded')
      .map((event) => event.data.object as Stripe.Charge)
      .filter((charge) => charge.payment_intent === paymentIntent);
    expect(charges.map((charge) => [charge.amount, charge.amount_refunded, charge.refunded])).toEqual([
      [500, 200, false],
      [500, 500, true],
    ]);
  });
});

describe('expiry, state and webhook delivery', () => {
  it('expires a session by the timer once its expires_at passes and sends checkout.session.expired', async () => {
    let clock = Date.now();
    const own = await startApp(webhooks, { now: () => clock, expiryCheckIntervalMs: 20 });
    cleanups.push(own.stop);
    const session = await own.sdk.checkout.sessions.create(
      sessionParams(own, { expires_at: Math.floor(clock / 1000) + 30 * 60 }),
    );

    await new Promise((resolve) => setTimeout(resolve, 100));
    const stillOpen = await own.sdk.checkout.sessions.retrieve(session.id);
    clock += 30 * 60 * 1000 + 1000;
    const event = await webhooks.eventOf('checkout.session.expired', session.id);
    const expired = await own.sdk.checkout.sessions.retrieve(session.id);

    expect(stillOpen.status).toBe('open');
    expect(expired).toMatchObject({ status: 'expired', url: null });
    expect(event.created).toBe(Math.floor(clock / 1000));
    expect(event.request).toEqual({ id: null, idempotency_key: null });
  });

  it('keeps sessions, redemptions, refunds and events in the state file across a restart', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'local-stripe-'));
    cleanups.push(() => rm(directory, { recursive: true, force: true }));
    const stateFile = join(directory, 'stripe.json');
    const first = await startApp(webhooks, { stateFile });
    const launch = await promotionCodeId(first, 'LAUNCH50');
    const session = await first.sdk.checkout.sessions.create(
      sessionParams(first, { discounts: [{ promotion_code: launch }] }),
    );
    await submitPayPage(session, '4242 4242 4242 4242');
    await first.stop();

    const second = await startApp(webhooks, { stateFile });
    cleanups.push(second.stop);
    const restored = await second.sdk.checkout.sessions.retrieve(session.id);
    const codes = await second.sdk.promotionCodes.list({ code: 'LAUNCH50' });
    const refund = await second.sdk.refunds.create({ payment_intent: String(restored.payment_intent) });
    await second.stop();
    const saved = JSON.parse(await readFile(stateFile, 'utf8'));

    expect(restored).toMatchObject({ status: 'complete', payment_status: 'paid', amount_total: 250 });
    expect(codes.data).toEqual([expect.objectContaining({ id: launch, times_redeemed: 1 })]);
    expect(refund.amount).toBe(250);
    expect(saved.events.map((stored: { event: Stripe.Event }) => stored.event.type)).toEqual([
      'checkout.session.completed',
      'charge.refunded',
    ]);
    expect(saved.events[0].deliveries).toEqual([{ at: expect.any(String), status: 200 }]);
  });

  it('retries a webhook delivery the endpoint refused, and records every attempt', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'local-stripe-'));
    cleanups.push(() => rm(directory, { recursive: true, force: true }));
    const stateFile = join(directory, 'stripe.json');
    const own = await startApp(webhooks, { stateFile });
    cleanups.push(own.stop);
    const session = await own.sdk.checkout.sessions.create(sessionParams(own));
    webhooks.failNext.push(500);

    await own.sdk.checkout.sessions.expire(session.id);
    const event = await webhooks.eventOf('checkout.session.expired', session.id);
    await own.stop();
    const saved = JSON.parse(await readFile(stateFile, 'utf8'));

    const stored = saved.events.find((candidate: { event: Stripe.Event }) => candidate.event.id === event.id);
    expect(stored.deliveries.map((attempt: { status: number }) => attempt.status)).toEqual([500, 200]);
  });

  it('records a delivery attempt that stop() cut short, and retries it after a restart from the state file', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'local-stripe-'));
    cleanups.push(() => rm(directory, { recursive: true, force: true }));
    const stateFile = join(directory, 'stripe.json');
    let clock = Date.now();
    const first = await startApp(webhooks, { stateFile, now: () => clock, expiryCheckIntervalMs: 20 });
    const session = await first.sdk.checkout.sessions.create(
      sessionParams(first, { expires_at: Math.floor(clock / 1000) + 30 * 60 }),
    );
    webhooks.failNext.push('no answer');

    // The expiry timer sends checkout.session.expired; the endpoint takes it and does not answer.
    clock += 30 * 60 * 1000 + 1000;
    await eventually(() => webhooks.failNext.length === 0);
    await first.stop();
    const afterStop = JSON.parse(await readFile(stateFile, 'utf8'));
    const second = await startApp(webhooks, { stateFile });
    cleanups.push(second.stop);
    const event = await webhooks.eventOf('checkout.session.expired', session.id);
    await second.stop();
    const afterRestart = JSON.parse(await readFile(stateFile, 'utf8'));

    expect(afterStop.events).toHaveLength(1);
    expect(afterStop.events[0].deliveries).toEqual([
      { at: expect.any(String), status: null, error: 'The local Stripe server stopped before the endpoint answered.' },
    ]);
    expect(afterRestart.events[0].event.id).toBe(event.id);
    expect(afterRestart.events[0].deliveries.map((attempt: { status: number | null }) => attempt.status)).toEqual([
      null,
      200,
    ]);
  });
});

describe('the hosted pay page in Chromium', () => {
  const browser = browserForSuite();

  it('pays with 4242 4242 4242 4242, redirects to success_url and delivers checkout.session.completed', async () => {
    const session = await app.sdk.checkout.sessions.create(sessionParams(app));
    const page = await browser.current.newPage();
    cleanups.push(() => page.close());

    await page.goto(session.url ?? '');
    const language = await page.locator('html').getAttribute('lang');
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    const summary = await page.getByRole('main').textContent();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $5.00' }).click();
    await page.waitForURL(`${app.url}/success?session_id=${session.id}`);
    // The redirect waits for the first delivery: the event is already there.
    const event = webhooks.events.find(
      (e) => e.type === 'checkout.session.completed' && (e.data.object as Stripe.Checkout.Session).id === session.id,
    );
    const paid = await app.sdk.checkout.sessions.retrieve(session.id);

    expect(language).toBe('en');
    expect(heading).toBe('Pay ReelFive');
    expect(summary).toContain('ReelFive video ad — 12 s, UGC');
    expect(summary).toContain('buyer@example.com');
    expect(event?.data.object).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid' });
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    expect(paid.payment_intent).toMatch(/^pi_/);
    expect(paid.customer_details?.email).toBe('buyer@example.com');
  });

  it('says "Your card was declined." for 4000 0000 0000 0002 and leaves the session open', async () => {
    const session = await app.sdk.checkout.sessions.create(sessionParams(app));
    const page = await browser.current.newPage();
    cleanups.push(() => page.close());

    await page.goto(session.url ?? '');
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $5.00' }).click();
    const alert = await page.getByRole('alert').textContent();
    const current = await app.sdk.checkout.sessions.retrieve(session.id);

    expect(alert).toBe('Your card was declined.');
    expect(current).toMatchObject({ status: 'open', payment_status: 'unpaid' });
  });

  it('says "Your card number is invalid." for any other number', async () => {
    const session = await app.sdk.checkout.sessions.create(sessionParams(app));
    const page = await browser.current.newPage();
    cleanups.push(() => page.close());

    await page.goto(session.url ?? '');
    await page.getByLabel('Card number').fill('1234 5678 9012 3456');
    await page.getByRole('button', { name: 'Pay $5.00' }).click();
    const alert = await page.getByRole('alert').textContent();

    expect(alert).toBe('Your card number is invalid.');
  });

  it('shows LAUNCH50’s discount and asks for $2.50', async () => {
    const launch = await promotionCodeId(app, 'LAUNCH50');
    const session = await app.sdk.checkout.sessions.create(
      sessionParams(app, { discounts: [{ promotion_code: launch }] }),
    );
    const page = await browser.current.newPage();
    cleanups.push(() => page.close());

    await page.goto(session.url ?? '');
    const discount = await page.getByRole('row', { name: /Discount/ }).textContent();
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByRole('button', { name: 'Pay $2.50' }).click();
    await page.waitForURL(/\/success\?/);

    expect(discount).toContain('LAUNCH50, 50% off');
    expect(discount).toContain('−$2.50');
    expect((await app.sdk.checkout.sessions.retrieve(session.id)).amount_total).toBe(250);
  });

  it('completes a FREEAD session with "Complete order" and no card field', async () => {
    const freeAd = await promotionCodeId(app, 'FREEAD');
    const session = await app.sdk.checkout.sessions.create(
      sessionParams(app, { discounts: [{ promotion_code: freeAd }] }),
    );
    const page = await browser.current.newPage();
    cleanups.push(() => page.close());

    await page.goto(session.url ?? '');
    const cardFields = await page.getByLabel('Card number').count();
    await page.getByRole('button', { name: 'Complete order' }).click();
    await page.waitForURL(`${app.url}/success?session_id=${session.id}`);
    const completed = await webhooks.eventOf('checkout.session.completed', session.id);

    expect(cardFields).toBe(0);
    expect(completed.data.object).toMatchObject({
      status: 'complete',
      payment_status: 'no_payment_required',
      payment_intent: null,
      amount_total: 0,
    });
  });

  it('goes back to cancel_url with the Cancel link', async () => {
    const session = await app.sdk.checkout.sessions.create(sessionParams(app));
    const page = await browser.current.newPage();
    cleanups.push(() => page.close());

    await page.goto(session.url ?? '');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(`${app.url}/?checkout=canceled#pricing`);

    expect(new URL(page.url()).searchParams.get('checkout')).toBe('canceled');
  });

  it('shows an expired or completed session with a message and no pay form', async () => {
    const expired = await app.sdk.checkout.sessions.create(sessionParams(app));
    await app.sdk.checkout.sessions.expire(expired.id);
    const completed = await app.sdk.checkout.sessions.create(sessionParams(app));
    await submitPayPage(completed, '4242424242424242');
    const page = await browser.current.newPage();
    cleanups.push(() => page.close());

    await page.goto(expired.url ?? '');
    const expiredText = await page.getByRole('main').textContent();
    const expiredForms = await page.getByLabel('Card number').count();
    await page.goto(completed.url ?? '');
    const completedText = await page.getByRole('main').textContent();
    const continueLink = await page.getByRole('link', { name: 'Continue' }).getAttribute('href');

    expect(expiredText).toContain('This checkout session has expired.');
    expect(expiredForms).toBe(0);
    expect(completedText).toContain('This checkout session is already complete.');
    expect(continueLink).toBe(`${app.url}/success?session_id=${completed.id}`);
  });
});
