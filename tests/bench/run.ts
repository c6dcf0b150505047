// `npm run bench`: every figure of DESIGN §8's budgets, measured on this machine, printed as a
// table against its budget and written to bench/results.json (so a change can be compared with
// the last run). Exits 1 when any budget is missed. Figures, not assertions: tests never time.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { renderAd } from '#generation/render/render-ad';
import { renderSpecFor } from '#generation/render-jobs/render-request';
import { templateCopywriter } from '#generation/script/template-copywriter';
import { styles } from '#shared/contract';
import { envNames } from '#shared/runtime-env';
import { buildSiteIfStale } from '../../local/site-build.ts';
import { startTwin, type Twin } from '../../local/twin.ts';
import { paths } from '../../web/src/paths.ts';
import { northwindFacts, writeProductPhoto } from '../integration/support/ad-fixtures.ts';
import { chromiumArgs, launchChromium } from '../integration/support/browser.ts';
import { subscribeToChannel } from '../integration/support/events-socket.ts';
import { documentsOf } from '../integration/support/orders-table.ts';

interface Budget {
  /** The figure must be at most (`max`) or at least (`min`) this. */
  max?: number;
  min?: number;
}
interface Figure {
  name: string;
  value: number;
  unit: string;
  budget?: Budget;
  met?: boolean;
  /** What else is worth knowing about the figure (sizes, rates, the floor it sits on). */
  note?: string;
}

const figures: Figure[] = [];
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const budgetText = ({ max, min }: Budget, unit: string) =>
  max !== undefined ? `≤ ${max} ${unit}` : `≥ ${min} ${unit}`;

function record(name: string, value: number, unit: string, budget?: Budget, note?: string): void {
  const met = budget
    ? (budget.max === undefined || value <= budget.max) && (budget.min === undefined || value >= budget.min)
    : undefined;
  figures.push({ name, value, unit, budget, met, note });
  const verdict = met === undefined ? '' : met ? '  ok' : `  MISSED (budget ${budgetText(budget as Budget, unit)})`;
  console.log(`${name}: ${value} ${unit}${note ? ` (${note})` : ''}${verdict}`);
}

