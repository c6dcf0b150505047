// Reading the twin's orders table directly, to check what the API wrote.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { emailHash } from '#common/hashing.ts';
import type { Twin } from '#local/twin.ts';
import type { OrderRecord } from '#orders/order-record.ts';

/** What these helpers need of a twin, in this process or another (support/twin-process.ts). */
export type TwinTables = Pick<Twin, 'env'> & { endpoints: Pick<Twin['endpoints'], 'dynamodb'> };

/** A document client on the twin's DynamoDB Local; destroy it when done. */
export function documentsOf(twin: TwinTables) {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: twin.endpoints.dynamodb,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
}

export async function ordersOfEmail(twin: TwinTables, email: string): Promise<OrderRecord[]> {
  const client = documentsOf(twin);
  const result = await client.send(
    new QueryCommand({
      TableName: twin.env.ORDERS_TABLE,
      IndexName: 'by_email_hash',
      KeyConditionExpression: 'email_hash = :hash',
      ExpressionAttributeValues: { ':hash': emailHash(email) },
    }),
  );
  client.destroy();
  return (result.Items ?? []) as OrderRecord[];
}

export async function storedOrder(twin: TwinTables, id: string): Promise<OrderRecord | undefined> {
  const client = documentsOf(twin);
  const result = await client.send(new GetCommand({ TableName: twin.env.ORDERS_TABLE, Key: { id } }));
  client.destroy();
  return result.Item as OrderRecord | undefined;
}
