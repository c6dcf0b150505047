// The same business and product photo for every test and bench figure that renders an ad, so
// their numbers compare.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { ffmpegPath } from '#generation/media/ffmpeg-binary.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { templateStoryboardWriter } from '#generation/storyboard/template-writer.ts';
import type { SiteFacts } from '#generation/website/extract-site-facts.ts';
import type { AdDuration, Style } from '#shared/contract.ts';

export const northwindFacts: SiteFacts = {
  businessName: 'Northwind Coffee',
  domain: 'northwind.coffee',
  headline: 'Small-batch coffee, roasted the day it ships',
  description: 'Fresh beans from growers we know, delivered in 48 hours.',
  benefits: ['Roasted to order', 'Free shipping over $30', 'Cancel any time'],
  themeColor: '#7a3e1d',
};

/** A 900x900 JPEG with detail everywhere (ffmpeg's testsrc2), written into `dir`; returns its path. */
export async function writeProductPhoto(dir: string): Promise<string> {
  const photo = join(dir, 'product.jpg');
  await promisify(execFile)(ffmpegPath(), [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=900x900',
    '-frames:v',
    '1',
    photo,
  ]);
  return photo;
}

/** The product photo as clean-image.ts hands images to the renderer: a PNG decoded and re-encoded by sharp. */
export async function writeCleanedProductPhoto(dir: string): Promise<string> {
  const upload = join(dir, 'upload.png');
  await sharp(await readFile(await writeProductPhoto(dir)))
    .png()
    .toFile(upload);
  return upload;
}

/** Northwind's storyboard as the template writer writes it (the writer the twin and CI use). */
export async function northwindStoryboard(
  style: Style,
  durationSeconds: AdDuration,
  uploadKey: string | null = null,
): Promise<Storyboard> {
  return templateStoryboardWriter.write({
    site: { ...northwindFacts, source: 'site' },
    order: { style, durationSeconds, uploadKey },
  });
}
