// What the buyer sees move: each step writes its stage and progress (DESIGN §9) on the order, and
// the orders stream carries the change to the live page.

import { reportOrderStage } from '#orders/order-lifecycle.ts';
import type { OrderRecord } from '#orders/order-record.ts';
import { type Stage, stageProgress } from '#shared/contract.ts';
import { StepFailure } from './step-errors.ts';

/** Sets stage + progress on a processing order; anything else (failed by ops, completed) stops the step. */
export async function reportStage(
  orderId: string,
  stage: Exclude<Stage, 'failed' | 'awaiting_payment'>,
  progress: number = stageProgress[stage],
): Promise<OrderRecord> {
  const order = await reportOrderStage(orderId, stage, progress);
  if (!order) throw new StepFailure('OrderNotProcessing', `Order ${orderId} is not processing`);
  return order;
}

/** The rendering stage spans 40–90: the renderer's fraction mapped onto it. */
export function renderingProgress(fraction: number): number {
  const start = stageProgress.rendering;
  return Math.round(start + Math.min(1, Math.max(0, fraction)) * (90 - start));
}
