// `npm run bench`: prints the figures of DESIGN §8's budgets that exist so far. Figures, not
// assertions: compare them with the budgets in the README.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { renderAd } from '#generation/render/render-ad';
import { renderSpecFor } from '#generation/render-jobs/render-request';
import { templateCopywriter } from '#generation/script/template-copywriter';
import { styles } from '#shared/contract';
import { startTwin, type Twin } from '../../local/twin.ts';
import { northwindFacts, writeProductPhoto } from '../integration/support/ad-fixtures.ts';

const results: [string, string][] = [];
const record = (name: string, value: string) => {
  results.push([name, value]);
  console.log(`${name}: ${value}`);
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function benchSynth(): Promise<void> {
  const began = performance.now();
  const synth = spawnSync('npx', ['cdk', 'synth', '--quiet', '-c', 'stage=staging'], { encoding: 'utf8' });
  if (synth.status !== 0) {
    record('cdk synth', `failed: ${synth.stderr.slice(-400)}`);
    return;
  }
  record('cdk synth (staging, with bundling and cdk-nag)', `${((performance.now() - began) / 1000).toFixed(1)} s`);
  const template = JSON.parse(await readFile('cdk.out/ReelFive-staging.template.json', 'utf8').catch(() => '{}'));
  for (const [logicalId, resource] of Object.entries<{ Type?: string; Metadata?: Record<string, string> }>(
    template.Resources ?? {},
  )) {
    const assetPath = resource.Metadata?.['aws:asset:path'];
    if (resource.Type !== 'AWS::Lambda::Function' || !assetPath) continue;
    const dir = join('cdk.out', assetPath);
    let bytes = 0;
    for (const file of await readdir(dir)) bytes += (await stat(join(dir, file))).size;
    record(`bundle ${logicalId.replace(/[0-9A-F]{8}$/, '')}`, `${(bytes / 1024).toFixed(0)} KB (budget 300 KB)`);
  }
}

async function benchTwinStart(): Promise<Twin> {
  const stateDir = await mkdtemp(join(tmpdir(), 'reelfive-bench-'));
  let began = performance.now();
  const cold = await startTwin({ port: 0, publicHost: '127.0.0.1', stateDir, ipAttemptsPerHour: 1_000_000 });
  record('twin start-up (empty state)', `${((performance.now() - began) / 1000).toFixed(2)} s`);
  await cold.stop();
  began = performance.now();
  const warm = await startTwin({ port: 0, publicHost: '127.0.0.1', stateDir, ipAttemptsPerHour: 1_000_000 });
  record('twin start-up (existing state)', `${((performance.now() - began) / 1000).toFixed(2)} s`);
  const stop = warm.stop;
  warm.stop = async () => {
    await stop();
    await rm(stateDir, { recursive: true, force: true });
  };
  return warm;
}

/** Creates and pays an order on the local pay page; returns its id and when it was paid. */
async function payOrder(twin: Twin, order: Record<string, string>): Promise<{ orderId: string; paidAt: number }> {
  const created = await fetch(`${twin.url}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ website: 'https://example.com', email: `bench.${Date.now()}@example.com`, ...order }),
  });
  const { url } = (await created.json()) as { url: string };
  const paidAt = performance.now();
  const paid = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: '4242424242424242' }),
    redirect: 'manual',
  });
  const orderId = new URL(paid.headers.get('location') ?? '', twin.url).searchParams.get('order_id');
  if (!orderId) throw new Error('the bench order was not paid');
  return { orderId, paidAt };
}

/** Paid → completed through the whole state machine (real render), per duration. */
async function benchGeneration(twin: Twin): Promise<string> {
  let lastId = '';
  for (const duration of ['4', '8', '12']) {
    const { orderId, paidAt } = await payOrder(twin, { durationSeconds: duration, style: 'cinematic' });
    let order: Record<string, unknown> = {};
    while (!['completed', 'failed'].includes(String(order.order_status))) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      order = (await (await fetch(`${twin.url}/api/orders/${orderId}`)).json()) as Record<string, unknown>;
    }
    const seconds = (performance.now() - paidAt) / 1000;
    const video = await fetch(String(order.download_url ?? ''));
    const bytes = (await video.arrayBuffer()).byteLength;
    record(
      `paid → ${order.order_status} on the twin (${duration} s ad)`,
      `${seconds.toFixed(1)} s; MP4 ${(bytes / 1024 / 1024).toFixed(2)} MB (budget ≤ 8 MB)`,
    );
    lastId = orderId;
  }
  return lastId;
}

/** renderAd alone, a 12 s ad per style with a product photo, on this machine. */
async function benchRenders(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'reelfive-render-bench-'));
  const photo = await writeProductPhoto(workDir);
  for (const style of styles) {
    const script = await templateCopywriter.write({ style, durationSeconds: 12, facts: northwindFacts });
    const began = performance.now();
    const rendered = await renderAd(renderSpecFor(script, [photo]), { workDir: join(workDir, style) });
    record(
      `render 12 s ad, ${style}`,
      `${((performance.now() - began) / 1000).toFixed(1)} s; MP4 ${(rendered.bytes / 1024 / 1024).toFixed(2)} MB`,
    );
  }
  await rm(workDir, { recursive: true, force: true });
}

/** Reads of a completed order (the page's steady state: presigned links included). */
async function benchOrderReads(twin: Twin, orderId: string): Promise<void> {
  const url = `${twin.url}/api/orders/${orderId}`;
  const concurrency = 50;
  const perWorker = 40;
  for (let i = 0; i < 100; i++) await (await fetch(url)).arrayBuffer(); // warm-up
  const latencies: number[] = [];
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = 0; i < perWorker; i++) {
        const start = performance.now();
        const response = await fetch(url);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`GET answered ${response.status}`);
        latencies.push(performance.now() - start);
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  record(
    `GET /api/orders/{id} at ${concurrency} concurrent (${latencies.length} requests)`,
    `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (budget p99 ≤ 50 ms), ${(latencies.length / seconds).toFixed(0)} req/s`,
  );
}

await benchSynth();
await benchRenders();
const twin = await benchTwinStart();
try {
  const completedOrderId = await benchGeneration(twin);
  await benchOrderReads(twin, completedOrderId);
} finally {
  await twin.stop();
}
console.log('\nSummary');
for (const [name, value] of results) console.log(`  ${name.padEnd(60)} ${value}`);
