// Failure state Refund: a paid order is refunded in full and the buyer told. The Catch put the error under $.failure.

import { taskHandler } from '#powertools/handlers.ts';
import type { GenerationState } from './generation-state.ts';
import { refundFailedOrder } from './refund-failed-order.ts';
import { step } from './step-errors.ts';

export const handler = taskHandler(refundOrder);

async function refundOrder(state: GenerationState): Promise<void> {
  await step(() => refundFailedOrder(state.orderId));
}
