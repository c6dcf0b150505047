// A render invoke that waited in Lambda's queue until its order was no longer processing (failed
// and refunded after CheckRender gave up, or already delivered) must write nothing: no video, no
// poster, no status. The render function is invoked through the twin's Lambda API as StartRender
// does; an order still processing is rendered, so the refusal is not a broken invoke.
import { randomUUID } from 'node:crypto';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { renderKeys } from '#generation/generation-state.ts';
import type { RenderRequest } from '#generation/render-jobs/render-request.ts';
import type { OrderStatus } from '#shared/contract.ts';
import { envNames } from '#shared/runtime-env.ts';
import { northwindStoryboard } from './support/ad-fixtures.ts';
import { documentsOf } from './support/orders-table.ts';
import { twinForSuite } from './support/twin.ts';

const twin = twinForSuite();

async function plantOrder(orderStatus: OrderStatus): Promise<string> {
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
      },
    }),
  );
  client.destroy();
  return id;
}

/** Invokes the render function and waits for it, as Lambda would run the queued event. */
async function renderLate(orderId: string): Promise<void> {
  const request: RenderRequest = {
    orderId,
    storyboard: await northwindStoryboard('direct-response', 4),
  };
  const lambda = new LambdaClient({
    endpoint: twin.current.lambda.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const answer = await lambda.send(
    new InvokeCommand({
      FunctionName: twin.current.env[envNames.renderFunctionName],
      InvocationType: 'RequestResponse',
      Payload: Buffer.from(JSON.stringify(request)),
    }),
  );
  lambda.destroy();
  expect(answer.FunctionError).toBeUndefined();
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

describe('a render that starts after its order stopped processing', () => {
  it.each(['failed', 'completed'] as const)('writes no video, poster or status for a %s order', async (status) => {
    // Prepare
    const orderId = await plantOrder(status);

    // Act
    await renderLate(orderId);

    // Assess
    expect(await objectsOf(orderId)).toEqual([]);
  });

  it('still renders an order that is processing (the same invoke, the control case)', async () => {
    const orderId = await plantOrder('processing');

    await renderLate(orderId);

    const keys = renderKeys(orderId);
    expect(await objectsOf(orderId)).toEqual([keys.poster, keys.video, keys.status].sort());
  });
});
