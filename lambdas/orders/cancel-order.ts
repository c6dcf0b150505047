// Abandoned checkout (DESIGN §9): expire the unpaid session so it cannot be paid later and
// free the buyer's slot at once. A paid order is left as it is.
import { expireCheckoutSession } from '#payments/checkout.ts';
import { applyCheckoutSession, closeCheckout } from '#payments/fulfilment.ts';
import type { OrderRecord } from './order-record.ts';
import { findOrder } from './read-order.ts';

export async function cancelUnpaidOrder(id: string | undefined): Promise<OrderRecord> {
  const order = await findOrder(id);
  if (order.payment_status !== 'unpaid') return order;
  if (order.checkout_session_id) {
    const session = await expireCheckoutSession(order.checkout_session_id);
    // Paid just before the buyer clicked cancel: the payment wins.
    if (session.status === 'complete') return (await applyCheckoutSession(session)) ?? order;
  }
  return (await closeCheckout(order.id, 'canceled')) ?? order;
}
