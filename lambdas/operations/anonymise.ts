// Retention (the privacy notice, docs/features.md): an order's personal data — the buyer's email, its
// hashes, the client's counter key, the website, the uploaded image's name and key, the coupon —
// is removed once the order has been at rest for `config.site.orderPersonalDataDays`. What
// remains (id, style, length, status, amount, Stripe ids) is what the books need. Runs inside the
// reconciler's pass.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documents } from '#common/dynamodb-clients.ts';
import type { OrderRecord } from '#orders/order-record.ts';
import { getOrder } from '#orders/order-store.ts';
import { config } from '#shared/config.ts';
import type { OrderStatus } from '#shared/contract.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import { ordersByStatus } from './order-queries.ts';

const day = 24 * 60 * 60_000;
/** Rows are looked for in a week-wide window past the retention age: a stopped reconciler has a week to come back. */
const windowMs = 7 * day;

/** Orders that can no longer change: finished, or never paid. */
const restingStatuses: readonly OrderStatus[] = ['completed', 'failed', 'pending'];
const personalFields = [
  'email_hash',
  'mailbox_hash',
  'checkout_attempt',
  'image_key',
  'image_file_name',
  'coupon_code',
] as const;

export function isDueForAnonymising(order: OrderRecord, now: Date): boolean {
  if (order.anonymised_at) return false;
  if (order.order_status === 'pending' && !['unpaid', 'expired', 'canceled'].includes(order.payment_status)) {
    return false;
  }
  if (!restingStatuses.includes(order.order_status)) return false;
  return now.getTime() - Date.parse(order.updated_at) >= config.site.orderPersonalDataDays * day;
}

/** Anonymises every order due; answers how many it changed. */
export async function anonymiseRestingOrders(now = new Date()): Promise<number> {
  const updatedBefore = new Date(now.getTime() - config.site.orderPersonalDataDays * day);
  const updatedFrom = new Date(updatedBefore.getTime() - windowMs);
  const due: string[] = [];
  for (const status of restingStatuses) {
    for await (const entry of ordersByStatus({ status, updatedFrom, updatedBefore })) due.push(entry.id);
  }
  let changed = 0;
  for (const id of due) {
    const order = await getOrder(id);
    if (order && isDueForAnonymising(order, now) && (await anonymise(order, now))) changed += 1;
  }
  return changed;
}

async function anonymise(order: OrderRecord, now: Date): Promise<boolean> {
  try {
    await documents().send(
      new UpdateCommand({
        TableName: requireEnv(envNames.ordersTable),
        Key: { id: order.id },
        // updated_at moves on, so the row leaves the window it was found in.
        UpdateExpression: `SET email = :blank, website = :blank, anonymised_at = :now, updated_at = :now REMOVE ${personalFields.join(', ')} ADD #version :one`,
        ConditionExpression: 'attribute_exists(id) AND attribute_not_exists(anonymised_at) AND #version = :version',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':blank': '', ':now': now.toISOString(), ':one': 1, ':version': order.version },
      }),
    );
    return true;
  } catch (error) {
    // Changed since it was read: the next pass judges it again.
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
