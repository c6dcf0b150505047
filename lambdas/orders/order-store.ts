// Reads of the orders table. Writes are the order lifecycle's (order-lifecycle.ts).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documents } from '#common/dynamodb-clients.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import type { OrderRecord } from './order-record.ts';

/** `consistent`: read after a write of this same call (the lifecycle's transaction returns no row). */
export async function getOrder(id: string, { consistent = false } = {}): Promise<OrderRecord | null> {
  const result = await documents().send(
    new GetCommand({ TableName: requireEnv(envNames.ordersTable), Key: { id }, ConsistentRead: consistent }),
  );
  return (result.Item as OrderRecord | undefined) ?? null;
}
