// Failure state Refund: a paid order is refunded in full and the buyer told. The Catch put the error under $.failure.

import { taskHandler } from '#powertools/handlers.ts';
import type { GenerationState } from './generation-state.ts';
import { refundFailedOrder } from './refund-failed-order.ts';

export const handler = taskHandler(refundOrder);

async function refundOrder(state: GenerationState): Promise<void> {
  await refundFailedOrder(state.orderId);
}
