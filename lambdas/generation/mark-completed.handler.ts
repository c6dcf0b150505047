// State MarkCompleted: the ad is delivered; the order is done and its rate-limit slot is free.

import { releaseOrderSlot } from '#orders/order-slots.ts';
import { getOrder, updateOrder } from '#orders/order-store.ts';
import { logger } from '#powertools/logger.ts';
import type { GenerationState } from './generation-state.ts';
import { StepFailure, step } from './step-errors.ts';

export async function handler(state: GenerationState): Promise<void> {
  await step(async () => {
    const order = await updateOrder(
      state.orderId,
      { order_status: 'completed', stage: 'done', progress: 100 },
      {
        condition: 'order_status = :processing AND attribute_exists(video_key)',
        values: { ':processing': 'processing' },
      },
    );
    // A retried MarkCompleted finds its own earlier work done.
    const current = order ?? (await getOrder(state.orderId));
    if (current?.order_status !== 'completed') {
      throw new StepFailure('OrderNotProcessing', `Order ${state.orderId} cannot be completed`);
    }
    await releaseOrderSlot(current);
    logger.info('Order completed', { orderId: state.orderId });
  });
}
