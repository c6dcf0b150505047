// The render request of an order's ad (storyboard, site facts, clips), kept beside its files in the
// videos bucket by PlanRenders: the order's free revision starts from it (revise-storyboard.handler.ts),
// days after the execution that wrote it ended.
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '#common/s3-clients.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import { type RenderRequest, renderRequestKey } from './generation-state.ts';

export async function storeRenderRequest(request: RenderRequest): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: requireEnv(envNames.videosBucket),
      Key: renderRequestKey(request.orderId),
      Body: JSON.stringify(request),
      ContentType: 'application/json',
    }),
  );
}

/** The stored request, or null when there is none (an order made before it was kept). */
export async function readRenderRequest(orderId: string): Promise<RenderRequest | null> {
  try {
    const object = await s3().send(
      new GetObjectCommand({ Bucket: requireEnv(envNames.videosBucket), Key: renderRequestKey(orderId) }),
    );
    return JSON.parse(await object.Body!.transformToString()) as RenderRequest;
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound') return null;
    throw error;
  }
}
