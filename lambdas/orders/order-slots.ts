// The spec's "3 active orders within 24 hours" per email: three slot items per email hash in
// the rate-limits table. A new order is written in the same transaction that claims a free
// (or lapsed) slot, so an order exists only while it holds one. TTL deletion is lazy, so the
// condition compares expires_at with now instead of trusting that lapsed slots are gone.
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ApiFailure } from '#common/api-failure.ts';
import { documents } from '#common/dynamodb-clients.ts';
import { config } from '#shared/config.ts';
import { messages } from '#shared/contract.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import type { OrderRecord } from './order-record.ts';

const maxConflictRetries = 5;

const slotKey = (emailHash: string, slot: number) => ({ pk: `email#${emailHash}`, sk: `slot#${slot}` });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes the order together with a claimed slot; RATE_LIMIT when all slots are held. */
export async function createOrderHoldingSlot(order: Omit<OrderRecord, 'slot_sk'>): Promise<OrderRecord> {
  const nowSeconds = Math.floor(Date.now() / 1000);
  const expiresAt = nowSeconds + config.limits.activeOrderWindowHours * 3600;
  for (let slot = 1; slot <= config.limits.activeOrdersPerEmail; slot++) {
    const key = slotKey(order.email_hash, slot);
    const record: OrderRecord = { ...order, slot_sk: key.sk };
    for (let attempt = 0; ; attempt++) {
      const outcome = await tryClaim(record, key, nowSeconds, expiresAt);
      if (outcome === 'claimed') return record;
      if (outcome === 'taken') break;
      // Real DynamoDB cancels competing transactions on the same items; back off and retry.
      if (attempt >= maxConflictRetries) break;
      await sleep(20 * 2 ** attempt * Math.random());
    }
  }
  throw new ApiFailure('RATE_LIMIT', messages.rateLimit);
}

async function tryClaim(
  order: OrderRecord,
  key: { pk: string; sk: string },
  nowSeconds: number,
  expiresAt: number,
): Promise<'claimed' | 'taken' | 'conflict'> {
  try {
    await documents().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: requireEnv(envNames.rateLimitsTable),
              Item: { ...key, order_id: order.id, expires_at: expiresAt },
              ConditionExpression: 'attribute_not_exists(pk) OR expires_at < :now',
              ExpressionAttributeValues: { ':now': nowSeconds },
            },
          },
          {
            Put: {
              TableName: requireEnv(envNames.ordersTable),
              Item: order,
              ConditionExpression: 'attribute_not_exists(id)',
            },
          },
        ],
      }),
    );
    return 'claimed';
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const codes = error.CancellationReasons?.map((reason) => reason.Code) ?? [];
    if (codes[0] === 'ConditionalCheckFailed') return 'taken';
    if (codes.includes('TransactionConflict')) return 'conflict';
    throw error;
  }
}

/** Frees the order's slot when it stops being active (paid ad finished, checkout ended). */
export async function releaseOrderSlot(order: Pick<OrderRecord, 'id' | 'email_hash' | 'slot_sk'>): Promise<void> {
  try {
    await documents().send(
      new DeleteCommand({
        TableName: requireEnv(envNames.rateLimitsTable),
        Key: { pk: `email#${order.email_hash}`, sk: order.slot_sk },
        ConditionExpression: 'order_id = :id',
        ExpressionAttributeValues: { ':id': order.id },
      }),
    );
  } catch (error) {
    // Another order took the slot after ours lapsed: nothing of ours left to free.
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}
