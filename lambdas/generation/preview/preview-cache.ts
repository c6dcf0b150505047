// What a preview read, kept for generationConfig.preview.cacheMinutes under previews/<hash of the website>/
// in the images bucket: the site's facts with the keys of their cleaned images (site.json), and
// per style and length the storyboard's opening the buyer was shown (hook-<style>-<seconds>.json).
// Later previews of the site reuse the facts; the order's generation reuses facts and hook. The
// bucket's lifecycle removes the objects after its retention; freshness is checked on every read.
import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { sha256Hex } from '#common/hashing.ts';
import { s3 } from '#common/s3-clients.ts';
import type { WebsiteAnalysis } from '#generation/website/analyze-website.ts';
import type { ContentVerdict } from '#generation/website/content-check.ts';
import type { SiteImageSource } from '#generation/website/extract-site-facts.ts';
import { generationConfig } from '#shared/config.ts';
import type { AdDuration, Style } from '#shared/contract.ts';
import { previewPrefix } from '#shared/preview-contract.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';

export interface CachedImage {
  /** The cleaned copy in the images bucket. */
  key: string;
  /** Where the site has it: the storyboard names site images by this URL. */
  url: string;
  source: SiteImageSource;
  description?: string;
}

export interface CachedSite {
  /** The normalised website (the order stores the same form). */
  website: string;
  /** ISO time of the read; a hook is reused only with the facts it was written from. */
  readAt: string;
  analysis: WebsiteAnalysis;
  images: CachedImage[];
  /** The content check's answer on these facts, when it answered (absent: asked again on the next preview). */
  verdict?: ContentVerdict;
}

/** The storyboard's opening scene as the buyer saw it. */
export interface CachedHook {
  readAt: string;
  text: string[];
  voiceLine: string;
  emphasis?: string;
}

/** The objects of one website's preview. `website` is normalised (URL.href), as the order stores it. */
export function previewKeys(website: string) {
  const folder = `${previewPrefix}${sha256Hex(website)}/`;
  return {
    site: `${folder}site.json`,
    image: (index: number) => `${folder}site-${index}.webp`,
    hook: (style: Style, durationSeconds: AdDuration) => `${folder}hook-${style}-${durationSeconds}.json`,
    /** The opening still for a style, length and photo (a hash of its key), redrawn on each ask. */
    openingFrame: (style: Style, durationSeconds: AdDuration, photo: string | null) =>
      `${folder}opening-${style}-${durationSeconds}-${photo ? sha256Hex(photo).slice(0, 16) : 'no-photo'}.webp`,
  };
}

export function isFresh(readAt: string, now: Date): boolean {
  const age = now.getTime() - Date.parse(readAt);
  return age >= 0 && age < generationConfig.preview.cacheMinutes * 60_000;
}

/** The facts a preview read within the cache's time, else null. */
export async function readCachedSite(website: string, now = new Date()): Promise<CachedSite | null> {
  const cached = await readJson<CachedSite>(previewKeys(website).site);
  return cached && cached.website === website && isFresh(cached.readAt, now) ? cached : null;
}

export async function storeCachedSite(site: CachedSite): Promise<void> {
  await writeJson(previewKeys(site.website).site, site);
}

/** The hook shown for these facts, style and length; null when none was shown for them. */
export async function readCachedHook(
  website: string,
  style: Style,
  durationSeconds: AdDuration,
  readAt: string,
): Promise<CachedHook | null> {
  const hook = await readJson<CachedHook>(previewKeys(website).hook(style, durationSeconds));
  return hook && hook.readAt === readAt ? hook : null;
}

export async function storeCachedHook(
  website: string,
  style: Style,
  durationSeconds: AdDuration,
  hook: CachedHook,
): Promise<void> {
  await writeJson(previewKeys(website).hook(style, durationSeconds), hook);
}

const bucket = () => requireEnv(envNames.imagesBucket);

/** An object's bytes; null when there is none. */
export async function readObject(key: string): Promise<Buffer | null> {
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  } catch (error) {
    if (error instanceof NoSuchKey || (error as Error).name === 'NoSuchKey') return null;
    throw error;
  }
}

async function readJson<T>(key: string): Promise<T | null> {
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    return JSON.parse((await object.Body?.transformToString()) ?? 'null') as T | null;
  } catch (error) {
    if (error instanceof NoSuchKey || (error as Error).name === 'NoSuchKey') return null;
    throw error;
  }
}

async function writeJson(key: string, value: unknown): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      Body: JSON.stringify(value),
      ContentType: 'application/json',
    }),
  );
}
