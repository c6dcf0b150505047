// renderAd alone on this machine: a 12 s ad per style with a product photo (DESIGN §8).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { renderAd } from '#generation/render/render-ad';
import { renderSpecFor } from '#generation/render-jobs/render-request';
import { templateCopywriter } from '#generation/script/template-copywriter';
import { styles } from '#shared/contract';
import { northwindFacts, writeProductPhoto } from '../integration/support/ad-fixtures.ts';
import { record, round } from './figures.ts';

/** renderAd alone, a 12 s ad per style with a product photo, on this machine. */
export async function benchRenders(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'reelfive-render-bench-'));
  const photo = await writeProductPhoto(workDir);
  for (const style of styles) {
    const script = await templateCopywriter.write({ style, durationSeconds: 12, facts: northwindFacts });
    const began = performance.now();
    const rendered = await renderAd(renderSpecFor(script, [photo]), { workDir: join(workDir, style) });
    record(`render of a 12 s ad with a photo, ${style}`, round((performance.now() - began) / 1000), 's', { max: 10 });
    record(`MP4 size, 12 s ad with a photo, ${style}`, round(rendered.bytes / 1024 / 1024, 2), 'MB', { max: 8 });
  }
  await rm(workDir, { recursive: true, force: true });
}
