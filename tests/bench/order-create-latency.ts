// What POST /api/orders costs on the twin now that an order without a photo needs a site that can
// be read (lambdas/orders/photo-requirement.ts, docs/spec-deviations.md): with a photo (no read),
// without one for a site the buyer's preview read (the preview's cache, no fetch), for a site
// never previewed (read now, under the preview's deadlines), and for a site refusing the
// connection (refused 400). Local sites: tests/integration/support/preview-site.ts.
import { performance } from 'node:perf_hooks';
import type { Twin } from '#local/twin.ts';
import { startPreviewSite } from '#tests/integration/support/preview-site.ts';
import { orderPhotoBytes } from '#tests/integration/support/twin.ts';
import { uploadThroughApi } from '#tests/integration/support/uploads.ts';
import { percentile, record, round } from './figures.ts';

const samples = 20;

export async function benchOrderCreation(twin: Twin): Promise<void> {
  const site = await startPreviewSite();
  const photo = await orderPhotoBytes();
  try {
    const order = async (website: string, imageStoragePath: string | null, status: number): Promise<number> => {
      const began = performance.now();
      const answer = await fetch(`${twin.url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          website,
          email: `bench.order.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
          style: 'cinematic',
          durationSeconds: '8',
          imageFileName: imageStoragePath ? 'product.jpg' : null,
          imageStoragePath,
          couponCode: null,
        }),
      });
      const ms = performance.now() - began;
      if (answer.status !== status) throw new Error(`the order answered ${answer.status}: ${await answer.text()}`);
      return ms;
    };
    const preview = (website: string) =>
      fetch(`${twin.url}/api/previews`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ website, style: 'cinematic', durationSeconds: '8' }),
      });

    const withPhoto: number[] = [];
    const previewed: number[] = [];
    const freshRead: number[] = [];
    const refused: number[] = [];
    for (let i = 0; i < samples; i++) {
      const key = `${Date.now()}-${i}`;
      const upload = await uploadThroughApi(twin, photo, 'image/jpeg', 'product.jpg');
      withPhoto.push(await order(site.url('closed', `/?bench=${key}`), upload.storagePath, 200));
      const previewedSite = site.url('readable', `/?bench=previewed-${key}`);
      await preview(previewedSite);
      previewed.push(await order(previewedSite, null, 200));
      freshRead.push(await order(site.url('readable', `/?bench=fresh-${key}`), null, 200));
      refused.push(await order(site.url('closed', `/?bench=${key}`), null, 400));
    }
    report('with a photo (the site is not read)', withPhoto);
    report("no photo, a site the buyer's preview read (its cache, no fetch)", previewed);
    report('no photo, a site never previewed (read now)', freshRead);
    report('no photo, a site refusing the connection (400 VALIDATION)', refused);
  } finally {
    await site.stop();
  }
}

function report(what: string, latencies: number[]): void {
  latencies.sort((a, b) => a - b);
  const label = `POST /api/orders (twin), ${what}`;
  record(`${label}, p50`, round(percentile(latencies, 50)), 'ms');
  record(`${label}, p95`, round(percentile(latencies, 95)), 'ms', undefined, `${latencies.length} sequential requests`);
}
