// The 3-active-orders limit tested whole against DynamoDB Local (docs/decisions/slots-at-payment.md): a slot is claimed when an
// order is paid, per canonical mailbox and atomically under concurrency; it lapses 24 h after the
// payment, to the second, and a lapsed slot is claimed again; a completed or failed order frees its
// slot (through the state machine's own MarkCompleted and MarkFailed); a 100 % code gives one free
// ad per mailbox; and an unpaid order's read asks Stripe at most once every few seconds.
import { describe, expect, it } from 'vitest';
import { mailboxHash } from '#common/hashing.ts';
import { handler as markCompletedHandler } from '#generation/mark-completed.handler.ts';
import { handler as markFailedHandler } from '#generation/mark-failed.handler.ts';
import { lambdaContext } from '#local/lambda/context.ts';
import {
  claimCheckoutCheck,
  createPendingOrder,
  markOrderPaid,
  markOrderProcessing,
  type OrderPayment,
  recordOrderDelivery,
} from '#orders/order-lifecycle.ts';
import type { OrderRecord } from '#orders/order-record.ts';
import { activeOrderIds } from '#orders/order-slots.ts';
import { config, serviceLimits } from '#shared/config.ts';
import { createOrderRequestSchema } from '#shared/create-order-request.ts';
import { variantsOf } from '#tests/unit/fixtures/mailboxes.ts';
import { orderTablesForSuite } from '../../support/order-tables.ts';

const tables = orderTablesForSuite('mailbox-slots-test');

const paid: OrderPayment = { paymentStatus: 'paid', amountCents: 500, currency: 'usd', paymentIntent: 'pi_test' };
const free: OrderPayment = { paymentStatus: 'free', amountCents: 0, currency: 'usd' };

let inboxCounter = 0;
/** A fresh inbox's 29 spellings, so tests do not share a mailbox. */
function freshInbox(): string[] {
  inboxCounter += 1;
  return variantsOf(`slots${process.pid}x${inboxCounter}`);
}

function newOrder(email: string, couponCode: string | null = null): Promise<OrderRecord> {
  return createPendingOrder(
    createOrderRequestSchema.parse({ website: 'https://example.com', email, durationSeconds: '4', couponCode }),
  );
}

const hoursAgo = (hours: number) => Math.floor(Date.now() / 1000) - hours * 3600;

/** The mailbox's slots, held by orders that are not in this table, as if paid earlier. */
async function holdSlots(email: string, expiresAt: number, slots = [1, 2, 3]): Promise<void> {
  for (const slot of slots) {
    await tables.putRateLimitItem({
      pk: `mailbox#${mailboxHash(email)}`,
      sk: `slot#${slot}`,
      order_id: `earlier-${slot}`,
      expires_at: expiresAt,
    });
  }
}

/** A paid order taken to the point where the state machine's MarkCompleted runs. */
async function deliveredOrder(email: string): Promise<OrderRecord> {
  const order = await newOrder(email);
  await markOrderPaid(order.id, paid);
  await markOrderProcessing(order.id);
  await recordOrderDelivery(order.id, { videoKey: `${order.id}/ad.mp4`, posterKey: `${order.id}/poster.jpg` });
  return order;
}