/** A figure that could not be measured counts as a missed budget. */
function recordFailure(name: string, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  figures.push({ name, value: Number.NaN, unit: '', met: false, note: `failed: ${message.slice(0, 300)}` });
  console.log(`${name}: FAILED ${message.slice(0, 300)}`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function benchSynth(): Promise<void> {
  const began = performance.now();
  const synth = spawnSync('npx', ['cdk', 'synth', '--quiet', '-c', 'stage=staging'], { encoding: 'utf8' });
  if (synth.status !== 0) {
    recordFailure('cdk synth', synth.stderr.slice(-400));
    return;
  }
  record('cdk synth (staging, with bundling and cdk-nag)', round((performance.now() - began) / 1000), 's');
  const template = JSON.parse(await readFile('cdk.out/ReelFive-staging.template.json', 'utf8').catch(() => '{}'));
  for (const [logicalId, resource] of Object.entries<{ Type?: string; Metadata?: Record<string, string> }>(
    template.Resources ?? {},
  )) {
    const assetPath = resource.Metadata?.['aws:asset:path'];
    if (resource.Type !== 'AWS::Lambda::Function' || !assetPath) continue;
    const dir = join('cdk.out', assetPath);
    let bytes = 0;
    for (const file of await readdir(dir)) bytes += (await stat(join(dir, file))).size;
    const name = logicalId.replace(/[0-9A-F]{8}$/, '');
    // DESIGN §8: "render aside" — the render function carries ffmpeg, ffprobe and fonts.
    const budget =
      /Render(Ad|er)?(Function|Handler)?$/i.test(name) && bytes > 10 * 1024 * 1024 ? undefined : { max: 300 };
    record(`Lambda bundle ${name}`, round(bytes / 1024, 0), 'KB', budget);
  }
}

async function benchTwinStart(): Promise<Twin> {
  const stateDir = await mkdtemp(join(tmpdir(), 'reelfive-bench-'));
  let began = performance.now();
  const cold = await startTwin({ port: 0, publicHost: '127.0.0.1', stateDir, ipAttemptsPerHour: 1_000_000 });
  record('twin start-up (empty state)', round((performance.now() - began) / 1000, 2), 's');
  await cold.stop();
  began = performance.now();
  const warm = await startTwin({ port: 0, publicHost: '127.0.0.1', stateDir, ipAttemptsPerHour: 1_000_000 });
  record('twin start-up (existing state)', round((performance.now() - began) / 1000, 2), 's');
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
    const outcome = String(order.order_status);
    record(`paid → ${outcome} on the twin (${duration} s ad)`, round(seconds), 's', { max: 30 });
    record(`MP4 size, ${duration} s ad, no photo`, round(bytes / 1024 / 1024, 2), 'MB', { max: 8 });
    if (outcome !== 'completed') recordFailure(`paid → completed (${duration} s ad)`, `the order ${outcome}`);
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
    record(`render of a 12 s ad with a photo, ${style}`, round((performance.now() - began) / 1000), 's', { max: 10 });
    record(`MP4 size, 12 s ad with a photo, ${style}`, round(rendered.bytes / 1024 / 1024, 2), 'MB', { max: 8 });
  }
  await rm(workDir, { recursive: true, force: true });
}

/**
 * 50 clients reading one completed order (the page's steady state: presigned links included),
 * from a process of their own so the clients do not take the twin's event loop.
 */
async function benchOrderReads(twin: Twin, orderId: string): Promise<void> {
  const concurrency = 50;
  const perClient = 40;
  const clients = `
    const url = process.argv[1];
    const [concurrency, perClient] = process.argv.slice(2).map(Number);
    const load = async (perClient) => {
      const latencies = [];
      const began = performance.now();
      await Promise.all(Array.from({ length: concurrency }, async () => {
        for (let i = 0; i < perClient; i++) {
          const start = performance.now();
          const response = await fetch(url);
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error('GET answered ' + response.status);
          latencies.push(performance.now() - start);
        }
      }));
      return { latencies, seconds: (performance.now() - began) / 1000 };
    };
    // A warm twin: DynamoDB Local's JVM needs a few thousand requests before its JIT settles.
    await load(perClient);
    process.stdout.write(JSON.stringify(await load(perClient)));
  `;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', clients, `${twin.url}/api/orders/${orderId}`, String(concurrency), String(perClient)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`the load clients exited with ${code}`);
  const { latencies, seconds } = JSON.parse(output) as { latencies: number[]; seconds: number };
  latencies.sort((a, b) => a - b);
  const label = `GET /api/orders/{id} at ${concurrency} concurrent`;
  record(`${label}, p50`, round(percentile(latencies, 50)), 'ms');
  record(
    `${label}, p99`,
    round(percentile(latencies, 99)),
    'ms',
    { max: 50 },
    `${latencies.length} requests, ${round(latencies.length / seconds, 0)} req/s`,
  );
}

/**
 * The floor under the GET figure: DynamoDB Local alone answering the same GetItem at the same
 * concurrency (the JVM shares the 2 cores with everything else, as in the GET bench).
 */
async function benchDynamoDbLocalReads(twin: Twin, orderId: string): Promise<void> {
  const documents = documentsOf(twin);
  const read = () =>
    documents.send(new GetCommand({ TableName: twin.env[envNames.ordersTable], Key: { id: orderId } }));
  const load = async () => {
    const latencies: number[] = [];
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        for (let i = 0; i < 40; i++) {
          const start = performance.now();
          await read();
          latencies.push(performance.now() - start);
        }
      }),
    );
    return latencies.sort((a, b) => a - b);
  };
  await load();
  const latencies = await load();
  documents.destroy();
  record(
    'DynamoDB Local GetItem alone at 50 concurrent (the floor under the GET), p50',
    round(percentile(latencies, 50)),
    'ms',
  );
  record(
    'DynamoDB Local GetItem alone at 50 concurrent (the floor under the GET), p99',
    round(percentile(latencies, 99)),
    'ms',
  );
}

