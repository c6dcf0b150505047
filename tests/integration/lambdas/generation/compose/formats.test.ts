// The delivery formats rendered (shared/ad-formats.ts): the same storyboard composed for 4:5, 1:1
// and 16:9 (lambdas/generation/compose, `frame`) comes out at that format's exact size, through
// every gate of the 9:16 ad (layout: safe zone, product, size, contrast; media: loudness, speech,
// black/blank/frozen) and with a poster of the same size.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderStoryboard } from '#generation/compose/render-storyboard.ts';
import { probeMedia } from '#generation/media/probe-media.ts';
import { localVoice } from '#generation/voice/local-voice.ts';
import { adFormat } from '#shared/ad-formats.ts';
import type { Style } from '#shared/contract.ts';
import { northwindStoryboard, writeCleanedProductPhoto } from '../../../support/ad-fixtures.ts';

let workRoot: string;
let upload: string;

beforeAll(async () => {
  workRoot = await mkdtemp(join(tmpdir(), 'compose-formats-'));
  upload = await writeCleanedProductPhoto(workRoot);
});

afterAll(async () => {
  await rm(workRoot, { recursive: true, force: true });
});

// Each format in another style, so that every style's look is rendered in a shape that is not 9:16.
const cases = [
  ['portrait', 'direct-response'],
  ['square', 'ugc'],
  ['landscape', 'cinematic'],
] as const satisfies readonly (readonly [Parameters<typeof adFormat>[0], Style])[];

// A render takes several times longer with both cores saturated: the timeout allows it (the
// figures are `npm run bench -- --only=pack-formats`'s).
describe('renderStoryboard in every delivery format', { timeout: 300_000 }, () => {
  it.each(cases)('renders a 4 s ad for %s (%s) at its size, through every gate', async (id, style) => {
    // Prepare
    const format = adFormat(id);
    const dir = await mkdtemp(join(workRoot, `${id}-`));
    const storyboard = await northwindStoryboard(style, 4, 'uploads/northwind.jpg');

    // Act
    const ad = await renderStoryboard(storyboard, {
      images: { upload },
      voice: localVoice(),
      workDir: dir,
      frame: format,
    });

    // Assess: the format's exact size (ffprobe), every gate passed.
    const [video, poster] = await Promise.all([probeMedia(ad.videoPath), probeMedia(ad.posterPath)]);
    expect(video.video).toMatchObject({
      codec: 'h264',
      pixelFormat: 'yuv420p',
      width: format.width,
      height: format.height,
      fps: 30,
    });
    expect(video.audio).toMatchObject({ codec: 'aac', sampleRate: 48_000, channels: 2 });
    expect(video.durationSeconds).toBeCloseTo(4, 1);
    expect(poster.video).toMatchObject({ width: format.width, height: format.height });
    const { layout, media } = ad.gates;
    expect(layout.passed).toBe(true);
    expect(layout.overProduct).toBe(0);
    expect(layout.outsideSafeZone).toBe(0);
    expect(layout.minContrast).toBeGreaterThanOrEqual(4.5);
    expect(Math.abs(media.integratedLufs + 14)).toBeLessThanOrEqual(1);
    expect(media.truePeakDbtp).toBeLessThanOrEqual(-1);
    expect(media.blackSeconds + media.blankSeconds + media.frozenSeconds).toBe(0);
  });
});
