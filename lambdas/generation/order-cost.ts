// What one delivered ad cost (docs/design.md "Generation pipeline"): its footage (the price table × the seconds
// generated), Stripe's fee on what the buyer paid, and AWS's share (the bench's estimate per
// length); recorded on the order for ops and counted for the cost alarm.
import type { OrderRecord } from '#orders/order-record.ts';
import { generationConfig } from '#shared/config.ts';
import type { FootageResult } from './footage/footage-jobs.ts';
import { roundUsd } from './footage/footage-plan.ts';

/** The order row's `cost`, declared once with the rest of the row (orders/order-record.ts). */
export type OrderCost = NonNullable<OrderRecord['cost']>;

export function orderCost(
  order: { amount_cents: number | null; duration_seconds: number },
  footage: FootageResult | undefined,
): OrderCost {
  const { costPerAd } = generationConfig;
  const paidUsd = (order.amount_cents ?? 0) / 100;
  // A 100 % coupon charges nothing, and Stripe charges no fee on it.
  const stripe = paidUsd > 0 ? (paidUsd * costPerAd.stripePercent) / 100 + costPerAd.stripeFixedCents / 100 : 0;
  const aws =
    costPerAd.awsEstimateUsd[String(order.duration_seconds)] ?? Math.max(...Object.values(costPerAd.awsEstimateUsd));
  const footageUsd = footage?.costUsd ?? 0;
  const total = footageUsd + stripe + aws;
  return {
    footage_usd: roundUsd(footageUsd),
    footage_seconds: footage?.secondsGenerated ?? 0,
    ...(footage?.model ? { footage_model: `${footage.provider} ${footage.model}` } : {}),
    stripe_fee_usd: roundUsd(stripe),
    aws_usd: roundUsd(aws),
    total_usd: roundUsd(total),
    margin_usd: roundUsd(paidUsd - total),
  };
}
