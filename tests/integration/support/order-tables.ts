// DynamoDB Local with an orders table and a rate-limits table, for suites that drive the order
// domain directly (no whole twin): the environment the domain code reads names them.
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, vi } from 'vitest';
import { type DynamoDbLocal, startDynamoDbLocal } from '#local/dynamodb/dynamodb-local.ts';
import type { OrderRecord } from '#orders/order-record.ts';
import { envNames } from '#shared/runtime-env.ts';

export interface OrderTables {
  ordersTable: string;
  rateLimitsTable: string;
  /** A document client on the suite's DynamoDB Local. */
  documents(): DynamoDBDocumentClient;
  row(id: string): Promise<OrderRecord | undefined>;
  putRow(item: Record<string, unknown>): Promise<void>;
  /** Every rate-limits item under one key. */
  rateLimitItems(pk: string): Promise<Record<string, unknown>[]>;
  putRateLimitItem(item: Record<string, unknown>): Promise<void>;
}

export function orderTablesForSuite(name: string): OrderTables {
  const ordersTable = `orders-${name}`;
  const rateLimitsTable = `rate-limits-${name}`;
  let dynamo: DynamoDbLocal;
  let client: DynamoDBClient;
  let tables: DynamoDBDocumentClient;

  beforeAll(async () => {
    dynamo = await startDynamoDbLocal();
    for (const [variable, value] of Object.entries({
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      [envNames.ordersTable]: ordersTable,
      [envNames.rateLimitsTable]: rateLimitsTable,
    })) {
      vi.stubEnv(variable, value);
    }
    client = new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    tables = DynamoDBDocumentClient.from(client);
    await client.send(
      new CreateTableCommand({
        TableName: ordersTable,
        AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
    await client.send(
      new CreateTableCommand({
        TableName: rateLimitsTable,
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
  });

  afterAll(async () => {
    client?.destroy();
    await dynamo?.stop();
    vi.unstubAllEnvs();
  });

  return {
    ordersTable,
    rateLimitsTable,
    documents: () => tables,
    async row(id) {
      const result = await tables.send(new GetCommand({ TableName: ordersTable, Key: { id }, ConsistentRead: true }));
      return result.Item as OrderRecord | undefined;
    },
    async putRow(item) {
      await tables.send(new PutCommand({ TableName: ordersTable, Item: item }));
    },
    async rateLimitItems(pk) {
      const result = await tables.send(
        new QueryCommand({
          TableName: rateLimitsTable,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ConsistentRead: true,
        }),
      );
      return (result.Items ?? []) as Record<string, unknown>[];
    },
    async putRateLimitItem(item) {
      await tables.send(new PutCommand({ TableName: rateLimitsTable, Item: item }));
    },
  };
}
