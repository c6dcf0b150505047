// What the rate-limits table knows of a mailbox (docs/decisions/slots-at-payment.md), all under one key per canonical mailbox:
// - three slots, the spec's "3 active orders within 24 hours": a slot is claimed when an order is
//   paid or made free, in the same transaction as that transition (order-lifecycle.ts), freed
//   when the order completes or fails, and lapses after 24 h. TTL deletion is lazy, so every
//   condition and count compares expires_at with now instead of trusting that lapsed slots are gone;
// - the open checkouts, so that the claim of the last slot can expire them at Stripe;
// - the 100 % codes the mailbox has redeemed: one free ad per code and mailbox.
// An unpaid checkout holds no slot, so a stranger who knows a buyer's address cannot lock them out.
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, type TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import { documents } from '#common/dynamodb-clients.ts';
import { config } from '#shared/config.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import { mailboxOf, type OrderRecord } from './order-record.ts';

const table = () => requireEnv(envNames.rateLimitsTable);
const mailboxKey = (mailbox: string) => `mailbox#${mailbox}`;
const checkoutSk = (orderId: string) => `checkout#${orderId}`;
const freeCouponSk = (code: string) => `free-coupon#${code.toUpperCase()}`;
const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** The slots a mailbox has, in the order they are tried. */
export const slotKeys: readonly string[] = Array.from(
  { length: config.limits.activeOrdersPerEmail },
  (_, i) => `slot#${i + 1}`,
);

/** The transaction item claiming `slotSk` for the order: only a free or lapsed slot is taken. */
export function slotClaim(mailbox: string, slotSk: string, orderId: string, now: Date): TransactWriteItem {
  return {
    Put: {
      TableName: table(),
      Item: {
        pk: mailboxKey(mailbox),
        sk: slotSk,
        order_id: orderId,
        expires_at: nowSeconds(now) + config.limits.activeOrderWindowHours * 3600,
      },
      ConditionExpression: 'attribute_not_exists(pk) OR expires_at < :now',
      ExpressionAttributeValues: { ':now': nowSeconds(now) },
    },
  };
}

/** The transaction item recording the mailbox's one redemption of a 100 % code (kept: no expiry). */
export function freeCouponRedemption(mailbox: string, code: string, orderId: string, now: Date): TransactWriteItem {
  return {
    Put: {
      TableName: table(),
      Item: { pk: mailboxKey(mailbox), sk: freeCouponSk(code), order_id: orderId, redeemed_at: now.toISOString() },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The transaction item forgetting the order's open checkout (it is paid now). */
export function checkoutClosed(mailbox: string, orderId: string): TransactWriteItem {
  return { Delete: { TableName: table(), Key: { pk: mailboxKey(mailbox), sk: checkoutSk(orderId) } } };
}

/** The ids of the orders holding the mailbox's unlapsed slots. */
export async function activeOrderIds(mailbox: string, now = new Date()): Promise<string[]> {
  const items = await itemsOf(mailbox, 'slot#');
  return items.filter((item) => Number(item.expires_at) >= nowSeconds(now)).map((item) => String(item.order_id));
}

/** Whether the mailbox has had a free ad with this 100 % code. */
export async function hasRedeemedFreeCoupon(mailbox: string, code: string): Promise<boolean> {
  const result = await documents().send(
    new GetCommand({ TableName: table(), Key: { pk: mailboxKey(mailbox), sk: freeCouponSk(code) } }),
  );
  return result.Item !== undefined;
}

/** Notes an order's open checkout under its mailbox until the session expires. */
export async function recordOpenCheckout(
  order: Pick<OrderRecord, 'id' | 'mailbox_hash' | 'email'>,
  sessionId: string,
  expiresAt: Date,
): Promise<void> {
  await documents().send(
    new PutCommand({
      TableName: table(),
      Item: {
        pk: mailboxKey(mailboxOf(order)),
        sk: checkoutSk(order.id),
        order_id: order.id,
        session_id: sessionId,
        expires_at: nowSeconds(expiresAt),
      },
    }),
  );
}

export async function forgetOpenCheckout(order: Pick<OrderRecord, 'id' | 'mailbox_hash' | 'email'>): Promise<void> {
  await documents().send(
    new DeleteCommand({ TableName: table(), Key: { pk: mailboxKey(mailboxOf(order)), sk: checkoutSk(order.id) } }),
  );
}

/** The mailbox's checkouts that may still be paid. */
export async function openCheckoutsOf(
  mailbox: string,
  now = new Date(),
): Promise<{ orderId: string; sessionId: string }[]> {
  const items = await itemsOf(mailbox, 'checkout#');
  return items
    .filter((item) => Number(item.expires_at) >= nowSeconds(now))
    .map((item) => ({ orderId: String(item.order_id), sessionId: String(item.session_id) }));
}

/** Frees the order's slot when it stops being active (its ad completed or failed). */
export async function releaseOrderSlot(order: Pick<OrderRecord, 'id' | 'mailbox_hash' | 'slot_sk'>): Promise<void> {
  // Never paid (no slot), or paid before slots were taken at payment (its slot was keyed otherwise and lapses).
  if (!order.slot_sk || !order.mailbox_hash) return;
  try {
    await documents().send(
      new DeleteCommand({
        TableName: table(),
        Key: { pk: mailboxKey(order.mailbox_hash), sk: order.slot_sk },
        ConditionExpression: 'order_id = :id',
        ExpressionAttributeValues: { ':id': order.id },
      }),
    );
  } catch (error) {
    // Another order took the slot after ours lapsed: nothing of ours left to free.
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

async function itemsOf(mailbox: string, skPrefix: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documents().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': mailboxKey(mailbox), ':prefix': skPrefix },
        ConsistentRead: true,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}
