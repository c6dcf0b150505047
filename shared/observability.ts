// What the handlers report and the stack watches, named once: a metric or a log line that an
// alarm counts must be spelled the same on both sides.
import { config } from './config.ts';

/** The Stripe webhook's log line that lib/alarms counts as the WebhookSignatureRejected metric. */
export const signatureRejectedMessage = 'Webhook signature rejected';

/** What each AppSync key renewal reports (with the ApiId dimension). */
export const apiKeyDaysLeftMetric = 'ApiKeyDaysLeft';

/**
 * The default dimensions of every business metric: the Powertools service and the stage
 * (envNames.stage). lib/alarms selects by both, so one stage's metrics never reach another's alarm.
 */
export function businessMetricDimensions(stage: string): { service: string; stage: string } {
  return { service: config.brand.slug, stage };
}

/** One business metric per step of an order's life, in the stage's Powertools namespace. */
export const businessMetrics = {
  ordersCreated: 'OrdersCreated',
  ordersPaid: 'OrdersPaid',
  ordersCompleted: 'OrdersCompleted',
  ordersFailed: 'OrdersFailed',
  ordersRefunded: 'OrdersRefunded',
  renderSeconds: 'RenderSeconds',
  /** Previews before paying, and those of sites that could not be read (what the buyer was told). */
  previewsShown: 'PreviewsShown',
  unreadableSitePreviews: 'UnreadableSitePreviews',
  /** An order made free by a 100 % code: lib/alarms watches its rate (a leaked code drains ads). */
  freeAdRedemptions: 'FreeAdRedemptions',
  /** What a delivered ad cost in USD (footage + Stripe + AWS): lib/alarms watches its hourly average. */
  adCostUsd: 'AdCostUsd',
} as const;
