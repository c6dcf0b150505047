// One provider's footage journey for the bench (footage-journeys.ts): a twin with that provider's
// contract server and the real Wait times, one warm-up order (the twin compiles each handler on
// its first call), then one 8 s cinematic order with a photo, timed from payment to completion.
// Prints one JSON line: {seconds, outcome, footageUsd}.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTwin } from '#local/twin.ts';
import { footageProviders } from '#shared/config-schema.ts';
import { writeProductPhoto } from '#tests/integration/support/ad-fixtures.ts';
import { storedOrder } from '#tests/integration/support/orders-table.ts';
import { createPaidOrder } from '#tests/integration/support/pay.ts';
import { uploadThroughApi } from '#tests/integration/support/uploads.ts';

const provider = process.argv[2] as (typeof footageProviders)[number];
if (!footageProviders.includes(provider))
  throw new Error(`usage: footage-journey-child.ts ${footageProviders.join('|')}`);

const stateDir = await mkdtemp(join(tmpdir(), 'reelfive-footage-bench-'));
const twin = await startTwin({
  port: 0,
  publicHost: '127.0.0.1',
  stateDir,
  ipAttemptsPerHour: 1_000_000,
  footage: { provider },
});
try {
  const photo = await readFile(await writeProductPhoto(stateDir));
  const order = async () => {
    const upload = await uploadThroughApi(twin, photo, 'image/jpeg', 'product.jpg');
    const paidAt = performance.now();
    const id = await createPaidOrder(twin, {
      email: `bench.${Date.now()}@example.com`,
      style: 'cinematic',
      durationSeconds: '8',
      imageStoragePath: upload.storagePath,
      imageFileName: 'product.jpg',
    });
    let status = '';
    while (status !== 'completed' && status !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = String(
        ((await (await fetch(`${twin.url}/api/orders/${id}`)).json()) as { order_status: string }).order_status,
      );
    }
    return { id, status, seconds: (performance.now() - paidAt) / 1000 };
  };
  await order();
  const measured = await order();
  const stored = await storedOrder(twin, measured.id);
  console.log(
    JSON.stringify({ seconds: measured.seconds, outcome: measured.status, footageUsd: stored?.cost?.footage_usd ?? 0 }),
  );
} finally {
  await twin.stop();
  await rm(stateDir, { recursive: true, force: true });
}
