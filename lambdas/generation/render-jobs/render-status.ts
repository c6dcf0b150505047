// A render job reports through one small JSON object next to its output in the videos bucket:
// the render function writes it, CheckRender reads it. No table, no queue: S3 is already there.
import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '#common/s3-clients.ts';
import { type RenderJob, renderKeys } from '#generation/generation-state.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';

export interface RenderStatus extends RenderJob {
  /** ISO time of the last write; a running job that stops writing has died. */
  updatedAt: string;
}

const videosBucket = () => requireEnv(envNames.videosBucket);

export async function writeRenderStatus(orderId: string, job: RenderJob): Promise<void> {
  const status: RenderStatus = { ...job, updatedAt: new Date().toISOString() };
  await s3().send(
    new PutObjectCommand({
      Bucket: videosBucket(),
      Key: renderKeys(orderId).status,
      Body: JSON.stringify(status),
      ContentType: 'application/json',
    }),
  );
}

export async function readRenderStatus(orderId: string): Promise<RenderStatus | null> {
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: videosBucket(), Key: renderKeys(orderId).status }));
    return JSON.parse(await object.Body!.transformToString()) as RenderStatus;
  } catch (error) {
    if (error instanceof NoSuchKey || (error as Error).name === 'NoSuchKey') return null;
    throw error;
  }
}
