// What the site makes a phone download, and Lighthouse's mobile scores, on the twin.
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Twin } from '#local/twin.ts';
import { paths } from '#shared/paths.ts';
import { chromiumArgs, launchChromium } from '#tests/integration/support/browser.ts';
import { record, round } from './figures.ts';

/**
 * What a page makes the browser download, by type, gzip-compressed as CloudFront would send it:
 * every script and stylesheet it loads until the network is idle (lazy page chunks included).
 * Inline CSS (prerendered pages) is counted with the document.
 */
export async function benchPageWeights(twin: Twin, orderId: string): Promise<void> {
  const browser = await launchChromium();
  const gz = (body: Buffer) => gzipSync(body, { level: 9 }).length / 1024;
  const pages = [
    { name: '/', path: paths.home, jsBudget: 110 },
    { name: 'blog article', path: paths.blogPost('tiktok-ad-maker'), jsBudget: 10 },
    { name: '/blog', path: paths.blog, jsBudget: 10 },
    { name: '/terms', path: paths.terms },
    { name: '/success (completed order)', path: paths.orderStatus(orderId) },
  ];
  try {
    for (const page of pages) {
      const tab = await browser.newPage();
      const loaded: Promise<{ type: string; kb: number }>[] = [];
      tab.on('response', (response) => {
        const type = response.request().resourceType();
        if (!['script', 'stylesheet', 'document'].includes(type) || !response.url().startsWith(twin.url)) return;
        loaded.push(response.body().then((body) => ({ type, kb: gz(body) })));
      });
      await tab.goto(`${twin.url}${page.path}`, { waitUntil: 'networkidle' });
      const sizes = await Promise.all(loaded);
      await tab.close();
      const total = (type: string) =>
        round(sizes.filter((size) => size.type === type).reduce((sum, size) => sum + size.kb, 0));
      record(
        `JS on ${page.name} (gzip)`,
        total('script'),
        'KB',
        page.jsBudget === undefined ? undefined : { max: page.jsBudget },
      );
      record(`CSS on ${page.name} (gzip; inline in the HTML counted with it)`, total('stylesheet'), 'KB');
      record(`HTML of ${page.name} (gzip)`, total('document'), 'KB');
    }
  } finally {
    await browser.close();
  }
}

/** Lighthouse mobile (its default: emulated phone, simulated slow 4G), median of 3 runs by performance. */
export async function benchLighthouse(twin: Twin): Promise<void> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: chromiumArgs,
  });
  const pages = [
    { name: '/', path: paths.home },
    { name: 'blog article', path: paths.blogPost('tiktok-ad-maker') },
    { name: '/terms', path: paths.terms },
  ];
  try {
    for (const page of pages) {
      const runs = [];
      for (let run = 0; run < 3; run++) {
        const result = await lighthouse(`${twin.url}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        runs.push(result.lhr);
      }
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const median = runs[1];
      if (!median) continue;
      const score = (id: string) => Math.round((median.categories[id]?.score ?? 0) * 100);
      const audit = (id: string) => median.audits[id]?.numericValue ?? Number.NaN;
      const all = runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100)).join(', ');
      record(`Lighthouse ${page.name}: performance`, score('performance'), 'points', { min: 98 }, `runs ${all}`);
      record(`Lighthouse ${page.name}: accessibility`, score('accessibility'), 'points', { min: 100 });
      record(`Lighthouse ${page.name}: best practices`, score('best-practices'), 'points', { min: 100 });
      record(`Lighthouse ${page.name}: SEO`, score('seo'), 'points', { min: 100 });
      record(`Lighthouse ${page.name}: LCP`, round(audit('largest-contentful-paint') / 1000, 2), 's', { max: 1.5 });
      record(`Lighthouse ${page.name}: CLS`, round(audit('cumulative-layout-shift'), 3), '', { max: 0.01 });
      record(`Lighthouse ${page.name}: TBT`, round(audit('total-blocking-time'), 0), 'ms', { max: 50 });
    }
  } finally {
    chrome.kill();
  }
}
