// Failure state NotifyOps: ops hear of the failure. The Catch put the error under $.failure.
import { taskHandler } from '#powertools/handlers.ts';
import { failureReason, notifyOps } from './failure-steps.ts';
import type { GenerationState } from './generation-state.ts';

export const handler = taskHandler(notifyOpsOfFailure);

async function notifyOpsOfFailure(state: GenerationState): Promise<void> {
  await notifyOps(state.orderId, failureReason(state.failure));
}
