// Reading a site as the preview reads it (docs/budgets.md: preview p95 ≤ 3 s, worst case ≤ 8 s): each
// page of the hostile corpus (tests/fixtures/hostile-pages.ts) at the size the attack sent and at
// the 2 MB page cap, and an ordinary shop page, read by the guarded reader (worker thread start,
// parse, extraction). The reader gets the worst-case budget, so a page that would miss the preview's
// own budget (generationConfig.preview.siteReadingBudgetMs, then "could not be read") shows by how much.
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { readPageGuarded } from '#generation/website/guarded-reading.ts';
import { hostilePages, pageCapBytes } from '#tests/fixtures/hostile-pages.ts';
import { percentile, record, round } from './figures.ts';

const samples = 20;
const worstCaseMs = 8_000;
const pageUrl = 'https://harbor-coffee.example/';

export async function benchSiteReading(): Promise<void> {
  const shop = await readFile(new URL('../unit/fixtures/sites/candle-shop.html', import.meta.url), 'utf8');
  const pages = [
    { label: 'an ordinary shop page', html: shop },
    ...hostilePages.flatMap((page) => [
      { label: `${page.name}, as sent (${kilobytes(page.attackBytes)})`, html: page.build(page.attackBytes) },
      { label: `${page.name}, at the page cap (${kilobytes(pageCapBytes)})`, html: page.build(pageCapBytes) },
    ]),
  ];
  for (const { label, html } of pages) {
    const times: number[] = [];
    let overBudget = 0;
    for (let i = 0; i < samples; i++) {
      const began = performance.now();
      const reading = await readPageGuarded(html, pageUrl, worstCaseMs);
      times.push(performance.now() - began);
      if ('failure' in reading) overBudget += 1;
    }
    times.sort((a, b) => a - b);
    const note = `${samples} reads${overBudget ? `, ${overBudget} ended at the ${worstCaseMs / 1000} s budget` : ''}`;
    record(`site reading, ${label}, p95`, round(percentile(times, 95) / 1000, 2), 's', { max: 3 }, note);
    record(`site reading, ${label}, worst`, round(times.at(-1)! / 1000, 2), 's', { max: worstCaseMs / 1000 });
  }
}

function kilobytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
