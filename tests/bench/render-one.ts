// One render of the renders group, in a process of its own so that its memory can be measured
// alone (renders.ts samples this process and its ffmpeg/festival children): Northwind's storyboard
// as the template writer writes it, the fixture photo cleaned as the render function cleans an
// upload, the twin's voice, renderStoryboard. Prints one JSON line (RenderOutcome) as its last line.
//   node --import tsx tests/bench/render-one.ts <style> <4|8|12> <contact-sheet.png> [format id]
// (a format of shared/ad-formats.ts; default the 720x1280 the spec delivers)
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeContactSheet } from '#generation/compose/contact-sheet.ts';
import { AdGateError, type RenderedAd, renderStoryboard } from '#generation/compose/render-storyboard.ts';
import { cleanImage } from '#generation/render-jobs/clean-image.ts';
import { createVoice } from '#generation/voice/create-voice.ts';
import { type AdFormatId, adFormat, primaryFormat } from '#shared/ad-formats.ts';
import { adDurations, type Style } from '#shared/contract.ts';
import { northwindStoryboard, writeProductPhoto } from '#tests/integration/support/ad-fixtures.ts';

export type RenderOutcome =
  | {
      attempt: RenderedAd['attempt'];
      refused: string[];
      seconds: RenderedAd['seconds'];
      gates: RenderedAd['gates'];
      bytes: number;
      width: number;
      height: number;
    }
  | { gateProblems: string[] };

const [style, duration, sheetPath, formatId] = process.argv.slice(2) as [Style, string, string, AdFormatId?];
const format = adFormat(formatId ?? primaryFormat.id);
const length = adDurations.find((seconds) => String(seconds) === duration);
if (length === undefined) throw new Error(`${duration} is not an ad's length (${adDurations.join(', ')})`);
const workDir = await mkdtemp(join(tmpdir(), 'reelfive-render-one-'));
try {
  const cleaned = await cleanImage(await readFile(await writeProductPhoto(workDir)), join(workDir, 'upload.png'));
  if ('failure' in cleaned) throw new Error(`the fixture photo could not be cleaned: ${cleaned.failure}`);
  const storyboard = await northwindStoryboard(style, length, 'uploads/northwind.jpg');
  let outcome: RenderOutcome;
  try {
    const ad = await renderStoryboard(storyboard, {
      images: { upload: cleaned.path },
      voice: await createVoice(),
      workDir,
      frame: format,
    });
    await writeContactSheet(ad.videoPath, storyboard, sheetPath);
    outcome = {
      attempt: ad.attempt,
      refused: ad.refused,
      seconds: ad.seconds,
      gates: ad.gates,
      bytes: ad.bytes,
      width: ad.width,
      height: ad.height,
    };
  } catch (error) {
    // A storyboard the gates refuse is a figure of the bench (a failed ad), not a crash of it.
    if (!(error instanceof AdGateError)) throw error;
    outcome = { gateProblems: error.problems };
  }
  console.log(JSON.stringify(outcome));
} finally {
  await rm(workDir, { recursive: true, force: true });
}
