// The twin's rate-limits table as the per-mailbox limits keep it (lambdas/orders/order-slots.ts):
// which orders hold a mailbox's slots, and slots held on purpose (as if paid by other orders).
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mailboxHash } from '#common/hashing.ts';
import { config } from '#shared/config.ts';
import { documentsOf, type TwinTables } from './orders-table.ts';

const mailboxKey = (email: string) => `mailbox#${mailboxHash(email)}`;

/** The ids of the orders holding the mailbox's unlapsed slots. */
export async function activeSlotHolders(twin: TwinTables, email: string): Promise<string[]> {
  const client = documentsOf(twin);
  const result = await client.send(
    new QueryCommand({
      TableName: twin.env.RATE_LIMITS_TABLE,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :slot)',
      ExpressionAttributeValues: { ':pk': mailboxKey(email), ':slot': 'slot#' },
      ConsistentRead: true,
    }),
  );
  client.destroy();
  const now = Math.floor(Date.now() / 1000);
  return (result.Items ?? []).filter((item) => Number(item.expires_at) >= now).map((item) => String(item.order_id));
}

/**
 * Fills the mailbox's slots with orders of nobody's, as if paid a moment ago (`hoursAgo` 0) or
 * longer ago than the 24 h window (lapsed, but not yet removed by TTL).
 */
export async function holdMailboxSlots(
  twin: TwinTables,
  email: string,
  { hoursAgo = 0, slots = config.limits.activeOrdersPerEmail } = {},
): Promise<void> {
  const client = documentsOf(twin);
  const paidAt = Math.floor(Date.now() / 1000) - hoursAgo * 3600;
  for (let slot = 1; slot <= slots; slot++) {
    await client.send(
      new PutCommand({
        TableName: twin.env.RATE_LIMITS_TABLE,
        Item: {
          pk: mailboxKey(email),
          sk: `slot#${slot}`,
          order_id: `held-by-test-${slot}`,
          expires_at: paidAt + config.limits.activeOrderWindowHours * 3600,
        },
      }),
    );
  }
  client.destroy();
}
