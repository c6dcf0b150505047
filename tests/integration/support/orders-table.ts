// Reading the twin's orders table directly, to check what the API wrote.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { emailHash } from '#shared/hashing';
import type { OrderRecord } from '../../../lambdas/orders/order-record.ts';
import type { Twin } from '../../../local/twin.ts';

function documentsOf(twin: Twin) {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: twin.endpoints.dynamodb,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
}

export async function ordersOfEmail(twin: Twin, email: string): Promise<OrderRecord[]> {
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

export async function storedOrder(twin: Twin, id: string): Promise<OrderRecord | undefined> {
  const client = documentsOf(twin);
  const result = await client.send(new GetCommand({ TableName: twin.env.ORDERS_TABLE, Key: { id } }));
  client.destroy();
  return result.Item as OrderRecord | undefined;
}