describe('the slot of a paid order', () => {
  it('lets 3 of 29 spellings of one inbox pay and refuses the other 26, all paying at once', async () => {
    // Prepare
    const variants = freshInbox();
    const orders = await Promise.all(variants.map((email) => newOrder(email)));

    // Act
    const rows = await Promise.all(orders.map((order) => markOrderPaid(order.id, paid)));

    // Assess
    const taken = rows.filter((row) => row?.payment_status === 'paid' && row.order_status === 'pending');
    const refused = rows.filter((row) => row?.refused_because === 'activeOrderLimit');
    expect(taken).toHaveLength(config.limits.activeOrdersPerEmail);
    expect(refused).toHaveLength(29 - config.limits.activeOrdersPerEmail);
    for (const row of refused) expect(row).toMatchObject({ order_status: 'failed', payment_status: 'paid' });
    expect((await activeOrderIds(mailboxHash(variants[0] ?? ''))).sort()).toEqual(taken.map((row) => row?.id).sort());
  });

  it('holds no slot while unpaid: three unpaid orders leave every slot free', async () => {
    // Prepare
    const [victim = '', ...strangers] = freshInbox();
    for (const email of strangers.slice(0, 3)) await newOrder(email);

    // Act
    const own = await newOrder(victim);
    const row = await markOrderPaid(own.id, paid);

    // Assess
    expect(row).toMatchObject({ payment_status: 'paid', order_status: 'pending', slot_sk: 'slot#1' });
    expect(await activeOrderIds(mailboxHash(victim))).toEqual([own.id]);
  });

  it('claims a lapsed slot again: slots older than 24 h that TTL has not removed yet', async () => {
    // Prepare (this suite's table has no TTL, so the lapsed items stay)
    const [email = ''] = freshInbox();
    await holdSlots(email, hoursAgo(1));

    // Act
    const countedAtCreate = await activeOrderIds(mailboxHash(email));
    const order = await newOrder(email);
    const row = await markOrderPaid(order.id, paid);

    // Assess
    expect(await tables.rateLimitItems(`mailbox#${mailboxHash(email)}`)).toHaveLength(3);
    expect(countedAtCreate).toEqual([]);
    expect(row).toMatchObject({ payment_status: 'paid', order_status: 'pending' });
    expect(row?.refused_because).toBeUndefined();
    expect(await activeOrderIds(mailboxHash(email))).toEqual([order.id]);
  });

  it('holds each slot for exactly the window: refused 25 minutes and 24 h later, taken again 1 s after', async () => {
    // Prepare: the inbox's three orders paid at one moment.
    const variants = freshInbox();
    const mailbox = mailboxHash(variants[0] ?? '');
    const slotsOf = async () =>
      (await tables.rateLimitItems(`mailbox#${mailbox}`))
        .filter((item) => String(item.sk).startsWith('slot#'))
        .map(({ sk, order_id, expires_at }) => ({ sk, order_id, expires_at }));
    const paidAt = new Date('2026-03-02T09:15:30.250Z');
    const paidAtSeconds = Math.floor(paidAt.getTime() / 1000);
    const windowSeconds = config.limits.activeOrderWindowHours * 3600;
    const paidAtPlus = (seconds: number) => new Date(paidAt.getTime() + seconds * 1000);
    const held = await Promise.all(variants.slice(0, 3).map((email) => newOrder(email)));
    for (const order of held) await markOrderPaid(order.id, paid, paidAt);
    const [early, atWindow, lapsed] = await Promise.all(variants.slice(3, 6).map((email) => newOrder(email)));
    const slotsWhenPaid = await slotsOf();

    // Act
    const refusedEarly = await markOrderPaid(early?.id ?? '', paid, paidAtPlus(25 * 60));
    const refusedAtWindow = await markOrderPaid(atWindow?.id ?? '', paid, paidAtPlus(windowSeconds));
    const activeAtWindow = await activeOrderIds(mailbox, paidAtPlus(windowSeconds));
    const activeAfterWindow = await activeOrderIds(mailbox, paidAtPlus(windowSeconds + 1));
    const taken = await markOrderPaid(lapsed?.id ?? '', paid, paidAtPlus(windowSeconds + 1));

    // Assess: the window is 24 hours, and each slot lapses at its payment + 24 h, to the second.
    expect(windowSeconds).toBe(24 * 60 * 60);
    expect(refusedEarly).toMatchObject({ order_status: 'failed', refused_because: 'activeOrderLimit' });
    expect(refusedAtWindow).toMatchObject({ order_status: 'failed', refused_because: 'activeOrderLimit' });
    expect(slotsWhenPaid.map(({ order_id, expires_at }) => ({ order_id, expires_at }))).toEqual(
      expect.arrayContaining(held.map((order) => ({ order_id: order.id, expires_at: paidAtSeconds + windowSeconds }))),
    );
    expect(slotsWhenPaid).toHaveLength(3);
    expect(activeAtWindow.sort()).toEqual(held.map((order) => order.id).sort());
    expect(activeAfterWindow).toEqual([]);
    expect(taken).toMatchObject({ payment_status: 'paid', order_status: 'pending', slot_sk: 'slot#1' });
    expect(await slotsOf()).toContainEqual({
      sk: 'slot#1',
      order_id: lapsed?.id,
      expires_at: paidAtSeconds + 1 + 2 * windowSeconds,
    });
  });

  it('refuses a payment while the three slots are held and unlapsed', async () => {
    // Prepare
    const [email = ''] = freshInbox();
    await holdSlots(email, hoursAgo(-1));

    // Act
    const order = await newOrder(email);
    const row = await markOrderPaid(order.id, paid);

    // Assess
    expect(row).toMatchObject({ order_status: 'failed', payment_status: 'paid', refused_because: 'activeOrderLimit' });
  });

  it('is freed by MarkCompleted, so the next payment of a full mailbox is taken', async () => {
    // Prepare
    const [email = '', other = ''] = freshInbox();
    await holdSlots(email, hoursAgo(-1), [2, 3]);
    const finishing = await deliveredOrder(email);
    const waiting = await newOrder(other);

    // Act
    await markCompletedHandler({ orderId: finishing.id }, lambdaContext('MarkCompleted', 30));
    const row = await markOrderPaid(waiting.id, paid);

    // Assess
    expect((await tables.row(finishing.id))?.order_status).toBe('completed');
    expect(row).toMatchObject({ payment_status: 'paid', order_status: 'pending', slot_sk: 'slot#1' });
  });

  it('is freed by MarkFailed, so the next payment of a full mailbox is taken', async () => {
    // Prepare
    const [email = '', other = ''] = freshInbox();
    await holdSlots(email, hoursAgo(-1), [2, 3]);
    const failing = await deliveredOrder(email);
    const waiting = await newOrder(other);

    // Act
    await markFailedHandler(
      { orderId: failing.id, failure: { Error: 'RenderFailed', Cause: 'test' } },
      lambdaContext('MarkFailed', 30),
    );
    const row = await markOrderPaid(waiting.id, paid);

    // Assess
    expect((await tables.row(failing.id))?.order_status).toBe('failed');
    expect(row).toMatchObject({ payment_status: 'paid', order_status: 'pending', slot_sk: 'slot#1' });
  });
});

