import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTablesFromTemplate, type DynamoDbLocal, startDynamoDbLocal } from '#local/dynamodb/dynamodb-local.ts';
import { listeningSockets } from '../../support/listening-sockets.ts';

// The table shapes CDK synthesizes: a TableV2 (GlobalTable) with a GSI, a stream and TTL, and a
// classic Table.
const template = {
  Resources: {
    OrdersTable7AC0F4B5: {
      Type: 'AWS::DynamoDB::GlobalTable',
      Properties: {
        AttributeDefinitions: [
          { AttributeName: 'id', AttributeType: 'S' },
          { AttributeName: 'email_hash', AttributeType: 'S' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
        GlobalSecondaryIndexes: [
          {
            IndexName: 'by-email-hash',
            KeySchema: [{ AttributeName: 'email_hash', KeyType: 'HASH' }],
            Projection: { ProjectionType: 'KEYS_ONLY' },
          },
        ],
        Replicas: [
          { Region: { Ref: 'AWS::Region' }, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } },
        ],
        StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      },
    },
    RateLimitsTable12345678: {
      Type: 'AWS::DynamoDB::GlobalTable',
      Properties: {
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        Replicas: [{ Region: { Ref: 'AWS::Region' } }],
        TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
      },
    },
    EventsTable: {
      Type: 'AWS::DynamoDB::Table',
      Properties: {
        AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
        ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 },
        TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
      },
    },
  },
};

const credentials = { accessKeyId: 'twin', secretAccessKey: 'twin' };

