// State Deliver: the primary render succeeded; its MP4 and poster are checked and handed to the
// buyer. What the ad cost is recorded with it. The state passes through unchanged for MarkCompleted.

import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { getOrder } from '#orders/order-store.ts';
import { taskHandler } from '#powertools/handlers.ts';
import { logger } from '#powertools/logger.ts';
import { metrics } from '#powertools/metrics.ts';
import { businessMetrics } from '#shared/observability.ts';
import { deliverAd } from './deliver.ts';
import type { GenerationState } from './generation-state.ts';
import { orderCost } from './order-cost.ts';
import { StepFailure } from './step-errors.ts';

export const handler = taskHandler(deliverRender);

async function deliverRender(state: GenerationState): Promise<GenerationState> {
  const { videoKey, posterKey } = state.rendered ?? {};
  if (!videoKey || !posterKey) {
    throw new StepFailure('DeliveryFailed', `Order ${state.orderId}: the render reported no video or poster`);
  }
  const order = await getOrder(state.orderId);
  const cost = order ? orderCost(order, state.footage) : undefined;
  await deliverAd(state.orderId, { videoKey, posterKey, ...(state.site && { siteSource: state.site.source }) }, cost);
  if (cost) {
    metrics.addMetric(businessMetrics.adCostUsd, MetricUnit.NoUnit, cost.total_usd);
    logger.info('Ad cost', { orderId: state.orderId, ...cost });
  }
  return state;
}
