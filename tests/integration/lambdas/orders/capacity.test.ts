// GET /api/capacity on a real twin: the day's capacity minus the orders paid or made free today
// (a counter in the rate-limits table, DynamoDB Local), never below zero, cached for a minute.
// Checkouts left unpaid, cancelled or expired, take no spot: anyone may open them.
// Paid orders stay processing here: every render fails at once and the state machine's retries
// wait 20 times longer than in AWS, so the file never waits on an ad.

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { twinRenderFunctionName } from '#local/twin.ts';
import type { CapacityResponse } from '#shared/contract.ts';
import { envNames } from '#shared/runtime-env.ts';
import { documentsOf, storedOrder } from '../../support/orders-table.ts';
import { createOrder, payForOrder } from '../../support/pay.ts';
import { checkoutEvent, deliverEvent, stripeSession } from '../../support/stripe-events.ts';
import { callApi, eventually, sessionIdOf, twinForSuite } from '../../support/twin.ts';

const dailyCapacity = 2;
const twin = twinForSuite({ dailyCapacity, waitScale: 20, reconcileIntervalMs: 3_600_000 });

beforeAll(() => {
  twin.current.lambda.failNext(twinRenderFunctionName, 100_000);
});

async function readCapacity(): Promise<{ status: number; cacheControl: string | null; body: CapacityResponse }> {
  const response = await fetch(`${twin.current.url}/api/capacity`);
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    body: (await response.json()) as CapacityResponse,
  };
}

const spotsLeft = async () => (await readCapacity()).body.spotsLeft;

/** Pays (or, with no card, completes a 100 % code's) checkout and waits for the webhook to record it. */
async function pay(checkoutUrl: string, card?: string): Promise<string> {
  const orderId = await payForOrder(twin.current, checkoutUrl, card);
  const paidAs = ['paid', 'free'];
  await eventually(
    async () => paidAs.includes((await storedOrder(twin.current, orderId))?.payment_status ?? ''),
    60_000,
  );
  return orderId;
}

/** The order id of a local Checkout URL, from the session the API opened for it. */
async function orderIdOf(checkoutUrl: string): Promise<string> {
  return (await stripeSession(twin.current, sessionIdOf(checkoutUrl))).client_reference_id ?? '';
}

/** Stripe tells the webhook that the checkout lapsed unpaid. */
async function expireCheckout(checkoutUrl: string): Promise<void> {
  const session = await stripeSession(twin.current, sessionIdOf(checkoutUrl));
  const event = checkoutEvent(`evt_capacity_${session.id}`, 'checkout.session.expired', {
    ...session,
    status: 'expired',
  });
  expect((await deliverEvent(twin.current, event)).status).toBe(200);
}

describe('GET /api/capacity', () => {
  it('answers the full capacity before any order today, cacheable for a minute', async () => {
    const answer = await readCapacity();

    expect(answer).toEqual({
      status: 200,
      cacheControl: 'public, max-age=60',
      body: { spotsLeft: dailyCapacity, dailyCapacity },
    });
  });

  it('takes no spot for checkouts left unpaid, cancelled or expired', async () => {
    const open = await createOrder(twin.current);
    const cancelled = await createOrder(twin.current);
    const expired = await createOrder(twin.current);
    const cancelledId = await orderIdOf(cancelled);
    const expiredId = await orderIdOf(expired);

    expect((await callApi(twin.current, 'POST', `/api/orders/${cancelledId}/cancel`)).status).toBe(200);
    await expireCheckout(expired);

    expect(await orderIdOf(open)).not.toBe('');
    expect((await storedOrder(twin.current, cancelledId))?.payment_status).toBe('canceled');
    expect((await storedOrder(twin.current, expiredId))?.payment_status).toBe('expired');
    expect(await spotsLeft()).toBe(dailyCapacity);
  });

  it('has one spot less for a paid order and one less for a free one', async () => {
    const before = await spotsLeft();

    const paidId = await pay(await createOrder(twin.current));
    const afterPaid = await spotsLeft();
    const freeId = await pay(await createOrder(twin.current, { couponCode: 'FREEAD' }), '');
    const afterFree = await spotsLeft();

    expect((await storedOrder(twin.current, paidId))?.payment_status).toBe('paid');
    expect((await storedOrder(twin.current, freeId))?.payment_status).toBe('free');
    expect([before, afterPaid, afterFree]).toEqual([2, 1, 0]);
  });

  it('never goes below zero, and a full day does not stop orders', async () => {
    await pay(await createOrder(twin.current));

    const answer = await readCapacity();

    expect(answer.body).toEqual({ spotsLeft: 0, dailyCapacity });
  });

  it('counts in one item per UTC day that lapses two days after the day ends', async () => {
    const documents = documentsOf(twin.current);
    const today = new Date().toISOString().slice(0, 10);

    const { Item } = await documents.send(
      new GetCommand({
        TableName: twin.current.env[envNames.rateLimitsTable],
        Key: { pk: `capacity#${today}`, sk: 'orders' },
      }),
    );
    documents.destroy();

    // The paid, the free and the one past the capacity; none of the three unpaid checkouts.
    expect(Item?.orders).toBe(3);
    expect(Item?.expires_at).toBe(Date.parse(`${today}T00:00:00Z`) / 1000 + 3 * 86_400);
  });
});
