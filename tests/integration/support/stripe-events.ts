// Stripe webhook deliveries as Stripe sends them: a JSON event signed with the endpoint secret.
import Stripe from 'stripe';
import type { Twin } from '#local/twin.ts';

const signer = new Stripe('sk_test_signing_only');

export async function stripeSession(twin: Twin, sessionId: string): Promise<Stripe.Checkout.Session> {
  const response = await fetch(`${twin.endpoints.stripe}/v1/checkout/sessions/${sessionId}`, {
    headers: { authorization: `Bearer ${twin.env.STRIPE_SECRET_KEY}` },
  });
  return (await response.json()) as Stripe.Checkout.Session;
}

/** A Stripe-Signature header made with the twin's secret for `payload`, as Stripe makes one. */
export function signatureFor(twin: Twin, payload: string, timestamp?: number): string {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret: twin.stripeWebhookSecret,
    ...(timestamp ? { timestamp } : {}),
  });
}

export function checkoutEvent(
  id: string,
  type: 'checkout.session.completed' | 'checkout.session.expired',
  session: Stripe.Checkout.Session,
) {
  return {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: session },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

export interface DeliveryOptions {
  secret?: string;
  timestamp?: number;
  signature?: string | null;
}

/**
 * POSTs an event to the twin's webhook, signed (or not) as the options say: `signature` is the
 * Stripe-Signature header as sent (null: no header at all); otherwise the header is made for the
 * payload with `secret` (default: the twin's) at `timestamp` (default: now).
 */
export async function deliverEvent(
  twin: Twin,
  event: unknown,
  options: DeliveryOptions = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const payload = JSON.stringify(event);
  const signature =
    options.signature !== undefined
      ? options.signature
      : signer.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? twin.stripeWebhookSecret,
          ...(options.timestamp ? { timestamp: options.timestamp } : {}),
        });
  const response = await fetch(`${twin.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
