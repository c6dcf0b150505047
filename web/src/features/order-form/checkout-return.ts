// Stripe's cancel_url brings the buyer back to `/?checkout=canceled&order_id=<id>#pricing`.
export interface CheckoutReturn {
  orderId: string | null;
}

export function readCheckoutReturn(search: URLSearchParams): CheckoutReturn | null {
  if (search.get('checkout') !== 'canceled') return null;
  return { orderId: search.get('order_id')?.trim() || null };
}
