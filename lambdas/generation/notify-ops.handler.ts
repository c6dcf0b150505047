// Failure state NotifyOps: ops hear of the failure. The Catch put the error under $.failure.
import { failureReason, notifyOps } from './failure-steps.ts';
import type { GenerationState } from './generation-state.ts';
import { step } from './step-errors.ts';

export async function handler(state: GenerationState): Promise<void> {
  await step(() => notifyOps(state.orderId, failureReason(state.failure)));
}
