// Failure state MarkFailed: the order is failed and its slot freed. The Catch put the error under $.failure.
import { failureReason, markOrderFailed } from './failure-steps.ts';
import type { GenerationState } from './generation-state.ts';
import { step } from './step-errors.ts';

export async function handler(state: GenerationState): Promise<void> {
  await step(() => markOrderFailed(state.orderId, failureReason(state.failure)));
}