describe('a 100 % code', () => {
  it('makes one order free per mailbox: the same code from another spelling is refused', async () => {
    // Prepare
    const [first = '', second = ''] = freshInbox();
    const one = await newOrder(first, 'FREEAD');
    const two = await newOrder(second, 'FREEAD');

    // Act
    const taken = await markOrderPaid(one.id, free);
    const refused = await markOrderPaid(two.id, free);

    // Assess
    expect(taken).toMatchObject({ payment_status: 'free', order_status: 'pending' });
    expect(refused).toMatchObject({
      payment_status: 'free',
      order_status: 'failed',
      refused_because: 'freeCouponUsed',
    });
    // The refused order took no slot: the mailbox has one active order.
    expect(await activeOrderIds(mailboxHash(first))).toEqual([one.id]);
  });

  it('counts per code: another 100 % code still makes an order of the same mailbox free', async () => {
    // Prepare
    const [first = '', second = ''] = freshInbox();
    const one = await newOrder(first, 'FREEAD');
    const other = await newOrder(second, 'SPRINGFREE');

    // Act
    await markOrderPaid(one.id, free);
    const row = await markOrderPaid(other.id, free);

    // Assess
    expect(row).toMatchObject({ payment_status: 'free', order_status: 'pending' });
  });
});

describe('asking Stripe about an unpaid order', () => {
  it('is allowed once per order every checkoutCheckSeconds, whoever asks', async () => {
    // Prepare
    const [email = ''] = freshInbox();
    const order = await newOrder(email);
    const now = new Date();
    const later = new Date(now.getTime() + (serviceLimits.checkoutCheckSeconds + 1) * 1000);

    // Act
    const answers = await Promise.all(Array.from({ length: 5 }, () => claimCheckoutCheck(order.id, now)));
    const again = await claimCheckoutCheck(order.id, new Date(now.getTime() + 2000));
    const afterwards = await claimCheckoutCheck(order.id, later);

    // Assess
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(again).toBe(false);
    expect(afterwards).toBe(true);
    expect((await tables.row(order.id))?.updated_at).toBe(order.updated_at);
  });

  it('is never needed once the order is paid', async () => {
    // Prepare
    const [email = ''] = freshInbox();
    const order = await newOrder(email);
    await markOrderPaid(order.id, paid);

    // Act
    const answer = await claimCheckoutCheck(order.id);

    // Assess
    expect(answer).toBe(false);
  });
});
