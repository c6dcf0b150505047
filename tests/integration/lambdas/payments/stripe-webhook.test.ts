// Webhook deliveries are verified, deduplicated and harmless when repeated or out of order:
// however Stripe delivers, one paid order starts exactly one execution. A delivery Stripe did not
// sign is refused for its signature alone: each forgery below is a well-formed payment event for a
// real unpaid order, which stays unpaid with nothing started.
import { ListExecutionsCommand, SFNClient } from '@aws-sdk/client-sfn';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { Twin } from '#local/twin.ts';
import { storedOrder } from '../../support/orders-table.ts';
import {
  checkoutEvent,
  type DeliveryOptions,
  deliverEvent,
  signatureFor,
  stripeSession,
} from '../../support/stripe-events.ts';
import { callApi, orderRequest, sessionIdOf, twinForSuite } from '../../support/twin.ts';

const twin = twinForSuite();

async function newOrderSession(): Promise<{ orderId: string; session: Stripe.Checkout.Session }> {
  const created = await callApi<{ url: string }>(twin.current, 'POST', '/api/orders', orderRequest());
  if (created.status !== 200) throw new Error(`order refused: ${created.status} ${JSON.stringify(created.body)}`);
  const session = await stripeSession(twin.current, sessionIdOf(created.body.url));
  return { orderId: session.metadata?.order_id ?? '', session };
}

const paid = (session: Stripe.Checkout.Session): Stripe.Checkout.Session => ({
  ...session,
  status: 'complete',
  payment_status: 'paid',
  amount_total: 500,
  payment_intent: `pi_test_${session.id.slice(-8)}`,
  url: null,
});

