// Event objects as Stripe builds them for this API version: a snapshot of the object at the
// moment it changed, and the API request (if any) that changed it.
import type Stripe from 'stripe';
import { newId } from './ids.ts';
import type { StripeEvent } from './state.ts';

/** The API version whose object shapes this server speaks: the one stripe@23.1.0 pins. */
export const apiVersion = '2026-10-28.endive';

/** The API request behind a change; both null for changes made by the buyer or by time. */
export type EventRequest = Stripe.Event.Request;

export const noRequest: EventRequest = { id: null, idempotency_key: null };

function envelope(createdSeconds: number, request: EventRequest) {
  return {
    id: newId('evt'),
    object: 'event' as const,
    api_version: apiVersion,
    created: createdSeconds,
    livemode: false,
    pending_webhooks: 1,
    request,
  };
}

export function sessionEvent(
  type: 'checkout.session.completed' | 'checkout.session.expired',
  session: Stripe.Checkout.Session,
  createdSeconds: number,
  request: EventRequest,
): StripeEvent {
  return { ...envelope(createdSeconds, request), type, data: { object: structuredClone(session) } };
}

export function chargeRefundedEvent(charge: Stripe.Charge, createdSeconds: number, request: EventRequest): StripeEvent {
  return { ...envelope(createdSeconds, request), type: 'charge.refunded', data: { object: structuredClone(charge) } };
}
