// Webhook deliveries are verified, deduplicated and harmless when repeated or out of order:
// however Stripe delivers, one paid order starts exactly one execution.
import { ListExecutionsCommand, SFNClient } from '@aws-sdk/client-sfn';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { storedOrder } from './support/orders-table.ts';
import { checkoutEvent, deliverEvent, stripeSession } from './support/stripe-events.ts';
import { callApi, orderRequest, sessionIdOf, twinForSuite } from './support/twin.ts';

const twin = twinForSuite();

async function newOrderSession(): Promise<{ orderId: string; session: Stripe.Checkout.Session }> {
  const created = await callApi<{ url: string }>(twin.current, 'POST', '/api/orders', orderRequest());
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

  it('refuses a delivery signed with another secret', async () => {
    const { orderId, session } = await newOrderSession();

    const answer = await deliverEvent(
      twin.current,
      checkoutEvent(`evt_forged_${orderId.slice(0, 8)}`, 'checkout.session.completed', paid(session)),
      { secret: 'whsec_not_ours' },
    );

    expect(answer).toEqual({ status: 400, body: { error: 'Invalid Stripe signature', errorCode: 'VALIDATION' } });
    expect((await storedOrder(twin.current, orderId))?.payment_status).toBe('unpaid');
    expect(await executionsNamed(orderId)).toHaveLength(0);
  });

  it('refuses a correctly signed delivery older than 5 minutes', async () => {
    const { orderId, session } = await newOrderSession();

    const answer = await deliverEvent(
      twin.current,
      checkoutEvent(`evt_old_${orderId.slice(0, 8)}`, 'checkout.session.completed', paid(session)),
      { timestamp: Math.floor(Date.now() / 1000) - 600 },
    );

    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe('VALIDATION');
    expect(await executionsNamed(orderId)).toHaveLength(0);
  });

  it('refuses a delivery without a signature', async () => {
    const answer = await deliverEvent(twin.current, { id: 'evt_unsigned' }, { signature: '' });

    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe('VALIDATION');
  });
});
