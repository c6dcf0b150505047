// The preview before paying on the twin (docs/budgets.md: p95 ≤ 3 s): POST /api/previews against a
// local site (tests/integration/support/preview-site.ts: a page with three JPEGs), as the form
// asks it. A first read of a site (page fetched, images cleaned and stored, storyboard and opening still),
// then what a style change costs (the cached facts, the storyboard written again), then a site
// that refuses the connection.
import { performance } from 'node:perf_hooks';
import type { Twin } from '#local/twin.ts';
import { startPreviewSite } from '#tests/integration/support/preview-site.ts';
import { percentile, record, round } from './figures.ts';

const samples = 20;

export async function benchPreviews(twin: Twin): Promise<void> {
  const site = await startPreviewSite();
  try {
    const ask = async (website: string, style = 'cinematic'): Promise<number> => {
      const began = performance.now();
      const answer = await fetch(`${twin.url}/api/previews`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ website, style, durationSeconds: '12' }),
      });
      const body = (await answer.json()) as { readable?: boolean; images?: unknown[] };
      const ms = performance.now() - began;
      if (answer.status !== 200) throw new Error(`the preview answered ${answer.status}: ${JSON.stringify(body)}`);
      return ms;
    };
    // Each URL is a site never read before (the cache keys on the whole URL).
    const firstReads: number[] = [];
    const styleChanges: number[] = [];
    for (let i = 0; i < samples; i++) {
      const website = site.url('readable', `/?bench=${Date.now()}-${i}`);
      firstReads.push(await ask(website));
      styleChanges.push(await ask(website, 'ugc'));
    }
    const refused: number[] = [];
    for (let i = 0; i < samples; i++) refused.push(await ask(site.url('closed', `/?bench=${i}`)));
    report('first read of a site (page, 3 images cleaned, hook, opening still)', firstReads, { max: 3_000 });
    report('style change (cached facts, still redrawn)', styleChanges);
    report('site refusing the connection', refused);
  } finally {
    await site.stop();
  }
}

function report(what: string, latencies: number[], budget?: { max: number }): void {
  latencies.sort((a, b) => a - b);
  const label = `preview before paying (twin), ${what}`;
  record(`${label}, p50`, round(percentile(latencies, 50)), 'ms');
  record(`${label}, p95`, round(percentile(latencies, 95)), 'ms', budget, `${latencies.length} sequential requests`);
}
