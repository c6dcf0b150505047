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

/** A correctly signed event without what every Stripe event has (an id, a type, a data.object). */
export class MalformedStripeEvent extends Error {
  override name = 'MalformedStripeEvent';
}

/**
 * Throws Stripe's signature error for a bad signature or a timestamp older than 300 s, and
 * MalformedStripeEvent for a signed event missing its parts. Checking a signature needs the webhook
 * secret only, no API key: the SDK's static helper does it.
 */
export async function verifyStripeEvent(rawBody: string, signature: string): Promise<CheckoutEvent> {
  const event = await Stripe.webhooks.constructEventAsync(rawBody, signature, await webhookSecret(), 300);
  if (!isRecord(event) || typeof event.id !== 'string' || typeof event.type !== 'string') {
    throw new MalformedStripeEvent('The event has no id or no type');
  }
  return { id: event.id, type: event.type, ...meaningOf(event) };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The session a checkout event is about. */
function sessionOf(event: Stripe.Event): Stripe.Checkout.Session {
  const session: unknown = isRecord(event.data) ? event.data.object : undefined;
  if (!isRecord(session)) throw new MalformedStripeEvent(`${event.type} without a data.object`);
  return session as unknown as Stripe.Checkout.Session;
}

function meaningOf(event: Stripe.Event): Pick<CheckoutEvent, 'handled' | 'outcome'> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired':
      return { handled: true, outcome: checkoutOutcomeOf(sessionOf(event)) };
    case 'checkout.session.async_payment_failed': {
      const outcome = checkoutOutcomeOf(sessionOf(event));
      return { handled: true, outcome: outcome && { orderId: outcome.orderId, result: 'canceled' } };
    }
    default:
      return { handled: false, outcome: null };
  }
}
