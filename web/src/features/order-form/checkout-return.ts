// Stripe's cancel_url brings the buyer back to `/?checkout=canceled&order_id=<id>#pricing`.
import type { CancelOrderResponse } from '#shared/contract.ts';

export interface CheckoutReturn {
  orderId: string | null;
}

export function readCheckoutReturn(search: URLSearchParams): CheckoutReturn | null {
  if (search.get('checkout') !== 'canceled') return null;
  return { orderId: search.get('order_id')?.trim() || null };
}

/**
 * What the cancel call's answer means for the buyer. Only a paid (or free) order is a payment
 * that won the race with the cancel; no answer at all still means nothing was charged here.
 */
export function checkoutCancelOutcome(order: CancelOrderResponse | null): 'canceled' | 'already-paid' {
  return order?.payment_status === 'paid' || order?.payment_status === 'free' ? 'already-paid' : 'canceled';
}
