// State MarkCompleted: the ad is delivered; the order is done and its rate-limit slot is free.

import { markOrderCompleted } from '#orders/order-lifecycle.ts';
import { releaseOrderSlot } from '#orders/order-slots.ts';
import { getOrder } from '#orders/order-store.ts';
import { taskHandler } from '#powertools/handlers.ts';
import { logger } from '#powertools/logger.ts';
import type { GenerationState } from './generation-state.ts';
import { StepFailure } from './step-errors.ts';

export const handler = taskHandler(markCompleted);

async function markCompleted(state: GenerationState): Promise<void> {
  const order = await markOrderCompleted(state.orderId);
  // A retried MarkCompleted finds its own earlier work done.
  const current = order ?? (await getOrder(state.orderId));
  if (current?.order_status !== 'completed') {
    throw new StepFailure('OrderNotProcessing', `Order ${state.orderId} cannot be completed`);
  }
  await releaseOrderSlot(current);
  logger.info('Order completed', { orderId: state.orderId });
}
