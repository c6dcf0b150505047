// Stripe's webhook deliveries: verified on the raw body, then reduced to the plain values the
// orders act on (which event, and what it says about a checkout).
import Stripe from 'stripe';
import { type CheckoutOutcome, checkoutOutcomeOf } from './checkout-sessions.ts';
import { webhookSecret } from './stripe-client.ts';

export interface CheckoutEvent {
  /** Stripe's event id: the same event delivered again has the same id. */
  id: string;
  type: string;
  /** False for event types that say nothing about a checkout (acknowledged and ignored). */
  handled: boolean;
  /** What the event says about its order's payment; null when it says nothing or names no order. */
  outcome: CheckoutOutcome | null;
}

/**
 * Throws Stripe's signature error for a bad signature or a timestamp older than 300 s. Checking a
 * signature needs the webhook secret only, no API key: the SDK's static helper does it.
 */
export async function verifyStripeEvent(rawBody: string, signature: string): Promise<CheckoutEvent> {
  const event = await Stripe.webhooks.constructEventAsync(rawBody, signature, await webhookSecret(), 300);
  return { id: event.id, type: event.type, ...meaningOf(event) };
}

function meaningOf(event: Stripe.Event): Pick<CheckoutEvent, 'handled' | 'outcome'> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired':
      return { handled: true, outcome: checkoutOutcomeOf(event.data.object) };
    case 'checkout.session.async_payment_failed': {
      const outcome = checkoutOutcomeOf(event.data.object);
      return { handled: true, outcome: outcome && { orderId: outcome.orderId, result: 'canceled' } };
    }
    default:
      return { handled: false, outcome: null };
  }
}
