// Where the footage steps meet AWS: a scene's first frame from the images bucket or the site
// (cleaned like every image, then set on the brand's background at 720x1280 as a JPEG), and the
// finished clips in the videos bucket beside the ad.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { s3 } from '#common/s3-clients.ts';
import { cleanImage } from '#generation/render-jobs/clean-image.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { fetchPublicImage } from '#generation/website/fetch-public-page.ts';
import { logger } from '#powertools/logger.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import type { ClipRequest } from './clip-provider.ts';
import type { FootageIo } from './footage-jobs.ts';

export const footageClipKey = (orderId: string, sceneIndex: number) => `${orderId}/footage/scene-${sceneIndex}.mp4`;

export function footageIo(
  orderId: string,
  storyboard: Storyboard,
  parts: Pick<FootageIo, 'provider' | 'settings'>,
): FootageIo {
  return {
    ...parts,
    loadImage: (assetId) => firstFrame(orderId, storyboard, assetId),
    async storeClip(sceneIndex, bytes) {
      const key = footageClipKey(orderId, sceneIndex);
      await s3().send(
        new PutObjectCommand({
          Bucket: requireEnv(envNames.videosBucket),
          Key: key,
          Body: bytes,
          ContentType: 'video/mp4',
        }),
      );
      return key;
    },
  };
}

/** The asset as a 720x1280 JPEG: the whole picture on the palette's primary colour, never cropped. */
async function firstFrame(
  orderId: string,
  storyboard: Storyboard,
  assetId: string,
): Promise<ClipRequest['image'] | undefined> {
  const asset = storyboard.assets.find((candidate) => candidate.id === assetId);
  if (!asset) return undefined;
  let bytes: Uint8Array;
  if (asset.key) {
    const object = await s3().send(new GetObjectCommand({ Bucket: requireEnv(envNames.imagesBucket), Key: asset.key }));
    bytes = await object.Body!.transformToByteArray();
  } else if (asset.url) {
    const fetched = await fetchPublicImage(asset.url);
    if ('failure' in fetched) {
      logger.warn('Footage first frame not fetched', { orderId, image: assetId, reason: fetched.failure });
      return undefined;
    }
    bytes = fetched.bytes;
  } else {
    return undefined;
  }
  const workDir = await mkdtemp(join(tmpdir(), 'footage-'));
  try {
    const clean = await cleanImage(bytes, join(workDir, 'frame.png'));
    if ('failure' in clean) {
      logger.warn('Footage first frame not usable', { orderId, image: assetId, reason: clean.failure });
      return undefined;
    }
    // From a buffer: only the buffer loaders of the three image types are unblocked (clean-image.ts).
    const jpeg = await sharp(await readFile(clean.path))
      .resize(720, 1280, { fit: 'contain', background: storyboard.palette.primary })
      .flatten({ background: storyboard.palette.primary })
      .jpeg({ quality: 88 })
      .toBuffer();
    return { bytes: new Uint8Array(jpeg), mimeType: 'image/jpeg' };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
