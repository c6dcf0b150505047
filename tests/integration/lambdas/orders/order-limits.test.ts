// The spec's 3 active orders per 24 h, per inbox, through the API and the local Stripe pay page
// (docs/decisions/slots-at-payment.md): a slot is claimed when an order is paid, never when its checkout opens; the third
// claim expires the inbox's other open checkouts; a payment that still lands on a full inbox is
// refunded at once with an email saying why; a 100 % code gives one free ad per inbox.
// Paid orders here stay processing for the whole file: every render fails at once and the state
// machine's retries wait 20 times longer than in AWS, so no slot is freed behind a test's back.

import { beforeAll, describe, expect, it } from 'vitest';
import { decodeMessage } from '#local/ses/outbox.ts';
import { twinRenderFunctionName } from '#local/twin.ts';
import { config } from '#shared/config.ts';
import { messages } from '#shared/contract.ts';
import { variantsOf } from '#tests/unit/fixtures/mailboxes.ts';
import { activeSlotHolders, holdMailboxSlots } from '../../support/mailbox-slots.ts';
import { storedOrder } from '../../support/orders-table.ts';
import { payForOrder } from '../../support/pay.ts';
import { stripeSession } from '../../support/stripe-events.ts';
import { callApi, eventually, orderRequest, sessionIdOf, twinForSuite } from '../../support/twin.ts';

const twin = twinForSuite({ waitScale: 20, reconcileIntervalMs: 3_600_000 });

beforeAll(() => {
  twin.current.lambda.failNext(twinRenderFunctionName, 100_000);
});

let inboxCounter = 0;
/** A fresh inbox's 29 spellings (`<name>@gmail.com`, +tags, dots, googlemail.com). */
function freshInbox(): string[] {
  inboxCounter += 1;
  return variantsOf(`limits${process.pid}x${inboxCounter}`);
}

const createFor = (email: string, overrides: Record<string, unknown> = {}) =>
  callApi<{ url: string; error?: string; errorCode?: string }>(
    twin.current,
    'POST',
    '/api/orders',
    orderRequest({ email, durationSeconds: '4', ...overrides }),
  );

async function checkoutFor(email: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const created = await createFor(email, overrides);
  if (created.status !== 200) throw new Error(`order refused: ${JSON.stringify(created.body)}`);
  return created.body.url;
}

/** The order id of a checkout, from the row the API wrote for its session. */
async function orderIdOf(checkoutUrl: string): Promise<string> {
  const session = await stripeSession(twin.current, sessionIdOf(checkoutUrl));
  return session.client_reference_id ?? '';
}

/** The mail sent to the address as the buyer typed it, decoded. */
async function mailTo(email: string) {
  const sent = (await twin.current.outbox.listMessages()).filter((message) => message.to.includes(email.trim()));
  return Promise.all(
    sent.map(async (message) => ({ ...message, ...decodeMessage(await twin.current.outbox.readMessage(message.id)) })),
  );
}