describe('DynamoDB Local for the twin', () => {
  let dataDir = '';
  let dynamo: DynamoDbLocal;
  let client: DynamoDBClient;
  let documents: DynamoDBDocumentClient;
  let startupMs = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'reelfive-dynamodb-'));
    const started = performance.now();
    dynamo = await startDynamoDbLocal({ dataDir });
    startupMs = performance.now() - started;
    client = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials });
    documents = DynamoDBDocumentClient.from(client);
    await createTablesFromTemplate(client, template);
  });

  afterAll(async () => {
    client?.destroy();
    await dynamo?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts and answers within a few seconds', () => {
    // Assess
    expect(dynamo.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(startupMs).toBeLessThan(15_000);
  });

  it('listens on 127.0.0.1 only, not on every interface', async () => {
    // Prepare
    const port = Number(new URL(dynamo.endpoint).port);

    // Act
    const onItsPort = (await listeningSockets()).filter((socket) => socket.port === port);

    // Assess
    expect(onItsPort.map(({ address, family }) => ({ address, family }))).toEqual([
      { address: '127.0.0.1', family: 'IPv4' },
    ]);
  });

  it('creates the tables with their keys, on-demand billing, GSI projection and stream', async () => {
    // Act
    const { Table: orders } = await client.send(new DescribeTableCommand({ TableName: 'OrdersTable7AC0F4B5' }));
    const { Table: events } = await client.send(new DescribeTableCommand({ TableName: 'EventsTable' }));

    // Assess
    expect(orders?.KeySchema).toEqual([{ AttributeName: 'id', KeyType: 'HASH' }]);
    expect(orders?.BillingModeSummary?.BillingMode).toBe('PAY_PER_REQUEST');
    expect(orders?.GlobalSecondaryIndexes?.[0]).toMatchObject({
      IndexName: 'by-email-hash',
      Projection: { ProjectionType: 'KEYS_ONLY' },
    });
    expect(orders?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    expect(orders?.LatestStreamArn).toContain('OrdersTable7AC0F4B5');
    expect(events?.KeySchema).toEqual([{ AttributeName: 'id', KeyType: 'HASH' }]);
  });

  it('enables TTL on the attribute the template names', async () => {
    // Act
    const { TimeToLiveDescription } = await client.send(
      new DescribeTimeToLiveCommand({ TableName: 'RateLimitsTable12345678' }),
    );

    // Assess
    expect(TimeToLiveDescription).toEqual({ TimeToLiveStatus: 'ENABLED', AttributeName: 'expires_at' });
  });

  it('serves queries on the GSI', async () => {
    // Prepare
    await documents.send(
      new PutCommand({ TableName: 'OrdersTable7AC0F4B5', Item: { id: 'gsi-1', email_hash: 'h-gsi' } }),
    );

    // Act
    const { Items } = await documents.send(
      new QueryCommand({
        TableName: 'OrdersTable7AC0F4B5',
        IndexName: 'by-email-hash',
        KeyConditionExpression: 'email_hash = :hash',
        ExpressionAttributeValues: { ':hash': 'h-gsi' },
      }),
    );

    // Assess
    expect(Items).toEqual([{ id: 'gsi-1', email_hash: 'h-gsi' }]);
  });

  it('cancels a transaction whose condition fails and applies none of its writes', async () => {
    // Prepare
    const claim = (requestId: string) =>
      documents.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: 'RateLimitsTable12345678',
                Item: { pk: 'slot#tx', holder: requestId },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            { Put: { TableName: 'RateLimitsTable12345678', Item: { pk: `request#${requestId}` } } },
          ],
        }),
      );
    await claim('first');

    // Act
    const second = await claim('second').catch((error: unknown) => error);

    // Assess
    expect(second).toBeInstanceOf(TransactionCanceledException);
    expect((second as TransactionCanceledException).CancellationReasons?.map((reason) => reason.Code)).toEqual([
      'ConditionalCheckFailed',
      'None',
    ]);
    const slot = await documents.send(new GetCommand({ TableName: 'RateLimitsTable12345678', Key: { pk: 'slot#tx' } }));
    const orphan = await documents.send(
      new GetCommand({ TableName: 'RateLimitsTable12345678', Key: { pk: 'request#second' } }),
    );
    expect(slot.Item?.holder).toBe('first');
    expect(orphan.Item).toBeUndefined();
  });

  it('records every write of a streamed table in its stream', async () => {
    // Prepare
    const streams = new DynamoDBStreamsClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials });
    await documents.send(
      new PutCommand({ TableName: 'OrdersTable7AC0F4B5', Item: { id: 'streamed', order_status: 'pending' } }),
    );
    await documents.send(
      new PutCommand({ TableName: 'OrdersTable7AC0F4B5', Item: { id: 'streamed', order_status: 'processing' } }),
    );
    const { Table } = await client.send(new DescribeTableCommand({ TableName: 'OrdersTable7AC0F4B5' }));
    const { DescribeStreamCommand } = await import('@aws-sdk/client-dynamodb-streams');
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: Table?.LatestStreamArn }));

    // Act
    const records = [];
    for (const shard of StreamDescription?.Shards ?? []) {
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: Table?.LatestStreamArn,
          ShardId: shard.ShardId,
          ShardIteratorType: 'TRIM_HORIZON',
        }),
      );
      const { Records = [] } = await streams.send(new GetRecordsCommand({ ShardIterator }));
      records.push(...Records);
    }
    streams.destroy();

    // Assess
    const ofItem = records.filter((record) => record.dynamodb?.Keys?.id?.S === 'streamed');
    expect(ofItem.map((record) => record.eventName)).toEqual(['INSERT', 'MODIFY']);
    expect(ofItem[1]?.dynamodb?.OldImage?.order_status?.S).toBe('pending');
    expect(ofItem[1]?.dynamodb?.NewImage?.order_status?.S).toBe('processing');
  });

  it('keeps tables and items across a restart on the same data directory', async () => {
    // Prepare
    await documents.send(new PutCommand({ TableName: 'EventsTable', Item: { id: 'evt_kept' } }));
    client.destroy();
    await dynamo.stop();

    // Act
    dynamo = await startDynamoDbLocal({ dataDir });
    client = new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'other', secretAccessKey: 'other' },
    });
    documents = DynamoDBDocumentClient.from(client);
    const names = await createTablesFromTemplate(client, template);
    const kept = await documents.send(new GetCommand({ TableName: 'EventsTable', Key: { id: 'evt_kept' } }));

    // Assess
    expect(names).toEqual(['OrdersTable7AC0F4B5', 'RateLimitsTable12345678', 'EventsTable']);
    expect(kept.Item).toEqual({ id: 'evt_kept' });
  });

  it('kills the Java process when stopped', async () => {
    // Prepare
    const extra = await startDynamoDbLocal();
    const probe = new DynamoDBClient({ endpoint: extra.endpoint, region: 'us-east-1', credentials, maxAttempts: 1 });

    // Act
    await extra.stop();
    const afterStop = await probe
      .send(new DescribeTableCommand({ TableName: 'EventsTable' }))
      .catch((error: Error) => error);
    probe.destroy();

    // Assess
    expect(afterStop).toBeInstanceOf(Error);
    expect(String((afterStop as Error & { code?: string }).code ?? afterStop)).toMatch(
      /ECONNREFUSED|fetch failed|connect/i,
    );
  });
});
