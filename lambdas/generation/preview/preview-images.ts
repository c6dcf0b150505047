// The site images a preview shows: fetched under the same SSRF guard as the page, decoded once by
// the one cleaner of untrusted images (render-jobs/clean-image.ts), made small and stored in our
// own bucket, since the site's CSP allows no third-party image. An image that fails any step is
// left out; the preview never waits on one past its own deadline.
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { s3 } from '#common/s3-clients.ts';
import { cleanImage, cleanImageLimits } from '#generation/render-jobs/clean-image.ts';
import type { SiteImage } from '#generation/website/extract-site-facts.ts';
import { fetchPublicImage } from '#generation/website/fetch-public-page.ts';
import { generationConfig, serviceLimits } from '#shared/config.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import type { CachedImage } from './preview-cache.ts';

const previewImageLimits = {
  ...cleanImageLimits,
  timeoutSeconds: 2,
  maxWidth: generationConfig.preview.imageBoxPixels,
  maxHeight: generationConfig.preview.imageBoxPixels,
};

/** Cleaned copies of the first images, in the page's order; `keyOf(n)` names the n-th (1-based). */
export async function storePreviewImages(
  images: readonly SiteImage[],
  keyOf: (index: number) => string,
): Promise<CachedImage[]> {
  const chosen = images.slice(0, generationConfig.preview.maxSiteImages);
  const stored = await Promise.all(chosen.map((image, index) => storeOne(image, keyOf(index + 1))));
  return stored.filter((image): image is CachedImage => image !== null);
}

async function storeOne(image: SiteImage, key: string): Promise<CachedImage | null> {
  const fetched = await fetchPublicImage(image.url, { timeoutMs: generationConfig.preview.imageFetchTimeoutMs });
  if ('failure' in fetched) return null;
  const webp = await cleanPreviewImage(fetched.bytes);
  if (!webp) return null;
  await storeWebp(key, webp);
  return {
    key,
    url: image.url,
    source: image.source,
    ...(image.description ? { description: image.description } : {}),
  };
}

/** A WebP of ours (a cleaned image, an opening still) into the images bucket. */
export async function storeWebp(key: string, webp: Buffer): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: requireEnv(envNames.imagesBucket),
      Key: key,
      Body: webp,
      ContentType: 'image/webp',
      CacheControl: `max-age=${serviceLimits.uploadCacheSeconds}`,
    }),
  );
}

/**
 * Untrusted image bytes (a site's image, the buyer's upload) decoded once by the cleaner and
 * re-encoded as a small WebP (the clean PNG is our own); null when the image cannot be used.
 */
export async function cleanPreviewImage(bytes: Uint8Array): Promise<Buffer | null> {
  const path = join(tmpdir(), `preview-${randomUUID()}.png`);
  try {
    const clean = await cleanImage(bytes, path, previewImageLimits);
    if ('failure' in clean) return null;
    return await sharp(await readFile(path))
      .webp({ quality: 78 })
      .toBuffer();
  } finally {
    await rm(path, { force: true });
  }
}
