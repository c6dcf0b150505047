// State DeliverPack: every render of the pack succeeded; the primary's file and the others are
// zipped with the licence and handed to the buyer (delivery-pack.ts).
import { taskHandler } from '#powertools/handlers.ts';
import { deliverPack } from './delivery-pack.ts';
import type { GenerationState } from './generation-state.ts';
import { StepFailure } from './step-errors.ts';

export const handler = taskHandler(async (state: GenerationState): Promise<void> => {
  if (!state.rendered) throw new StepFailure('DeliveryFailed', `Order ${state.orderId}: no primary file to pack`);
  await deliverPack(state.orderId, [state.rendered, ...(state.packFiles ?? [])]);
});
