// `npm run bench`: prints the figures of DESIGN §8's budgets that exist so far. Figures, not
// assertions: compare them with the budgets in the README.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Stripe from 'stripe';
import { startTwin, type Twin } from '../../local/twin.ts';

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

/** A paid order, as the webhook leaves it, so each read is the steady-state GET. */
async function paidOrderId(twin: Twin): Promise<string> {
  const created = await fetch(`${twin.url}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ website: 'https://example.com', email: 'bench@example.com' }),
  });
  const { url } = (await created.json()) as { url: string };
  const sessionId = new URL(url).pathname.split('/').pop();
  const session = await (
    await fetch(`${twin.endpoints.stripe}/v1/checkout/sessions/${sessionId}`, {
      headers: { authorization: `Bearer ${twin.env.STRIPE_SECRET_KEY}` },
    })
  ).json();
  const event = JSON.stringify({
    id: `evt_bench_${sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: { object: { ...session, status: 'complete', payment_status: 'paid', amount_total: 500 } },
  });
  const signature = new Stripe('sk_test_bench').webhooks.generateTestHeaderString({
    payload: event,
    secret: twin.stripeWebhookSecret,
  });
  await fetch(`${twin.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: event,
  });
  return session.metadata.order_id as string;
}

async function benchOrderReads(twin: Twin): Promise<void> {
  const orderId = await paidOrderId(twin);
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
const twin = await benchTwinStart();
try {
  await benchOrderReads(twin);
} finally {
  await twin.stop();
}
console.log('\nSummary');
for (const [name, value] of results) console.log(`  ${name.padEnd(60)} ${value}`);
