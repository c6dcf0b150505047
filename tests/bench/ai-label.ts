// What the AI label (lambdas/generation/media/label-ad.ts) adds to a render: Northwind's 12 s
// direct-response ad rendered once as render-one.ts renders it, then labelled several times from a
// fresh copy (XMP box + C2PA manifest signed with a test signer). Median seconds and bytes added.
import { copyFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderStoryboard } from '#generation/compose/render-storyboard.ts';
import { labelAd } from '#generation/media/label-ad.ts';
import { cleanImage } from '#generation/render-jobs/clean-image.ts';
import { createVoice } from '#generation/voice/create-voice.ts';
import { makeTestC2paSigner } from '#local/secrets-manager/c2pa-test-signer.ts';
import { northwindStoryboard, writeProductPhoto } from '#tests/integration/support/ad-fixtures.ts';
import { record, round } from './figures.ts';

const labelRuns = 5;

export async function benchAiLabel(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'reelfive-bench-label-'));
  try {
    const cleaned = await cleanImage(await readFile(await writeProductPhoto(workDir)), join(workDir, 'upload.png'));
    if ('failure' in cleaned) throw new Error(`the fixture photo could not be cleaned: ${cleaned.failure}`);
    const storyboard = await northwindStoryboard('direct-response', 12, 'uploads/northwind.jpg');
    const ad = await renderStoryboard(storyboard, {
      images: { upload: cleaned.path },
      voice: await createVoice(),
      workDir,
    });
    const { signer } = await makeTestC2paSigner();
    const { size: encodedBytes } = await stat(ad.videoPath);
    const seconds: number[] = [];
    let labelledBytes = 0;
    for (let run = 0; run < labelRuns; run++) {
      const copy = join(workDir, `labelled-${run}.mp4`);
      await copyFile(ad.videoPath, copy);
      const started = performance.now();
      labelledBytes = await labelAd(copy, signer);
      seconds.push((performance.now() - started) / 1000);
    }
    const median = [...seconds].sort((a, b) => a - b)[Math.floor(seconds.length / 2)] ?? Number.NaN;
    record('AI label of a 12 s 720x1280 ad (XMP + signed C2PA), median of 5', round(median, 3), 's');
    record(
      'AI label: bytes added to the 12 s ad',
      labelledBytes - encodedBytes,
      'B',
      undefined,
      `${encodedBytes} B before`,
    );
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
