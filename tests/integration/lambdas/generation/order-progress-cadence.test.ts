// The order's progress bar moves through the rendering stage as the work is done (order-progress.ts,
// render-jobs/progress-writes.ts): each line of the voice as festival reads it, each layer drawn,
// the encode's whole percents, then the checks. Read from the order's live channel on the twin,
// in the product's own steps (how far the bar jumps between two events), not in wall-clock gaps,
// which a busy machine stretches; the wall-clock figure is `npm run bench`'s (generation group).
import { describe, expect, it } from 'vitest';
import { type OrderView, stageProgress } from '#shared/contract.ts';
import { followOrder } from '../../support/events-socket.ts';
import { createPaidOrder } from '../../support/pay.ts';
import { adMadeWithinMs, adTestTimeoutMs, callApi, eventually, twinForSuite, uniqueEmail } from '../../support/twin.ts';

const twin = twinForSuite();

/** The rendering stage's share of the bar, without AI footage (order-progress.ts). */
const renderingFrom = stageProgress.rendering;
const renderingTo = 90;

describe('the progress bar of a real 12 s order', () => {
  it(
    'moves through rendering in steps of at most 5 points, the voice among them',
    async () => {
      // Prepare
      const orderId = await createPaidOrder(twin.current, { email: uniqueEmail('cadence'), durationSeconds: '12' });
      const live = await followOrder(twin.current, orderId);

      // Act
      const order = await eventually(async () => {
        const read = (await callApi<OrderView>(twin.current, 'GET', `/api/orders/${orderId}`)).body;
        return (read.order_status === 'completed' || read.order_status === 'failed') && read;
      }, adMadeWithinMs);
      expect(order.order_status).toBe('completed');
      const updates = await live.completedUpdates();

      // Assess
      const rendering = updates
        .filter((update) => update.stage === 'rendering')
        .map((update) => ({ progress: update.progress as number, at: Date.parse(update.updated_at as string) }));
      const started = rendering[0]?.at ?? 0;
      console.log(
        `rendering: ${rendering.map((update) => `${((update.at - started) / 1000).toFixed(2)} s ${update.progress}`).join(', ')}`,
      );
      const progress = rendering.map((update) => update.progress);
      expect(progress[0]).toBe(renderingFrom);
      expect(progress.at(-1)).toBe(renderingTo);
      const jumps = progress.slice(1).map((value, index) => value - progress[index]!);
      expect(Math.max(...jumps)).toBeLessThanOrEqual(5);
      // The voice's share (40–45) moves before the drawing's: festival's reads are told one by one.
      expect(progress.some((value) => value > renderingFrom && value < renderingFrom + 5)).toBe(true);
    },
    adTestTimeoutMs,
  );
});
