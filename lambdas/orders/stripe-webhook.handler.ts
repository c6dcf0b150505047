// POST /api/stripe/webhook: Stripe's events about checkout sessions. The payments adapter
// verifies and reads the event; the orders apply it, once per event id.
import { IdempotencyAlreadyInProgressError } from '@aws-lambda-powertools/idempotency';
import { apiHandler, failure, json } from '#common/http.ts';
import { MalformedStripeEvent, verifyStripeEvent } from '#payments/stripe-webhook-events.ts';
import { logger } from '#powertools/logger.ts';
import { signatureRejectedMessage } from '#shared/observability.ts';
import { applyStripeEventOnce } from './payment-events.ts';

export const handler = apiHandler(
  async (event, context) => {
    const signature = event.headers['stripe-signature'];
    if (!signature || !event.body) return failure('VALIDATION', 'Missing Stripe signature or body');
    const rawBody = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
    let stripeEvent: Awaited<ReturnType<typeof verifyStripeEvent>>;
    try {
      stripeEvent = await verifyStripeEvent(rawBody, signature);
    } catch (error) {
      // Signed by someone holding the secret, yet not an event Stripe sends: refused, never applied.
      if (error instanceof MalformedStripeEvent) {
        logger.warn('Malformed Stripe event', { reason: error.message });
        return failure('VALIDATION', 'Malformed Stripe event');
      }
      // Counted by the WebhookSignatureRejected alarm (a wrong webhook secret fails every payment's event).
      logger.warn(signatureRejectedMessage, { reason: (error as Error).message });
      return failure('VALIDATION', 'Invalid Stripe signature');
    }
    try {
      const result = await applyStripeEventOnce(stripeEvent, context);
      return json(200, { received: true, ...result });
    } catch (error) {
      // The same event is being applied right now; Stripe retries later and then gets the result.
      if (error instanceof IdempotencyAlreadyInProgressError) return json(409, { received: false });
      throw error;
    }
  },
  { maxBodyBytes: 256 * 1024 },
);
