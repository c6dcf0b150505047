// GET /api/orders/{id} under load on the twin, and the floor under it: DynamoDB Local alone.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Twin } from '#local/twin.ts';
import { envNames } from '#shared/runtime-env.ts';
import { documentsOf } from '#tests/integration/support/orders-table.ts';
import { percentile, record, round } from './figures.ts';

/**
 * 50 clients reading one completed order (the page's steady state: presigned links included),
 * from a process of their own so the clients do not take the twin's event loop.
 */
export async function benchOrderReads(twin: Twin, orderId: string): Promise<void> {
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
export async function benchDynamoDbLocalReads(twin: Twin, orderId: string): Promise<void> {
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
