// The functions that are neither routes nor generation steps, declared once like those: what runs
// them is their construct's business (a schedule, the orders stream), what they may touch is `uses`.
// `entry` is relative to lambdas/; the twin runs the same modules on its own timers and poller.
import type { Capability } from '#shared/capabilities.ts';

export interface OpsFunction {
  entry: string;
  description: string;
  timeoutSeconds: number;
  uses: readonly Capability[];
  /** A scheduled function's period. */
  everyMinutes?: number;
  everyHours?: number;
}

export const opsFunctions = {
  reconciler: {
    entry: 'operations/reconcile.handler.ts',
    description: 'Repairs orders left half-way: unstarted, stuck, unrefunded, expired checkouts',
    everyMinutes: 5,
    // Shorter than the schedule, so two passes never overlap.
    timeoutSeconds: 240,
    uses: [
      'orders:repairQuery',
      'orders:read',
      'orders:write',
      'rateLimits',
      'executions:start',
      // A stuck execution is stopped before the order is failed and refunded.
      'executions:stop',
      // Expires a lapsed checkout (reading it before and after); the failure path refunds.
      'stripe:checkout',
      'stripe:refund',
      'mail',
      'ops:notify',
    ],
  },
  apiKeyRenewer: {
    entry: 'realtime/renew-api-key.handler.ts',
    description: 'Extends the live-status API key a year ahead and reports the days it has left',
    /**
     * A new key gets AppSync's default 7 days, so the first run must come well within them; four
     * runs a day also make a day without a report news (the alarm's period).
     */
    everyHours: 6,
    timeoutSeconds: 30,
    uses: ['realtime:renewKey'],
  },
  newsletterConfirmationSender: {
    entry: 'newsletter/send-confirmation.handler.ts',
    description: 'Mails each newsletter confirmation the sign-up API recorded, from the subscribers stream',
    timeoutSeconds: 30,
    uses: ['newsletter:sendConfirmation', 'mail'],
  },
  orderChangesPublisher: {
    entry: 'realtime/publish-order-changes.handler.ts',
    description: 'Publishes order status changes from the orders stream to the AppSync Events channel /orders/<id>',
    timeoutSeconds: 30,
    uses: ['realtime:publish'],
  },
} as const satisfies Record<string, OpsFunction>;
