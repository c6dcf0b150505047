// A render task retried (throttled) until its order was no longer in the state the render belongs
// to — the primary's order failed and refunded, or already delivered; a pack file's pack given up —
// must write nothing: no video, no poster. The render function runs as the state machine's task
// runs it (the twin's synchronous invoke); an order still processing is rendered, so the refusal
// is not a broken invoke.
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { type RenderTask, renderKeys } from '#generation/generation-state.ts';
import type { OrderStatus } from '#shared/contract.ts';
import type { PackItem } from '#shared/delivery-pack.ts';
import { envNames } from '#shared/runtime-env.ts';
import { northwindStoryboard } from '../../../support/ad-fixtures.ts';
import { documentsOf } from '../../../support/orders-table.ts';
import { twinForSuite } from '../../../support/twin.ts';

const twin = twinForSuite();

async function plantOrder(orderStatus: OrderStatus, packStatus?: 'rendering' | 'failed'): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const client = documentsOf(twin.current);
  await client.send(
    new PutCommand({
      TableName: twin.current.env[envNames.ordersTable],
      Item: {
        id,
        order_status: orderStatus,
        payment_status: orderStatus === 'failed' ? 'refunded' : 'paid',
        stage: orderStatus === 'processing' ? 'rendering' : orderStatus,
        progress: orderStatus === 'completed' ? 100 : 40,
        created_at: now,
        updated_at: now,
        version: 1,
        ...(packStatus ? { pack_status: packStatus, pack_progress: 0, pack_renders: { vertical: 0 } } : {}),
      },
    }),
  );
  client.destroy();
  return id;
}

/** Runs the render function as a Task state does; answers the error it ended with, if any. */
async function renderLate(orderId: string, item: PackItem = { format: 'vertical-720' }): Promise<Error | null> {
  const task: RenderTask = {
    request: { orderId, storyboard: await northwindStoryboard('direct-response', 4), afterFootage: false },
    item,
  };
  try {
    await twin.current.lambda.runTask('RenderFunction', task);
    return null;
  } catch (error) {
    return error as Error;
  }
}

async function objectsOf(orderId: string): Promise<string[]> {
  const s3 = new S3Client({
    endpoint: twin.current.endpoints.s3,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const listed = await s3.send(
    new ListObjectsV2Command({ Bucket: twin.current.env[envNames.videosBucket], Prefix: `${orderId}/` }),
  );
  s3.destroy();
  return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
}

describe('a render that starts after its order left the state it belongs to', () => {
  it.each(['failed', 'completed'] as const)('writes no video or poster for a %s order', async (status) => {
    // Prepare
    const orderId = await plantOrder(status);

    // Act
    const error = await renderLate(orderId);

    // Assess
    expect(error?.name).toBe('OrderNotProcessing');
    expect(await objectsOf(orderId)).toEqual([]);
  });

  it('writes no pack file for a completed order whose pack was given up', async () => {
    const orderId = await plantOrder('completed', 'failed');

    const error = await renderLate(orderId, { format: 'vertical' });

    expect(error?.name).toBe('OrderNotProcessing');
    expect(await objectsOf(orderId)).toEqual([]);
  });

  it('still renders an order that is processing (the same task, the control case)', async () => {
    const orderId = await plantOrder('processing');

    expect(await renderLate(orderId)).toBeNull();

    const keys = renderKeys(orderId);
    expect(await objectsOf(orderId)).toEqual([keys.poster, keys.video].sort());
  });
});
