// Renders real ads with the bundled ffmpeg and checks the files as a player would see them.
// Render time is printed, not asserted: the budget is measured by `npm run bench` (DESIGN §8).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../lambdas/generation/render/ffmpeg-binary.ts';
import { probeMedia } from '../../lambdas/generation/render/probe-media.ts';
import { renderAd } from '../../lambdas/generation/render/render-ad.ts';
import type { RenderSpec } from '../../lambdas/generation/render/render-spec.ts';

const execFileAsync = promisify(execFile);

let workRoot: string;
let imagePath: string;

beforeAll(async () => {
  workRoot = await mkdtemp(join(tmpdir(), 'render-ad-'));
  const generated = join(workRoot, 'testsrc.png');
  await execFileAsync(ffmpegPath(), [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=1024x1024',
    '-frames:v',
    '1',
    generated,
  ]);
  // A name with a quote, spaces and a % (an image-sequence pattern to ffmpeg unless told otherwise).
  imagePath = join(workRoot, "buyer's image 100%.png");
  await rename(generated, imagePath);
});

afterAll(async () => {
  await rm(workRoot, { recursive: true, force: true });
});

const fourSecondAd: RenderSpec = {
  durationSeconds: 4,
  width: 720,
  height: 1280,
  fps: 30,
  footage: { images: [] },
  scenes: [
    { startSeconds: 0, endSeconds: 2, caption: [`It's 50% off: "now", \\ ok`, 'Café crème; [vite] ✓'], kind: 'hook' },
    { startSeconds: 2, endSeconds: 4, caption: [], kind: 'cta' },
  ],
  endCard: {
    title: 'Bean & Bloom',
    subtitle: 'Roasted the day they ship',
    domain: 'beanandbloom.com',
    cta: 'Get 50% off',
  },
  palette: { primary: '#5b3a29', accent: '#f2b705', text: '#fff8ef' },
  style: 'direct-response',
};

const twelveSecondAd: RenderSpec = {
  ...fourSecondAd,
  durationSeconds: 12,
  scenes: [
    { startSeconds: 0, endSeconds: 2, caption: ['Tired of slow mornings?'], kind: 'hook' },
    { startSeconds: 2, endSeconds: 4.5, caption: ['Fresh roasted beans', 'at your door in 24h'], kind: 'benefit' },
    { startSeconds: 4.5, endSeconds: 7, caption: ['Roasted to order, never stale'], kind: 'benefit' },
    { startSeconds: 7, endSeconds: 9.5, caption: ['50% off your first bag'], kind: 'offer' },
    { startSeconds: 9.5, endSeconds: 12, caption: [], kind: 'cta' },
  ],
  style: 'cinematic',
};

/** The MP4's top-level box types in file order (size, type; size 1 means a 64-bit size follows). */
function topLevelBoxes(file: Buffer): string[] {
  const types: string[] = [];
  for (let offset = 0; offset + 8 <= file.length; ) {
    const size = file.readUInt32BE(offset);
    const length = size === 1 ? Number(file.readBigUInt64BE(offset + 8)) : size === 0 ? file.length - offset : size;
    types.push(file.toString('latin1', offset + 4, offset + 8));
    offset += length;
  }
  return types;
}

async function loudness(path: string): Promise<{ mean: number; max: number }> {
  const { stderr } = await execFileAsync(ffmpegPath(), [
    '-nostats',
    '-i',
    path,
    '-map',
    '0:a',
    '-af',
    'volumedetect',
    '-f',
    'null',
    '-',
  ]);
  const read = (name: string) => Number(stderr.match(new RegExp(`${name}: (-?[\\d.]+) dB`))?.[1]);
  return { mean: read('mean_volume'), max: read('max_volume') };
}

async function expectPlayableAd(videoPath: string, durationSeconds: number): Promise<void> {
  const facts = await probeMedia(videoPath);
  expect(facts.video).toEqual({
    codec: 'h264',
    profile: 'High',
    pixelFormat: 'yuv420p',
    width: 720,
    height: 1280,
    fps: 30,
  });
  expect(facts.audio).toEqual({ codec: 'aac', sampleRate: 48000, channels: 2 });
  expect(Math.abs(facts.durationSeconds - durationSeconds)).toBeLessThanOrEqual(0.05);
  const boxes = topLevelBoxes(await readFile(videoPath));
  expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
  expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
}

async function expectPoster(posterPath: string): Promise<void> {
  const bytes = await readFile(posterPath);
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  const facts = await probeMedia(posterPath);
  expect(facts.video).toMatchObject({ codec: 'mjpeg', width: 720, height: 1280 });
}

describe('renderAd with the bundled ffmpeg', () => {
  it('renders a 4 s ad over a buyer image, with captions full of quotes, colons, percent signs and unicode', async () => {
    // Prepare
    const progress: number[] = [];
    const spec = { ...fourSecondAd, footage: { images: [imagePath] } };

    // Act
    const result = await renderAd(spec, { workDir: join(workRoot, 'four'), onProgress: (f) => progress.push(f) });

    // Assess
    await expectPlayableAd(result.videoPath, 4);
    await expectPoster(result.posterPath);
    expect(result).toMatchObject({ width: 720, height: 1280 });
    expect(Math.abs(result.durationSeconds - 4)).toBeLessThanOrEqual(0.05);
    expect(result.bytes).toBeGreaterThan(50_000);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    console.info(`render: 4 s ad with one image -> ${result.bytes} bytes`);
  });

  it('renders a 12 s ad without images on an animated brand background with a music bed', async () => {
    // Prepare
    const progress: number[] = [];
    const started = performance.now();

    // Act
    const result = await renderAd(twelveSecondAd, {
      workDir: join(workRoot, 'twelve'),
      onProgress: (f) => progress.push(f),
    });

    // Assess
    const seconds = (performance.now() - started) / 1000;
    console.info(`render: 12 s ad without images in ${seconds.toFixed(2)} s wall -> ${result.bytes} bytes`);
    await expectPlayableAd(result.videoPath, 12);
    await expectPoster(result.posterPath);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)).toBe(1);
    // Audible under a voice-over, never clipping.
    const { mean, max } = await loudness(result.videoPath);
    expect(mean).toBeGreaterThan(-26);
    expect(mean).toBeLessThan(-14);
    expect(max).toBeLessThan(-3);
  });

  it('stops ffmpeg and rejects with an AbortError when the caller aborts', async () => {
    // Prepare
    const controller = new AbortController();
    let abortedAt = 0;
    const onProgress = (fraction: number) => {
      if (fraction > 0.05 && !controller.signal.aborted) {
        abortedAt = performance.now();
        controller.abort();
      }
    };

    // Act
    const render = renderAd(twelveSecondAd, {
      workDir: join(workRoot, 'aborted'),
      onProgress,
      signal: controller.signal,
    });

    // Assess
    await expect(render).rejects.toMatchObject({ name: 'AbortError' });
    expect(performance.now() - abortedAt).toBeLessThan(2_000);
  });
});
