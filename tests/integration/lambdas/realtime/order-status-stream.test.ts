// A write of an order row reaching the order's channel, end to end on the twin's parts: DynamoDB
// Local's stream, the twin's stream poller, the real publisher handler (SigV4) and the AppSync
// Events emulator. Also the poller's contract with a handler: Lambda's event shape, batch item
// failures and give-up after the retries.
import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type LocalAppSyncEvents, startAppSyncEvents } from '#local/appsync-events/server.ts';
import { type DynamoDbLocal, startDynamoDbLocal } from '#local/dynamodb/dynamodb-local.ts';
import { type StreamPoller, startStreamPoller } from '#local/dynamodb-streams/event-source-mapping.ts';
import { lambdaContext } from '#local/lambda/context.ts';
import { handler as publishOrderChanges } from '#realtime/publish-order-changes.handler.ts';
import { eventually } from '../../support/twin.ts';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
/** The publisher as its event source mapping calls it: with a Lambda context. */
const publishBatch = (event: DynamoDBStreamEvent) =>
  publishOrderChanges(event, lambdaContext('OrderChangesPublisher', 30));
const apiKey = 'da2-reelfive-stream-test';

let dynamo: DynamoDbLocal;
let events: LocalAppSyncEvents;
let documents: DynamoDBDocumentClient;

beforeAll(async () => {
  [dynamo, events] = await Promise.all([startDynamoDbLocal(), startAppSyncEvents({ apiKey })]);
  const client = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials });
  documents = DynamoDBDocumentClient.from(client);
  // The publisher reads its configuration from the environment, as in Lambda and on the twin.
  Object.assign(process.env, {
    EVENTS_HTTP_ENDPOINT: events.httpEndpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    POWERTOOLS_LOG_LEVEL: 'SILENT',
  });
});
afterAll(async () => {
  documents?.destroy();
  await events?.stop();
  await dynamo?.stop();
});

/** A table with the orders table's key and stream, under a fresh name per test. */
async function createOrdersTable(): Promise<string> {
  const tableName = `orders-${randomUUID()}`;
  await documents.send(
    new CreateTableCommand({
      TableName: tableName,
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }),
  );
  return tableName;
}

async function startPoller(
  tableName: string,
  handler: (event: DynamoDBStreamEvent) => Promise<unknown>,
  log: (line: string) => void = () => undefined,
  intervalMs = 50,
): Promise<StreamPoller> {
  return startStreamPoller({ endpoint: dynamo.endpoint, tableName, handler, credentials, intervalMs, log });
}

function newOrder(id: string) {
  const now = new Date().toISOString();
  return {
    id,
    website: 'https://example.com',
    email: 'buyer@example.com',
    email_hash: 'a'.repeat(64),
    style: 'cinematic',
    duration_seconds: 12,
    order_status: 'pending',
    payment_status: 'unpaid',
    stage: 'awaiting_payment',
    progress: 0,
    amount_cents: null,
    currency: 'usd',
    slot_sk: 'slot#1',
    created_at: now,
    updated_at: now,
    version: 1,
  };
}

