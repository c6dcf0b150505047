// AI footage from Veo, end to end on the twin through its local contract server
// (support/footage-journey.ts), and the fallback: clips that cannot be made leave the buyer an
// engine-only ad, on time.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '#shared/contract.ts';
import { envNames } from '#shared/runtime-env.ts';
import { bandColourAt, isMagenta } from '../../../support/footage-frames.ts';
import { footageJourney } from '../../../support/footage-journey.ts';
import { storedOrder } from '../../../support/orders-table.ts';
import { createPaidOrder } from '../../../support/pay.ts';
import { callApi, eventually, uniqueEmail } from '../../../support/twin.ts';

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

  it('fails and refunds the order instead when the stage says footageFallback=fail', async () => {
    // The handlers read the stage's settings from their environment at each call, as in Lambda.
    process.env[envNames.footageFallback] = 'fail';
    try {
      twin.current.footage!.failNext('fail', 2);
      const orderId = await createPaidOrder(twin.current, {
        email: uniqueEmail('footage-fail'),
        style: 'cinematic',
        durationSeconds: '8',
      });
      const execution = await twin.current.steps.waitForExecution(orderId, 120_000);
      expect(execution.status).toBe('FAILED');
      const order = await eventually(async () => {
        const stored = await storedOrder(twin.current, orderId);
        return stored?.payment_status === 'refunded' && stored;
      }, 60_000);
      expect(order).toMatchObject({ order_status: 'failed', payment_status: 'refunded' });
      expect(order.failure_reason).toContain('Footage failed');
    } finally {
      process.env[envNames.footageFallback] = 'engine-only';
    }
  }, 180_000);
});
