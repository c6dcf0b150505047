// The site view end to end: an 8 s UGC storyboard whose scene after the hook scrolls the shop's
// page (drawn by the engine from the storyboard's siteView), rendered with festival's voice and the
// bundled ffmpeg, held to every gate; two frames of that scene show the page moved up between them.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frame } from '#generation/compose/geometry.ts';
import { layoutStoryboard } from '#generation/compose/layout.ts';
import { transformAt } from '#generation/compose/motion.ts';
import { renderStoryboard } from '#generation/compose/render-storyboard.ts';
import { ffmpegPath } from '#generation/media/ffmpeg-binary.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { localVoice } from '#generation/voice/local-voice.ts';
import { writeCleanedProductPhoto } from '../../../support/ad-fixtures.ts';
import { handWrittenStoryboard, withSiteView } from '../../../support/hand-written-storyboards.ts';

let workRoot: string;
let upload: string;

beforeAll(async () => {
  workRoot = await mkdtemp(join(tmpdir(), 'compose-site-scroll-'));
  upload = await writeCleanedProductPhoto(workRoot);
});

afterAll(async () => {
  await rm(workRoot, { recursive: true, force: true });
});

const width = 720;
const height = 1280;

/** One frame of the video as grey bytes, a row after another. */
async function greyFrame(videoPath: string, seconds: number): Promise<Buffer> {
  const { stdout } = await promisify(execFile)(
    ffmpegPath(),
    [
      '-v',
      'error',
      '-ss',
      String(seconds),
      '-i',
      videoPath,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'gray',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout;
}

/**
 * How far up the picture in a column strip moved from `before` to `after`: the shift whose rows
 * match best (mean absolute difference), with that difference and the one at no shift.
 */
function verticalShift(before: Buffer, after: Buffer, x0: number, x1: number) {
  const difference = (shift: number) => {
    let sum = 0;
    let count = 0;
    for (let y = 0; y + shift < height; y += 2) {
      for (let x = x0; x < x1; x += 2) {
        sum += Math.abs(before[(y + shift) * width + x]! - after[y * width + x]!);
        count += 1;
      }
    }
    return sum / count;
  };
  let best = { shift: 0, difference: difference(0) };
  for (let shift = 1; shift <= 700; shift++) {
    const at = difference(shift);
    if (at < best.difference) best = { shift, difference: at };
  }
  return { ...best, still: difference(0) };
}

/** Where the page's top is (frame px, ≤ 0) at `seconds`, as the layout moves it. */
function pageTopAt(storyboard: Storyboard, seconds: number): number {
  const layout = layoutStoryboard(storyboard, new Map([['upload', { width: 900, height: 900, opaque: true }]]), {
    safe: false,
  });
  const frameAt = Math.round(seconds * frame.fps);
  const shot = layout.scenes
    .flatMap((scene) => scene.shots)
    .find((each) => each.site && frameAt >= each.startFrame && frameAt < each.startFrame + each.frames)!;
  const u = Math.min(1, (frameAt - shot.startFrame) / Math.max(1, shot.frames - 1));
  return transformAt(shot.move, u, (frameAt - shot.startFrame) / frame.fps).dy;
}

describe('a UGC ad that scrolls the shop', { timeout: 300_000 }, () => {
  it('renders the page scrolling up under the scene after the hook, passing every gate', async () => {
    // Prepare: scene 1 (2.0–4.2 s) scrolls the page over its two shots.
    const storyboard = withSiteView(handWrittenStoryboard('ugc', 8));
    const dir = await mkdtemp(join(workRoot, 'ugc-'));

    // Act
    const ad = await renderStoryboard(storyboard, { images: { upload }, voice: localVoice(), workDir: dir });
    const [early, late] = await Promise.all([greyFrame(ad.videoPath, 2.3), greyFrame(ad.videoPath, 3.9)]);

    // Assess
    expect(ad.attempt).toBe('designed');
    expect(ad.gates.layout.passed).toBe(true);
    expect(ad.gates.layout.outsideSafeZone).toBe(0);
    expect(ad.gates.media.blackSeconds + ad.gates.media.blankSeconds + ad.gates.media.frozenSeconds).toBe(0);
    // The strip right of the safe zone (no text there): the page's rows are found again higher up,
    // by as far as the layout's scroll carries the page between the two frames.
    expect(storyboard.scenes[1]!.shots.map((shot) => shot.framing)).toEqual(['site-scroll', 'site-scroll']);
    const moved = verticalShift(early, late, 600, 700);
    const expected = pageTopAt(storyboard, 2.3) - pageTopAt(storyboard, 3.9);
    console.log(`site scroll between 2.3 s and 3.9 s: ${JSON.stringify(moved)}, the layout's ${expected} px`);
    expect(expected).toBeGreaterThan(100);
    expect(Math.abs(moved.shift - expected)).toBeLessThanOrEqual(6);
    expect(moved.difference).toBeLessThan(moved.still / 2);
  });
});
