// Every image the renderer uses is decoded once by sharp and re-encoded as a bounded PNG; hostile
// or broken bytes are refused with a reason instead (the render then goes on without them).
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '#generation/media/probe-media.ts';
import { cleanImage, cleanImageLimits } from '#generation/render-jobs/clean-image.ts';
import { writeProductPhoto } from '../../../support/ad-fixtures.ts';
import { blankPng, truncated } from '../../../support/hostile-images.ts';

let workDir = '';
let photo: Buffer;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'clean-image-'));
  photo = await readFile(await writeProductPhoto(workDir));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

const out = (name: string) => join(workDir, `${name}.png`);
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe('a usable image', () => {
  it('comes out as a PNG of the same size that ffmpeg reads', async () => {
    // Act
    const clean = await cleanImage(photo, out('photo'));

    // Assess
    expect(clean).toEqual({ path: out('photo'), width: 900, height: 900 });
    const bytes = await readFile(out('photo'));
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await probeMedia(out('photo'))).video).toMatchObject({ codec: 'png', width: 900, height: 900 });
  });

  it('is shrunk to fit inside 1440x2560, keeping its proportions', async () => {
    // Prepare
    const tall = await sharp({ create: { width: 3000, height: 6000, channels: 3, background: '#7a3e1d' } })
      .jpeg()
      .toBuffer();

    // Act
    const clean = await cleanImage(tall, out('tall'));

    // Assess
    expect(clean).toMatchObject({ width: 1280, height: 2560 });
  });

  it('is turned upright as its EXIF orientation says', async () => {
    // Prepare: a landscape photo a phone tagged "rotate 90° clockwise to view".
    const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#f2b705' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();

    // Act
    const clean = await cleanImage(sideways, out('sideways'));

    // Assess
    expect(clean).toMatchObject({ width: 200, height: 400 });
  });
});

describe('an image that is refused, with its reason and no file', () => {
  it('a decompression bomb: a half-megabyte PNG declaring 30,000 × 30,000 pixels', async () => {
    // Prepare
    const bomb = await blankPng({ width: 30_000, height: 30_000, bitDepth: 1, colourType: 0 });

    // Act
    const clean = await cleanImage(bomb, out('bomb'));

    // Assess: refused from the header (libvips' pixel-limit message), before any pixel is decoded.
    expect(clean).toEqual({ failure: 'Input image exceeds pixel limit' });
    expect(await exists(out('bomb'))).toBe(false);
  });

  it('a truncated JPEG', async () => {
    const clean = await cleanImage(truncated(photo), out('truncated-jpeg'));

    expect(clean).toEqual({ failure: expect.stringMatching(/premature end of JPEG/i) });
    expect(await exists(out('truncated-jpeg'))).toBe(false);
  });

  it('a truncated PNG', async () => {
    // Prepare
    const png = await sharp(photo).png().toBuffer();

    // Act
    const clean = await cleanImage(truncated(png), out('truncated-png'));

    // Assess
    expect(clean).toEqual({ failure: expect.stringMatching(/png/i) });
    expect(await exists(out('truncated-png'))).toBe(false);
  });

  it('bytes that are no image, or an image type the product does not take (SVG, GIF)', async () => {
    // Prepare
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();

    // Act
    const cleaned = await Promise.all(
      [Buffer.from('<!doctype html><title>Not found</title>'), Buffer.from(svg), gif].map((bytes, i) =>
        cleanImage(bytes, out(`not-an-image-${i}`)),
      ),
    );

    // Assess
    expect(cleaned).toEqual(Array(3).fill({ failure: 'not a JPEG, PNG or WebP image' }));
  });

  it('a decode that outlasts the time limit (here 1 s, with the pixel limit raised to let it start)', async () => {
    // Prepare: 400 MP of 16-bit RGBA takes several seconds to decode and shrink on this machine.
    const slow = await blankPng({ width: 20_000, height: 20_000, bitDepth: 16, colourType: 6 });
    const limits = { ...cleanImageLimits, maxInputPixels: 400_000_000, timeoutSeconds: 1 };

    // Act
    const clean = await cleanImage(slow, out('slow'), limits);

    // Assess
    // sharp reports `timeout` only when its own limit stopped the decode: no wall-clock check,
    // which a busy machine would break.
    expect(clean).toEqual({ failure: expect.stringMatching(/^timeout/) });
    expect(await exists(out('slow'))).toBe(false);
  });
});
