// The Stripe contract: every response the local Stripe server sends for the operations the product
// uses, and every event it delivers, validates against Stripe's published OpenAPI description
// (openapi.trimmed.json, cut by trim-openapi.ts) rather than against the fake's own idea of Stripe.
// `npm run test:stripe` runs the same flows against real Stripe in test mode, so the trimmed copy is
// held to the real API too.
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StripeContract, trimmedSpec } from './openapi-contract.ts';
import { type ContractTarget, checkoutParams, type LocalTarget, startTarget, targetKind } from './targets.ts';
import { usedOperations } from './used-api.ts';

const kind = targetKind();
let target: ContractTarget;
let contract: StripeContract;
/** `<method> <path template> <2xx|error>` for every checked response, for the coverage test. */
const exercised = new Set<string>();

beforeAll(async () => {
  target = await startTarget();
  contract = new StripeContract(target.kind === 'local');
});

afterAll(async () => {
  await target?.stop();
});

// Every response of every test is checked, whatever the test asserts itself.
afterEach(() => {
  const violations: string[] = [];
  for (const response of target.recorder.take()) {
    const operation = contract.operationOf(response);
    // Setup calls the product never makes (real Stripe only: coupons, PaymentIntents).
    if (!operation) continue;
    exercised.add(`${operation.method} ${operation.path} ${response.status < 300 ? '2xx' : 'error'}`);
    violations.push(...contract.checkResponse(response));
  }
  expect(violations).toEqual([]);
});

function expectConformingEvent(event: unknown): void {
  expect(contract.checkEvent(event)).toEqual([]);
}

async function createSession(discounts?: Stripe.Checkout.SessionCreateParams.Discount[]) {
  // The product keys each create by order id; a fresh key per call keeps replays out of this suite.
  return target.sdk.checkout.sessions.create(checkoutParams(target, discounts), {
    idempotencyKey: `checkout-${randomUUID()}`,
  });
}

async function promotionCodeId(code: string): Promise<string> {
  const list = await target.sdk.promotionCodes.list({ code, active: true, limit: 1 });
  const id = list.data[0]?.id;
  if (!id) throw new Error(`No active promotion code ${code}`);
  return id;
}

describe('the description', () => {
  it('is of the API version the pinned SDK speaks, down to its major version', () => {
    // stripe/openapi has no 2026-10-28.endive (the SDK's) in the stored copies; 2026-09-30.endive is
    // the nearest, and Stripe only adds fields and enum values within a major version.
    const [, descriptionMajor] = trimmedSpec.info.version.split('.');
    const [, sdkMajor] = Stripe.API_VERSION.split('.');

    expect(descriptionMajor).toBe(sdkMajor);
  });
});

describe('Checkout Sessions', () => {
  it('answers the session the product creates', async () => {
    const session = await createSession();

    expect(session).toMatchObject({ status: 'open', payment_status: 'unpaid', amount_total: 500 });
  });

  it('answers a promotion code looked up by its code, and a session it discounts', async () => {
    const promotionCode = await promotionCodeId(target.halfOffCode);

    const session = await createSession([{ promotion_code: promotionCode }]);

    expect(session).toMatchObject({ amount_total: 250, discounts: [{ promotion_code: promotionCode }] });
  });

  it('answers a retrieved session', async () => {
    const session = await createSession();

    const retrieved = await target.sdk.checkout.sessions.retrieve(session.id);

    expect(retrieved.id).toBe(session.id);
  });

  it('answers an expired session and sends checkout.session.expired', async () => {
    const session = await createSession();

    const expired = await target.sdk.checkout.sessions.expire(session.id);
    const event = await target.event('checkout.session.expired', session.id);

    expect(expired.status).toBe('expired');
    expectConformingEvent(event);
  });

  it('answers errors with Stripe’s error object: a second expiry (400), an unknown session (404)', async () => {
    const session = await createSession();
    await target.sdk.checkout.sessions.expire(session.id);

    const again = target.sdk.checkout.sessions.expire(session.id);
    const unknown = target.sdk.checkout.sessions.retrieve('cs_test_a1contractdoesnotexist');

    await expect(again).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
    await expect(unknown).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404 });
  });
});

describe('refunds', () => {
  it('answers the refund the product makes for a failed order, and sends charge.refunded', async () => {
    const paymentIntent = await target.paidPaymentIntent();

    const refund = await target.sdk.refunds.create(
      { payment_intent: paymentIntent, reason: 'requested_by_customer', metadata: { order_id: 'order-contract' } },
      { idempotencyKey: `refund-${randomUUID()}` },
    );
    const event = await target.event('charge.refunded', String(refund.charge));

    expect(refund).toMatchObject({ amount: 500, status: 'succeeded' });
    expectConformingEvent(event);
  });
});

// Real Checkout is paid in a browser on checkout.stripe.com, which this suite cannot drive; against
// real Stripe the completed events are read from the account instead (below).
if (kind === 'local') {
  const local = () => target as LocalTarget;

  describe('the hosted pay page', () => {
    it('completes a session paid with 4242 4242 4242 4242 and sends checkout.session.completed', async () => {
      const session = await createSession();

      const status = await local().payOnPage(session, '4242424242424242');
      const event = await target.event('checkout.session.completed', session.id);
      const paid = await target.sdk.checkout.sessions.retrieve(session.id);

      expect(status).toBe(303);
      expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid' });
      expectConformingEvent(event);
    });

    it('leaves a session open when 4000 0000 0000 0002 is declined', async () => {
      const session = await createSession();

      const status = await local().payOnPage(session, '4000000000000002');
      const retrieved = await target.sdk.checkout.sessions.retrieve(session.id);

      expect(status).toBe(200);
      expect(retrieved).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    });

    it('completes a session a 100 % promotion code pays for, with no card', async () => {
      const session = await createSession([{ promotion_code: await promotionCodeId(local().freeCode) }]);

      const status = await local().payOnPage(session);
      const event = await target.event('checkout.session.completed', session.id);

      expect(status).toBe(303);
      expect(event).toMatchObject({ data: { object: { payment_status: 'no_payment_required', amount_total: 0 } } });
      expectConformingEvent(event);
    });
  });
} else {
  describe('events this run cannot cause', () => {
    it('reads the latest checkout.session.completed events of the account, and they conform', async () => {
      await target.sdk.events.list({ type: 'checkout.session.completed', limit: 3 });
      const { data } = target.recorder.latestBody() as { data: unknown[] };

      expect(data.length, 'pay one Checkout Session of this test account by hand first').toBeGreaterThan(0);
      for (const event of data) expectConformingEvent(event);
    });
  });
}

describe('coverage', () => {
  it('drove every operation the product uses, and the errors it handles', () => {
    // Locally events arrive as webhook deliveries: the events endpoints are real Stripe's only.
    const operations = usedOperations.filter(({ path }) => target.kind === 'stripe' || !path.startsWith('/v1/events'));
    const expected = [
      ...operations.map(({ method, path }) => `${method} ${path} 2xx`),
      'get /v1/checkout/sessions/{session} error',
      'post /v1/checkout/sessions/{session}/expire error',
    ];

    expect([...exercised].sort()).toEqual(expected.sort());
  });
});
