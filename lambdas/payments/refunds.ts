// Refunds through Stripe: a whole payment, at most once per order whoever asks (the failure path,
// the reconciler, ops), because every caller uses the same idempotency key.

import { stripe } from './stripe-client.ts';

export interface Refund {
  id: string;
  amountCents: number;
}

/** Refunds the payment in full (idempotency key `refund-<order id>`, DESIGN §3). */
export async function refundPayment(orderId: string, paymentIntent: string): Promise<Refund> {
  const refund = await (await stripe('stripe:refund')).refunds.create(
    { payment_intent: paymentIntent, reason: 'requested_by_customer', metadata: { order_id: orderId } },
    { idempotencyKey: `refund-${orderId}` },
  );
  return { id: refund.id, amountCents: refund.amount };
}