async function updateOrder(tableName: string, id: string, fields: Record<string, unknown>): Promise<void> {
  const names = Object.keys(fields);
  await documents.send(
    new UpdateCommand({
      TableName: tableName,
      Key: { id },
      UpdateExpression: `SET ${names.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#f${index}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, index) => [`:v${index}`, fields[name]])),
    }),
  );
}

/** Subscribes like the order page does and collects the parsed events. */
async function followOrder(orderId: string): Promise<{ received: unknown[]; close(): void }> {
  const header = Buffer.from(JSON.stringify({ 'x-api-key': apiKey })).toString('base64url');
  const socket = new WebSocket(events.realtimeEndpoint, ['aws-appsync-event-ws', `header-${header}`]);
  const received: unknown[] = [];
  let subscribed = false;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.type === 'subscribe_success') subscribed = true;
    if (message.type === 'data') received.push(JSON.parse(message.event));
  });
  await new Promise((resolveOpen) => socket.once('open', resolveOpen));
  socket.send(JSON.stringify({ type: 'connection_init' }));
  socket.send(
    JSON.stringify({
      type: 'subscribe',
      id: randomUUID(),
      channel: `/orders/${orderId}`,
      authorization: { 'x-api-key': apiKey },
    }),
  );
  await eventually(async () => subscribed);
  return { received, close: () => socket.close() };
}

describe('orders stream → publisher → channel', () => {
  it('publishes exactly {id, order_status, stage, progress, updated_at} for each status change', async () => {
    // Prepare
    const tableName = await createOrdersTable();
    const poller = await startPoller(tableName, publishBatch);
    const orderId = randomUUID();
    const page = await followOrder(orderId);
    const analyzingAt = new Date().toISOString();

    // Act
    await documents.send(new PutCommand({ TableName: tableName, Item: newOrder(orderId) }));
    await updateOrder(tableName, orderId, {
      order_status: 'processing',
      payment_status: 'paid',
      stage: 'analyzing',
      progress: 15,
      updated_at: analyzingAt,
    });
    await poller.drain();

    // Assess
    await eventually(async () => page.received.length === 2);
    expect(page.received[1]).toEqual({
      id: orderId,
      order_status: 'processing',
      stage: 'analyzing',
      progress: 15,
      updated_at: analyzingAt,
    });
    expect(page.received[0]).toMatchObject({ order_status: 'pending', stage: 'awaiting_payment', progress: 0 });
    expect(Object.keys(page.received[0] as object).sort()).toEqual([
      'id',
      'order_status',
      'progress',
      'stage',
      'updated_at',
    ]);
    page.close();
    await poller.stop();
  });

  it('publishes nothing for a write that leaves status, stage and progress as they were', async () => {
    // Prepare
    const tableName = await createOrdersTable();
    const orderId = randomUUID();
    await documents.send(new PutCommand({ TableName: tableName, Item: newOrder(orderId) }));
    const poller = await startPoller(tableName, publishBatch);
    const page = await followOrder(orderId);

    // Act
    await updateOrder(tableName, orderId, { checkout_session_id: 'cs_test_1', updated_at: new Date().toISOString() });
    await updateOrder(tableName, orderId, { stage: 'queued', progress: 5, updated_at: new Date().toISOString() });
    await poller.drain();

    // Assess: the one event is the stage change; the checkout-session write came first and sent nothing.
    await eventually(async () => page.received.length > 0);
    expect(page.received).toEqual([expect.objectContaining({ stage: 'queued', progress: 5 })]);
    page.close();
    await poller.stop();
  });
});

describe('stream poller', () => {
  it('hands the handler Lambda’s DynamoDB stream records, in write order', async () => {
    // Prepare
    const tableName = await createOrdersTable();
    const records: DynamoDBRecord[] = [];
    const poller = await startPoller(tableName, async (event) => {
      records.push(...event.Records);
    });
    const orderId = randomUUID();

    // Act
    await documents.send(new PutCommand({ TableName: tableName, Item: newOrder(orderId) }));
    await updateOrder(tableName, orderId, { progress: 40, stage: 'rendering' });
    await poller.drain();

    // Assess
    expect(records.map((record) => record.eventName)).toEqual(['INSERT', 'MODIFY']);
    const [, modify] = records;
    expect(modify).toMatchObject({
      eventSource: 'aws:dynamodb',
      awsRegion: 'us-east-1',
      eventSourceARN: expect.stringContaining(`table/${tableName}/stream/`),
      dynamodb: {
        Keys: { id: { S: orderId } },
        OldImage: { progress: { N: '0' }, stage: { S: 'awaiting_payment' } },
        NewImage: { progress: { N: '40' }, stage: { S: 'rendering' }, amount_cents: { NULL: true } },
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
    });
    expect(typeof modify?.dynamodb?.ApproximateCreationDateTime).toBe('number');
    expect(BigInt(modify?.dynamodb?.SequenceNumber ?? '0')).toBeGreaterThan(
      BigInt(records[0]?.dynamodb?.SequenceNumber ?? '0'),
    );
    await poller.stop();
  });

  it('re-delivers from the first reported batch item failure, and only from there', async () => {
    // Prepare
    const tableName = await createOrdersTable();
    const deliveries: string[][] = [];
    let failedOnce = false;
    // Only drain() polls here: the three records must reach the handler as one batch, and a timed
    // poll between two of the writes (slow on a busy machine) would hand them over split.
    const pollOnlyOnDrain = 600_000;
    const poller = await startPoller(
      tableName,
      async (event): Promise<DynamoDBBatchResponse> => {
        deliveries.push(event.Records.map((record) => record.dynamodb?.NewImage?.id?.S ?? ''));
        const second = event.Records[1];
        if (failedOnce || !second) return { batchItemFailures: [] };
        failedOnce = true;
        return { batchItemFailures: [{ itemIdentifier: second.dynamodb?.SequenceNumber ?? '' }] };
      },
      undefined,
      pollOnlyOnDrain,
    );
    const ids = [randomUUID(), randomUUID(), randomUUID()];

    // Act
    for (const id of ids) await documents.send(new PutCommand({ TableName: tableName, Item: newOrder(id) }));
    await poller.drain();

    // Assess
    expect(deliveries.flat()).toEqual([...ids, ids[1], ids[2]]);
    await poller.stop();
  });

  it('skips a batch that keeps failing after the retries and goes on with the next records', async () => {
    // Prepare
    const tableName = await createOrdersTable();
    const poisonId = randomUUID();
    const laterId = randomUUID();
    const attempts: string[] = [];
    const logLines: string[] = [];
    const poller = await startPoller(
      tableName,
      async (event) => {
        for (const record of event.Records) {
          const id = record.dynamodb?.NewImage?.id?.S ?? '';
          attempts.push(id);
          if (id === poisonId) throw new Error('cannot publish this one');
        }
      },
      (line) => logLines.push(line),
    );

    // Act
    await documents.send(new PutCommand({ TableName: tableName, Item: newOrder(poisonId) }));
    await poller.drain();
    await documents.send(new PutCommand({ TableName: tableName, Item: newOrder(laterId) }));
    await poller.drain();

    // Assess
    expect(attempts).toEqual([poisonId, poisonId, poisonId, poisonId, laterId]);
    expect(logLines.join('\n')).toMatch(/skipped 1 record\(s\) .*cannot publish this one/);
    await poller.stop();
  });
});
