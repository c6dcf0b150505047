// Failure state MarkFailed: the order is failed and its slot freed. The Catch put the error under $.failure.
import { taskHandler } from '#powertools/handlers.ts';
import { failureReason, markFailedOnce } from './failure-steps.ts';
import type { GenerationState } from './generation-state.ts';

export const handler = taskHandler(markFailed);

async function markFailed(state: GenerationState): Promise<void> {
  await markFailedOnce(state.orderId, failureReason(state.failure));
}
