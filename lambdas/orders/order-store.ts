// Reads of the orders table. Writes are the order lifecycle's (order-lifecycle.ts).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documents } from '#common/dynamodb-clients.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import type { OrderRecord } from './order-record.ts';

export async function getOrder(id: string): Promise<OrderRecord | null> {
  const result = await documents().send(new GetCommand({ TableName: requireEnv(envNames.ordersTable), Key: { id } }));
  return (result.Item as OrderRecord | undefined) ?? null;
}
