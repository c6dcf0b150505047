// AI footage from Veo, end to end on the twin through its local contract server
// (support/footage-journey.ts), and the fallback: clips that cannot be made leave the buyer an
// engine-only ad, on time.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '#shared/contract.ts';
import { bandColourAt, isMagenta } from './support/footage-frames.ts';
import { footageJourney } from './support/footage-journey.ts';
import { createPaidOrder } from './support/pay.ts';
import { callApi, eventually, uniqueEmail } from './support/twin.ts';

const twin = footageJourney('veo');

describe('footage fallback on the twin', () => {
  it('delivers the engine-only ad when every clip fails for good, and bills no footage', async () => {
    // Both footage scenes of a 8 s ad fail (a final failure each): no restart, no clip.
    twin.current.footage!.failNext('fail', 2);
    const orderId = await createPaidOrder(twin.current, {
      email: uniqueEmail('footage-fallback'),
      style: 'cinematic',
      durationSeconds: '8',
    });
    const order = await eventually(async () => {
      const read = (await callApi<OrderView>(twin.current, 'GET', `/api/orders/${orderId}`)).body;
      return (read.order_status === 'completed' || read.order_status === 'failed') && read;
    }, 120_000);
    expect(order.order_status).toBe('completed');
    const execution = await twin.current.steps.waitForExecution(orderId);
    const succeeded = execution.events.find((event) => event.type === 'ExecutionSucceeded');
    const output = JSON.parse(
      (succeeded?.executionSucceededEventDetails as { output: string } | undefined)?.output ?? '{}',
    ) as {
      footage?: { status: string; costUsd: number; scenes: { status: string; reason?: string }[] };
    };
    expect(output.footage).toMatchObject({ status: 'done', costUsd: 0 });
    expect(output.footage?.scenes.map((scene) => scene.status)).toEqual(['dropped', 'dropped']);

    const dir = await mkdtemp(join(tmpdir(), 'footage-fallback-'));
    try {
      const file = join(dir, 'ad.mp4');
      await writeFile(file, Buffer.from(await (await fetch(order.download_url ?? '')).arrayBuffer()));
      expect(isMagenta(await bandColourAt(file, 3.25))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