describe('3 active orders per inbox', () => {
  it('gives 29 spellings of one inbox at most 3 active orders, and expires the rest at Stripe', async () => {
    // Prepare
    const variants = freshInbox();
    const checkouts: string[] = [];
    for (const email of variants) checkouts.push(await checkoutFor(email));

    // Act
    const paid = [];
    for (const checkout of checkouts.slice(0, 3)) paid.push(await payForOrder(twin.current, checkout));
    const late = await payForOrder(twin.current, checkouts[3] ?? '').catch((error: Error) => error);
    const thirtieth = await createFor(variants[10] ?? '');

    // Assess
    expect((await activeSlotHolders(twin.current, variants[0] ?? '')).sort()).toEqual([...paid].sort());
    expect(late).toBeInstanceOf(Error);
    // The claim of the last slot expires the other checkouts after its payment is answered (and
    // Stripe's expired events then mark their orders), so a busy machine may still be doing it.
    const statuses = async () => {
      const sessions = await Promise.all(
        checkouts.slice(3).map((url) => stripeSession(twin.current, sessionIdOf(url))),
      );
      const orders = await Promise.all(
        checkouts.slice(3).map(async (url) => storedOrder(twin.current, await orderIdOf(url))),
      );
      return {
        sessions: sessions.map((session) => session.status),
        orders: orders.map((order) => order?.payment_status),
      };
    };
    const settled = await eventually(async () => {
      const now = await statuses();
      return [...now.sessions, ...now.orders].every((status) => status === 'expired') && now;
    }, 45_000).catch(statuses);
    expect(settled.sessions).toEqual(Array(26).fill('expired'));
    expect(settled.orders).toEqual(Array(26).fill('expired'));
    expect(thirtieth).toEqual({ status: 429, body: { error: messages.rateLimit, errorCode: 'RATE_LIMIT' } });
  }, 180_000);

  it('lets a buyer order and pay after strangers opened 3 checkouts for the address', async () => {
    // Prepare
    const [victim = '', ...spellings] = freshInbox();
    for (const email of [victim, ...spellings.slice(0, 2)]) await checkoutFor(email);

    // Act
    const own = await createFor(victim);
    const orderId = await payForOrder(twin.current, own.body.url);

    // Assess
    expect(own.status).toBe(200);
    expect(await storedOrder(twin.current, orderId)).toMatchObject({ payment_status: 'paid' });
    expect((await storedOrder(twin.current, orderId))?.refused_because).toBeUndefined();
    expect(await activeSlotHolders(twin.current, victim)).toEqual([orderId]);
  });

  it('refunds at once, and says why by email, a payment that lands on an inbox already at 3', async () => {
    // Prepare: the checkout opened while the inbox had room; 3 other orders were paid since.
    const [email = ''] = freshInbox();
    const checkout = await checkoutFor(email);
    await holdMailboxSlots(twin.current, email);

    // Act
    const orderId = await payForOrder(twin.current, checkout);

    // Assess
    const order = await eventually(async () => {
      const row = await storedOrder(twin.current, orderId);
      return row?.payment_status === 'refunded' && row;
    });
    expect(order).toMatchObject({ order_status: 'failed', refused_because: 'activeOrderLimit' });
    expect(order.refund_id).toMatch(/^re_/);
    expect(twin.current.steps.getExecution(orderId)).toBeUndefined();
    const [mail] = await eventually(async () => {
      const sent = await mailTo(email);
      return sent.length > 0 && sent;
    });
    expect(mail?.subject).toContain('was not started');
    expect(mail?.text).toContain(`already has ${config.limits.activeOrdersPerEmail} ads being made`);
    expect(mail?.text).toContain('Your payment of $5.00 has been refunded.');
    const read = await callApi(twin.current, 'GET', `/api/orders/${orderId}`);
    expect(read.body).toMatchObject({ order_status: 'failed', payment_status: 'refunded' });
  });

  it('takes a slot older than 24 h again: the inbox can order and pay', async () => {
    // Prepare (DynamoDB Local's TTL may remove lapsed slots at any moment; mailbox-slots.test.ts
    // holds them in a table without TTL, which is what proves that lapsed slots are claimed again)
    const [email = ''] = freshInbox();
    await holdMailboxSlots(twin.current, email, { hoursAgo: config.limits.activeOrderWindowHours + 1 });

    // Act
    const created = await createFor(email);
    const orderId = await payForOrder(twin.current, created.body.url);

    // Assess
    expect(created.status).toBe(200);
    expect(await storedOrder(twin.current, orderId)).toMatchObject({ payment_status: 'paid' });
    expect(await activeSlotHolders(twin.current, email)).toEqual([orderId]);
  });
});

describe('a 100 % code', () => {
  it('gives one free ad per inbox: FREEAD from another spelling is refused with a clear error', async () => {
    // Prepare
    const [first = '', , , second = ''] = freshInbox();
    const orderId = await payForOrder(twin.current, await checkoutFor(first, { couponCode: 'FREEAD' }), '');

    // Act
    const again = await createFor(second, { couponCode: 'freead' });

    // Assess
    expect(await storedOrder(twin.current, orderId)).toMatchObject({ payment_status: 'free' });
    expect(again).toEqual({
      status: 400,
      body: { error: messages.freeCouponAlreadyUsed('FREEAD'), errorCode: 'INVALID_COUPON' },
    });
    expect((await createFor(second)).status).toBe(200);
  });

  it('starts only the first of two free checkouts opened together, and tells the second why', async () => {
    // Prepare
    const [first = '', second = ''] = freshInbox();
    const checkouts = [
      await checkoutFor(first, { couponCode: 'FREEAD' }),
      await checkoutFor(second, { couponCode: 'FREEAD' }),
    ];

    // Act
    const taken = await payForOrder(twin.current, checkouts[0] ?? '', '');
    const refused = await payForOrder(twin.current, checkouts[1] ?? '', '');

    // Assess
    expect(await storedOrder(twin.current, taken)).toMatchObject({ payment_status: 'free' });
    expect(await storedOrder(twin.current, refused)).toMatchObject({
      order_status: 'failed',
      payment_status: 'free',
      refused_because: 'freeCouponUsed',
    });
    expect(twin.current.steps.getExecution(refused)).toBeUndefined();
    const [mail] = await eventually(async () => {
      const sent = await mailTo(second);
      return sent.length > 0 && sent;
    });
    expect(mail?.text).toContain("the coupon code 'FREEAD' gives one free ad per email address");
    expect(mail?.text).toContain('You were not charged.');
  });
});
