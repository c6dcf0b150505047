// Every style × duration the buyer can order renders into a valid ad from the same script
// pipeline production uses (template copywriter → render spec → ffmpeg), and the three styles
// look clearly different from one another.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '#generation/render/ffmpeg-binary';
import { probeMedia } from '#generation/render/probe-media';
import { renderAd } from '#generation/render/render-ad';
import { renderSpecFor } from '#generation/render-jobs/render-request';
import type { AdDuration } from '#generation/script/ad-script';
import { templateCopywriter } from '#generation/script/template-copywriter';
import { type Style, styles } from '#shared/contract';
import { northwindFacts, writeProductPhoto } from './support/ad-fixtures.ts';

const run = promisify(execFile);
let workDir = '';
let photo = '';

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'render-matrix-'));
  photo = await writeProductPhoto(workDir);
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

/** A frame as 18x32 RGB bytes: enough to compare looks, cheap to diff. */
async function thumbnail(video: string, seconds: number): Promise<Buffer> {
  const { stdout } = await run(
    ffmpegPath(),
    [
      '-v',
      'error',
      '-ss',
      String(seconds),
      '-i',
      video,
      '-frames:v',
      '1',
      '-vf',
      'scale=18:32',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { encoding: 'buffer' },
  );
  return stdout;
}

const meanDifference = (a: Buffer, b: Buffer) =>
  a.reduce((sum, value, i) => sum + Math.abs(value - (b[i] ?? 0)), 0) / a.length;

const rendered = new Map<string, string>();
const matrix = styles.flatMap((style) => ([4, 8, 12] as AdDuration[]).map((duration) => ({ style, duration })));

describe('every style × duration', () => {
  it.each(matrix)(
    'renders a $style ad of $duration s: 720x1280 H.264/AAC, exact length, poster, ≤ 8 MB',
    async ({ style, duration }) => {
      const script = await templateCopywriter.write({ style, durationSeconds: duration, facts: northwindFacts });
      const ad = await renderAd(renderSpecFor(script, [photo]), { workDir: join(workDir, `${style}-${duration}`) });
      const video = await probeMedia(ad.videoPath);

      expect(video.video).toMatchObject({ codec: 'h264', width: 720, height: 1280, pixelFormat: 'yuv420p' });
      expect(video.audio?.codec).toBe('aac');
      expect(Math.abs(video.durationSeconds - duration)).toBeLessThanOrEqual(0.1);
      expect(ad.bytes).toBeLessThanOrEqual(8 * 1024 * 1024);
      expect((await probeMedia(ad.posterPath)).video).toMatchObject({ width: 720, height: 1280 });
      rendered.set(`${style}-${duration}`, ad.videoPath);
    },
  );

  it('gives each style its own look over the same footage and words', async () => {
    const frames = new Map<Style, Buffer[]>();
    for (const style of styles) {
      const video = rendered.get(`${style}-12`) ?? '';
      frames.set(style, await Promise.all([1.5, 6, 11].map((at) => thumbnail(video, at))));
    }
    for (const [first, second] of [
      ['cinematic', 'direct-response'],
      ['cinematic', 'ugc'],
      ['direct-response', 'ugc'],
    ] as const) {
      const differences = [0, 1, 2].map((i) => meanDifference(frames.get(first)![i]!, frames.get(second)![i]!));
      // Mean per-channel difference on a 0–255 scale; near-identical frames score under 3.
      expect(Math.max(...differences), `${first} vs ${second}`).toBeGreaterThan(12);
    }
  });
});
