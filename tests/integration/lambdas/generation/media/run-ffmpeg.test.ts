// runFfmpeg with the bundled ffmpeg: progress that only moves forward, ffmpeg's own message on a
// failure, and a run that stops at once when the caller aborts (a render the order no longer needs).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '#generation/media/run-ffmpeg.ts';

let workDir = '';

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'run-ffmpeg-'));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** An encode of `seconds` of ffmpeg's test pattern into `name`. */
const encode = (seconds: number, name: string) => [
  '-y',
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=720x1280:rate=30:duration=${seconds}`,
  '-c:v',
  'libx264',
  '-preset',
  'ultrafast',
  join(workDir, name),
];

describe('runFfmpeg', () => {
  it('reports progress that never moves backwards and ends at 1', async () => {
    // Prepare
    const fractions: number[] = [];

    // Act
    await runFfmpeg(encode(2, 'short.mp4'), { durationSeconds: 2, onProgress: (f) => fractions.push(f) });

    // Assess
    expect(fractions.at(-1)).toBe(1);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
  });

  it('rejects with the end of ffmpeg’s own message when the command fails', async () => {
    await expect(runFfmpeg(['-i', join(workDir, 'missing.mp4'), join(workDir, 'out.mp4')])).rejects.toThrow(
      /ffmpeg failed \(exit 1\): .*missing\.mp4/s,
    );
  });

  it('stops ffmpeg and rejects with an AbortError when the caller aborts', async () => {
    // Prepare
    const controller = new AbortController();
    let abortedAt = 0;
    const onProgress = (fraction: number) => {
      if (fraction > 0.01 && !controller.signal.aborted) {
        abortedAt = performance.now();
        controller.abort();
      }
    };

    // Act
    const run = runFfmpeg(encode(120, 'long.mp4'), { durationSeconds: 120, onProgress, signal: controller.signal });

    // Assess
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    // The 120 s encode was stopped, not run out (a bound a saturated machine still meets).
    expect(performance.now() - abortedAt).toBeLessThan(10_000);
  });
});
