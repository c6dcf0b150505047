// State MarkRevisionFailed: a step of the order's revision failed; version 1 stays, nothing is
// refunded, the buyer is told (revision-failure.ts).
import { taskHandler } from '#powertools/handlers.ts';
import type { GenerationState } from './generation-state.ts';
import { failRevision } from './revision-failure.ts';

export const handler = taskHandler(async (state: GenerationState) => {
  await failRevision(state.orderId, `${state.failure?.Error ?? 'RevisionFailed'}: ${state.failure?.Cause ?? ''}`);
});
