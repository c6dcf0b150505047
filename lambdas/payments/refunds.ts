// Refunds through Stripe: a whole payment, at most once per order whoever asks (the failure path,
// the reconciler, ops), because every caller uses the same idempotency key.

import Stripe from 'stripe';
import { stripe } from './stripe-client.ts';

export interface Refund {
  id: string;
  amountCents: number;
}

/** Refunds the payment in full (idempotency key `refund-<order id>`, docs/design.md "Architecture"). */
export async function refundPayment(orderId: string, paymentIntent: string): Promise<Refund> {
  try {
    const refund = await (await stripe('stripe:refund')).refunds.create(
      { payment_intent: paymentIntent, reason: 'requested_by_customer', metadata: { order_id: orderId } },
      { idempotencyKey: `refund-${orderId}` },
    );
    return { id: refund.id, amountCents: refund.amount };
  } catch (error) {
    throw namedAfterItsType(error);
  }
}

/**
 * Lambda reports a thrown error by its `name`, and every error of the Stripe SDK is named `Error`
 * (its class is in `type`): named after its type, a Stripe 500 or lost connection matches the
 * Refund state's Retry (lib/generation/generation.ts: StripeAPIError, StripeConnectionError…)
 * instead of going straight to its Catch.
 */
function namedAfterItsType(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeError) error.name = error.type;
  return error;
}
