// GET /api/capacity on a real twin: the day's capacity minus the orders created today (a
// counter in the rate-limits table, DynamoDB Local), never below zero, cached for a minute.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { CapacityResponse } from '#shared/contract.ts';
import { envNames } from '#shared/runtime-env.ts';
import { callApi, orderRequest, twinForSuite } from './support/twin.ts';

const dailyCapacity = 2;
const twin = twinForSuite({ dailyCapacity });

async function readCapacity(): Promise<{ status: number; cacheControl: string | null; body: CapacityResponse }> {
  const response = await fetch(`${twin.current.url}/api/capacity`);
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    body: (await response.json()) as CapacityResponse,
  };
}

const createOrder = async () => (await callApi(twin.current, 'POST', '/api/orders', orderRequest())).status;

describe('GET /api/capacity', () => {
  it('answers the full capacity before any order today, cacheable for a minute', async () => {
    const answer = await readCapacity();

    expect(answer).toEqual({
      status: 200,
      cacheControl: 'public, max-age=60',
      body: { spotsLeft: dailyCapacity, dailyCapacity },
    });
  });

  it('has one spot less for each order created', async () => {
    const before = (await readCapacity()).body.spotsLeft;

    expect(await createOrder()).toBe(200);
    const afterOne = (await readCapacity()).body.spotsLeft;
    expect(await createOrder()).toBe(200);
    const afterTwo = (await readCapacity()).body.spotsLeft;

    expect([before, afterOne, afterTwo]).toEqual([2, 1, 0]);
  });

  it('never goes below zero, and a full day does not stop orders', async () => {
    expect(await createOrder()).toBe(200);
    expect(await createOrder()).toBe(200);

    const answer = await readCapacity();

    expect(answer.body).toEqual({ spotsLeft: 0, dailyCapacity });
  });

  it('counts in one item per UTC day that lapses two days after the day ends', async () => {
    const documents = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: twin.current.endpoints.dynamodb,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    const today = new Date().toISOString().slice(0, 10);

    const { Item } = await documents.send(
      new GetCommand({
        TableName: twin.current.env[envNames.rateLimitsTable],
        Key: { pk: `capacity#${today}`, sk: 'orders' },
      }),
    );
    documents.destroy();

    expect(Item?.orders).toBe(4);
    expect(Item?.expires_at).toBe(Date.parse(`${today}T00:00:00Z`) / 1000 + 3 * 86_400);
  });
});
