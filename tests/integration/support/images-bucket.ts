// Images put straight into (or taken out of) the twin's images bucket, past the presigned URL's
// limits: to plant what a browser could not, or take away what the render expects.
import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Twin } from '#local/twin.ts';

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
