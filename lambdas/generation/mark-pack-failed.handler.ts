// State MarkPackFailed: a render of the pack or its delivery failed. The order stays completed with
// its primary file (already delivered and paid for); the page says the other files could not be made.
import { markOrderPackFailed } from '#orders/order-pack.ts';
import { taskHandler } from '#powertools/handlers.ts';
import { logger } from '#powertools/logger.ts';
import type { GenerationState } from './generation-state.ts';

export const handler = taskHandler(
  async (state: GenerationState & { packFailure?: { Error?: string; Cause?: string } }) => {
    const reason = `${state.packFailure?.Error ?? 'PackFailed'}: ${state.packFailure?.Cause ?? ''}`;
    await markOrderPackFailed(state.orderId, reason);
    logger.error('Pack failed', { orderId: state.orderId, reason });
  },
);
