// Putting images where the order flow finds them: through the presigned URL the API hands out
// (as the browser does), or straight into the twin's S3 (to plant what a browser could not).
import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Twin } from '#local/twin.ts';
import { callApi } from './twin.ts';

export const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const gifBytes = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Uploads `bytes` the way the site does: POST /api/uploads, then PUT with the signed headers. */
export async function uploadThroughApi(
  twin: Pick<Twin, 'url'>,
  bytes: Buffer,
  contentType = 'image/png',
  fileName = 'product.png',
) {
  const created = await callApi<{
    uploadUrl: string;
    storagePath: string;
    previewUrl: string;
    headers: Record<string, string>;
  }>(twin, 'POST', '/api/uploads', { fileName, contentType, size: bytes.length });
  if (created.status !== 200) throw new Error(`upload refused: ${JSON.stringify(created.body)}`);
  const put = await fetch(created.body.uploadUrl, {
    method: 'PUT',
    headers: created.body.headers,
    body: new Uint8Array(bytes),
  });
  return { ...created.body, putStatus: put.status };
}

/** Writes an object straight into the images bucket, bypassing the presigned URL's limits. */
export async function plantImage(
  twin: Twin,
  bytes: Buffer,
  extension: 'png' | 'jpg' | 'webp',
  key = `${randomUUID()}.${extension}`,
): Promise<string> {
  await withImagesBucket(twin, (s3) =>
    s3.send(new PutObjectCommand({ Bucket: twin.env.IMAGES_BUCKET, Key: key, Body: bytes })),
  );
  return key;
}

/** Deletes an upload, as the bucket's expiry would: what the render then finds is nothing. */
export async function removeImage(twin: Twin, key: string): Promise<void> {
  await withImagesBucket(twin, (s3) => s3.send(new DeleteObjectCommand({ Bucket: twin.env.IMAGES_BUCKET, Key: key })));
}

async function withImagesBucket(twin: Twin, act: (s3: S3Client) => Promise<unknown>): Promise<void> {
  const s3 = new S3Client({
    endpoint: twin.endpoints.s3,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  try {
    await act(s3);
  } finally {
    s3.destroy();
  }
}
