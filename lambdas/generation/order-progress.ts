// What the buyer sees move: each step writes its stage and progress (docs/design.md "Order lifecycle") on the order, and
// the orders stream carries the change to the live page.

import type { FootageResult } from '#generation/footage/footage-jobs.ts';
import { reportOrderStage } from '#orders/order-lifecycle.ts';
import type { OrderRecord } from '#orders/order-record.ts';
import { type Stage, stageProgress } from '#shared/contract.ts';
import { StepFailure } from './step-errors.ts';

/** Where the rendering stage ends and delivering begins. */
const renderingEnd = 90;
/**
 * With AI footage, the clips take the rendering stage's first part (40–65): a provider needs
 * about a minute or more for them, and a bar held at 40 that long reads as stuck.
 */
const footageEnd = 65;

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

/** Whether clips were asked of a provider for this ad (their share of the bar is then behind it). */
export function footageWasMade(footage: FootageResult | undefined): boolean {
  return footage?.status === 'done' && footage.scenes.length > 0;
}

/** Where the render's share of the bar begins: 40, or 65 after footage. */
export function renderingStart(afterFootage: boolean): number {
  return afterFootage ? footageEnd : stageProgress.rendering;
}

/** The render's fraction mapped onto its share of the rendering stage (40–90, or 65–90 after footage). */
export function renderingProgress(fraction: number, afterFootage = false): number {
  const start = renderingStart(afterFootage);
  return Math.round(start + clamp(fraction) * (renderingEnd - start));
}

/**
 * The clips' share (40–65): the settled share of the scenes, or the time spent against the model's
 * typical time when that says more (clips made side by side tend to finish together), never full
 * until every scene is settled.
 */
export function footageProgress(footage: FootageResult, typicalSeconds: number, now = Date.now()): number {
  const settled = footage.scenes.filter((scene) => scene.status !== 'pending').length;
  const settledShare = footage.scenes.length ? settled / footage.scenes.length : 1;
  const elapsed = footage.startedAt ? (now - Date.parse(footage.startedAt)) / 1000 : 0;
  const timeShare = Math.min(0.9, elapsed / typicalSeconds);
  const start = stageProgress.rendering;
  return Math.round(start + Math.max(settledShare, clamp(timeShare)) * (footageEnd - start));
}

function clamp(fraction: number): number {
  return Math.min(1, Math.max(0, fraction));
}