/** An order row written → its subscriber holds the event (stream poller, publisher, Events emulator). */
async function benchRealtime(twin: Twin): Promise<void> {
  const { orderId } = await payOrder(twin, { durationSeconds: '4', style: 'ugc' });
  const documents = documentsOf(twin);
  const live = await subscribeToChannel(
    {
      realtimeEndpoint: `${twin.realtime.endpoint}/realtime`,
      httpEndpoint: twin.env[envNames.eventsHttpEndpoint] ?? '',
      apiKey: twin.realtime.apiKey,
    },
    `/orders/${orderId}`,
  );
  // Let the real generation of that order finish first, so only the bench's writes are in flight.
  await eventuallyCompleted(twin, orderId);
  await twin.realtime.drain();
  const latencies: number[] = [];
  for (let i = 1; i <= 60; i++) {
    const progress = 40 + (i % 50);
    // Writes land at random moments of the poller's 200 ms cycle, as the steps' writes do.
    await new Promise((resolveDelay) => setTimeout(resolveDelay, Math.random() * 300));
    // Timed by the socket's own message event, not by polling the received list.
    const delivered = new Promise<void>((resolveDelivered) => {
      // Matched by value: an event still in flight from an earlier write must not count.
      const onMessage = (data: Buffer) => {
        const message = JSON.parse(String(data));
        if (message.type !== 'data' || JSON.parse(message.event).progress !== progress) return;
        live.socket.off('message', onMessage);
        resolveDelivered();
      };
      live.socket.on('message', onMessage);
    });
    const began = performance.now();
    await documents.send(
      new UpdateCommand({
        TableName: twin.env[envNames.ordersTable],
        Key: { id: orderId },
        UpdateExpression: 'SET progress = :progress, updated_at = :now',
        ExpressionAttributeValues: { ':progress': progress, ':now': new Date().toISOString() },
      }),
    );
    await delivered;
    latencies.push(performance.now() - began);
  }
  live.socket.close();
  documents.destroy();
  latencies.sort((a, b) => a - b);
  record(`order row write → subscriber, p50 (${latencies.length} writes)`, round(percentile(latencies, 50), 0), 'ms');
  record(`order row write → subscriber, p95 (${latencies.length} writes)`, round(percentile(latencies, 95), 0), 'ms', {
    max: 250,
  });
}

async function eventuallyCompleted(twin: Twin, orderId: string): Promise<void> {
  for (;;) {
    const order = (await (await fetch(`${twin.url}/api/orders/${orderId}`)).json()) as { order_status: string };
    if (order.order_status === 'completed' || order.order_status === 'failed') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * What a page makes the browser download, by type, gzip-compressed as CloudFront would send it:
 * every script and stylesheet it loads until the network is idle (lazy page chunks included).
 * Inline CSS (prerendered pages) is counted with the document.
 */
async function benchPageWeights(twin: Twin, orderId: string): Promise<void> {
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
async function benchLighthouse(twin: Twin): Promise<void> {
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

/** Runs one part of the bench; a part that throws is reported as a failed figure and the rest go on. */
async function part(name: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    recordFailure(name, error);
  }
}

await buildSiteIfStale((line) => console.log(line));
await part('cdk synth and Lambda bundles', benchSynth);
await part('renders', benchRenders);
const twin = await benchTwinStart();
try {
  let completedOrderId = '';
  await part('paid → completed', async () => {
    completedOrderId = await benchGeneration(twin);
  });
  await part('page weights', () => benchPageWeights(twin, completedOrderId));
  await part('Lighthouse', () => benchLighthouse(twin));
  await part('DynamoDB Local floor', () => benchDynamoDbLocalReads(twin, completedOrderId));
  await part('GET /api/orders/{id}', () => benchOrderReads(twin, completedOrderId));
  await part('realtime', () => benchRealtime(twin));
} finally {
  await twin.stop();
}

const missed = figures.filter((figure) => figure.met === false);
console.log('\nSummary');
for (const figure of figures) {
  const budget = figure.budget ? budgetText(figure.budget, figure.unit) : '';
  const verdict = figure.met === undefined ? '' : figure.met ? 'ok' : 'MISSED';
  const value = Number.isNaN(figure.value) ? 'failed' : `${figure.value} ${figure.unit}`;
  console.log(`  ${figure.name.padEnd(78)} ${value.padStart(14)}  ${budget.padEnd(14)} ${verdict}`);
}
await mkdir('bench', { recursive: true });
await writeFile(
  'bench/results.json',
  `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: `${process.platform} ${process.arch}, Node ${process.version}`, figures }, null, 2)}\n`,
);
console.log(`\n${figures.length} figures, ${missed.length} budgets missed; written to bench/results.json`);
process.exit(missed.length > 0 ? 1 : 0);
