// "12 spots available today", made real (docs/spec-deviations.md): one counter item per UTC day in the
// rate-limits table, counted up when an order is paid or made free (order-lifecycle.ts, once per
// payment it records), read by GET /api/capacity with one GetItem. An unpaid checkout, cancelled
// or expired, takes no spot: anyone may open checkouts, so counting them would let a stranger
// show "0 spots" for the rest of the day. TTL removes a day's counter two days after it ends.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documents } from '#common/dynamodb-clients.ts';
import { serviceLimits } from '#shared/config.ts';
import type { CapacityResponse } from '#shared/contract.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';

const daySeconds = 86_400;

/** The counter of the UTC day `now` falls in. */
function dayCounterKey(now: Date): { pk: string; sk: string } {
  return { pk: `capacity#${now.toISOString().slice(0, 10)}`, sk: 'orders' };
}

export function dailyCapacity(): number {
  const override = Number(process.env[envNames.dailyCapacity]);
  return Number.isInteger(override) && override > 0 ? override : serviceLimits.dailyCapacity;
}

/**
 * Counts one order paid (or made free) on `now`'s UTC day. A plain atomic ADD, not part of the
 * payment's slot transaction: one item shared by every order of the day inside each transaction
 * would make concurrent payments cancel each other (TransactionConflict) for a number that is
 * only shown.
 */
export async function countOrderTaken(now = new Date()): Promise<void> {
  const endOfDay = Math.floor(now.getTime() / 1000 / daySeconds + 1) * daySeconds;
  await documents().send(
    new UpdateCommand({
      TableName: requireEnv(envNames.rateLimitsTable),
      Key: dayCounterKey(now),
      UpdateExpression: 'ADD orders :one SET expires_at = if_not_exists(expires_at, :expires)',
      ExpressionAttributeValues: { ':one': 1, ':expires': endOfDay + 2 * daySeconds },
    }),
  );
}

/** Daily capacity minus the orders paid or made free today; never below zero. */
export async function capacityToday(now = new Date()): Promise<CapacityResponse> {
  const result = await documents().send(
    new GetCommand({ TableName: requireEnv(envNames.rateLimitsTable), Key: dayCounterKey(now) }),
  );
  const ordersToday = Number(result.Item?.orders ?? 0);
  const capacity = dailyCapacity();
  return { spotsLeft: Math.max(0, capacity - ordersToday), dailyCapacity: capacity };
}
