// `npm run bench`: prints the figures of DESIGN §8's budgets that exist so far, each with its
// budget. Figures, not assertions: the README's Budgets table records the last run.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { renderAd } from '#generation/render/render-ad';
import { renderSpecFor } from '#generation/render-jobs/render-request';
import { templateCopywriter } from '#generation/script/template-copywriter';
import { styles } from '#shared/contract';
import { envNames } from '#shared/runtime-env';
import { startTwin, type Twin } from '../../local/twin.ts';
import { northwindFacts, writeProductPhoto } from '../integration/support/ad-fixtures.ts';
import { subscribeToChannel } from '../integration/support/events-socket.ts';

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
      `${seconds.toFixed(1)} s (budget ≤ 30 s); MP4 ${(bytes / 1024 / 1024).toFixed(2)} MB (budget ≤ 8 MB)`,
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
      `${((performance.now() - began) / 1000).toFixed(1)} s (budget ≤ 10 s); MP4 ${(rendered.bytes / 1024 / 1024).toFixed(2)} MB`,
    );
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
  record(
    `GET /api/orders/{id} at ${concurrency} concurrent (${latencies.length} requests)`,
    `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (budget p99 ≤ 50 ms), ${(latencies.length / seconds).toFixed(0)} req/s`,
  );
}

/**
 * The floor under the GET figure: DynamoDB Local alone answering the same GetItem at the same
 * concurrency (the JVM shares the 2 cores with everything else, as in the GET bench).
 */
async function benchDynamoDbLocalReads(twin: Twin, orderId: string): Promise<void> {
  const documents = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: twin.endpoints.dynamodb,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
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
    'DynamoDB Local GetItem alone at 50 concurrent (the floor)',
    `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );
}

/** An order row written → its subscriber holds the event (stream poller, publisher, Events emulator). */
async function benchRealtime(twin: Twin): Promise<void> {
  const { orderId } = await payOrder(twin, { durationSeconds: '4', style: 'ugc' });
  const documents = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: twin.endpoints.dynamodb,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
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
  record(
    `order row write → subscriber (${latencies.length} writes)`,
    `p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms (budget p95 ≤ 250 ms)`,
  );
}

async function eventuallyCompleted(twin: Twin, orderId: string): Promise<void> {
  for (;;) {
    const order = (await (await fetch(`${twin.url}/api/orders/${orderId}`)).json()) as { order_status: string };
    if (order.order_status === 'completed' || order.order_status === 'failed') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

await benchSynth();
await benchRenders();
const twin = await benchTwinStart();
try {
  const completedOrderId = await benchGeneration(twin);
  await benchDynamoDbLocalReads(twin, completedOrderId);
  await benchOrderReads(twin, completedOrderId);
  await benchRealtime(twin);
} finally {
  await twin.stop();
}
console.log('\nSummary');
for (const [name, value] of results) console.log(`  ${name.padEnd(60)} ${value}`);