async function executionsNamed(name: string) {
  const sfn = new SFNClient({
    endpoint: twin.current.endpoints.stepFunctions,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const list = await sfn.send(new ListExecutionsCommand({ stateMachineArn: twin.current.env.STATE_MACHINE_ARN }));
  sfn.destroy();
  return (list.executions ?? []).filter((execution) => execution.name === name);
}

describe('Stripe webhook', () => {
  it('starts exactly one execution when the same event arrives 5 times', async () => {
    const { orderId, session } = await newOrderSession();
    const event = checkoutEvent(`evt_dup_${orderId.slice(0, 8)}`, 'checkout.session.completed', paid(session));

    const sequential = [];
    for (let i = 0; i < 3; i++) sequential.push(await deliverEvent(twin.current, event));
    const concurrent = await Promise.all([deliverEvent(twin.current, event), deliverEvent(twin.current, event)]);

    expect(sequential.map((answer) => answer.status)).toEqual([200, 200, 200]);
    for (const answer of concurrent) expect([200, 409]).toContain(answer.status);
    expect(await executionsNamed(orderId)).toHaveLength(1);
    const order = await storedOrder(twin.current, orderId);
    expect(order).toMatchObject({ payment_status: 'paid', amount_cents: 500, stage: expect.any(String) });
    expect(order?.execution_arn).toContain(orderId);
  });

  it('starts one execution when two different events both report the payment', async () => {
    const { orderId, session } = await newOrderSession();

    await deliverEvent(
      twin.current,
      checkoutEvent(`evt_a_${orderId.slice(0, 8)}`, 'checkout.session.completed', paid(session)),
    );
    await deliverEvent(
      twin.current,
      checkoutEvent(`evt_b_${orderId.slice(0, 8)}`, 'checkout.session.completed', paid(session)),
    );

    expect(await executionsNamed(orderId)).toHaveLength(1);
  });

  it('keeps a paid order paid when an older expired event arrives after the payment', async () => {
    const { orderId, session } = await newOrderSession();

    await deliverEvent(
      twin.current,
      checkoutEvent(`evt_paid_${orderId.slice(0, 8)}`, 'checkout.session.completed', paid(session)),
    );
    const late = await deliverEvent(
      twin.current,
      checkoutEvent(`evt_exp_${orderId.slice(0, 8)}`, 'checkout.session.expired', { ...session, status: 'expired' }),
    );

    expect(late.status).toBe(200);
    expect((await storedOrder(twin.current, orderId))?.payment_status).toBe('paid');
    expect(await executionsNamed(orderId)).toHaveLength(1);
  });

  it('honours a payment that arrives after the order was marked expired', async () => {
    const { orderId, session } = await newOrderSession();

    await deliverEvent(
      twin.current,
      checkoutEvent(`evt_exp2_${orderId.slice(0, 8)}`, 'checkout.session.expired', { ...session, status: 'expired' }),
    );
    await deliverEvent(
      twin.current,
      checkoutEvent(`evt_paid2_${orderId.slice(0, 8)}`, 'checkout.session.completed', paid(session)),
    );

    expect((await storedOrder(twin.current, orderId))?.payment_status).toBe('paid');
    expect(await executionsNamed(orderId)).toHaveLength(1);
  });
});

describe('a delivery Stripe did not sign', () => {
  const missing = { status: 400, body: { error: 'Missing Stripe signature or body', errorCode: 'VALIDATION' } };
  const invalid = { status: 400, body: { error: 'Invalid Stripe signature', errorCode: 'VALIDATION' } };
  const toleranceSeconds = 300;

  /** A well-formed `checkout.session.completed` saying the real, unpaid order was paid. */
  async function paidEventOfUnpaidOrder() {
    const { orderId, session } = await newOrderSession();
    const event = checkoutEvent(`evt_forged_${orderId.slice(0, 8)}`, 'checkout.session.completed', paid(session));
    return { orderId, session, event };
  }

  async function expectUntouched(orderId: string): Promise<void> {
    const order = await storedOrder(twin.current, orderId);
    expect(order).toMatchObject({ order_status: 'pending', payment_status: 'unpaid', stage: 'awaiting_payment' });
    expect(order?.execution_arn).toBeUndefined();
    expect(await executionsNamed(orderId)).toHaveLength(0);
  }

  it('refuses the payment event without a Stripe-Signature header, and takes the same event once signed', async () => {
    // Prepare
    const { orderId, event } = await paidEventOfUnpaidOrder();

    // Act
    const unsigned = await deliverEvent(twin.current, event, { signature: null });
    const afterRefusal = await storedOrder(twin.current, orderId);
    const executionsAfterRefusal = await executionsNamed(orderId);
    const signed = await deliverEvent(twin.current, event);

    // Assess: refused for its signature alone, since the very same event is taken when signed.
    expect(unsigned).toEqual(missing);
    expect(afterRefusal).toMatchObject({ order_status: 'pending', payment_status: 'unpaid' });
    expect(afterRefusal?.execution_arn).toBeUndefined();
    expect(executionsAfterRefusal).toHaveLength(0);
    expect(signed.status).toBe(200);
    expect(await storedOrder(twin.current, orderId)).toMatchObject({ payment_status: 'paid', amount_cents: 500 });
    expect(await executionsNamed(orderId)).toHaveLength(1);
  });

  it.each<[string, (twin: Twin, event: unknown, session: Stripe.Checkout.Session) => DeliveryOptions, typeof missing]>([
    ['an empty Stripe-Signature header', () => ({ signature: '' }), missing],
    ['a signature made with another secret', () => ({ secret: 'whsec_not_ours' }), invalid],
    [
      `a correct signature ${toleranceSeconds + 1} s old (the tolerance is ${toleranceSeconds} s)`,
      () => ({ timestamp: Math.floor(Date.now() / 1000) - (toleranceSeconds + 1) }),
      invalid,
    ],
    [
      'a correct signature of the same event still unpaid (the body changed after signing)',
      (twin, event, session) => ({
        signature: signatureFor(twin, JSON.stringify({ ...(event as object), data: { object: session } })),
      }),
      invalid,
    ],
    [
      'a signature header of junk',
      () => ({ signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }),
      invalid,
    ],
  ])(
    'refuses the payment event with %s: the order stays unpaid, nothing starts',
    async (_signature, options, refusal) => {
      // Prepare
      const { orderId, session, event } = await paidEventOfUnpaidOrder();

      // Act
      const answer = await deliverEvent(twin.current, event, options(twin.current, event, session));

      // Assess
      expect(answer).toEqual(refusal);
      await expectUntouched(orderId);
    },
  );
});
