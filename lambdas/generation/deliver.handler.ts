// State Deliver: the render succeeded; its MP4 and poster are checked and handed to the buyer.
// The state passes through unchanged for MarkCompleted.

import { taskHandler } from '#powertools/handlers.ts';
import { deliverAd } from './deliver.ts';
import type { GenerationState } from './generation-state.ts';
import { StepFailure, step } from './step-errors.ts';

export const handler = taskHandler(deliverRender);

async function deliverRender(state: GenerationState): Promise<GenerationState> {
  const { videoKey, posterKey } = state.render ?? {};
  if (!videoKey || !posterKey) {
    throw new StepFailure('DeliveryFailed', `Order ${state.orderId}: the render reported no video or poster`);
  }
  await step(() => deliverAd(state.orderId, { videoKey, posterKey }));
  return state;
}
