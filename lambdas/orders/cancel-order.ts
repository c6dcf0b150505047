// Abandoned checkout (docs/design.md "Order lifecycle"): expire the unpaid session so it cannot be paid later and
// free the buyer's slot at once. A paid order is left as it is.
import { type CheckoutOutcome, expireCheckout } from '#payments/checkout-sessions.ts';
import { applyCheckoutOutcome, closeCheckout } from './checkout-outcome.ts';
import type { OrderRecord } from './order-record.ts';
import { findOrder } from './read-order.ts';

/** The session was completed: paid, free, or an asynchronous payment still settling. */
const completedResults = new Set<CheckoutOutcome['result']>(['paid', 'free', 'paymentPending']);

export async function cancelUnpaidOrder(id: string | undefined): Promise<OrderRecord> {
  const order = await findOrder(id);
  if (order.payment_status !== 'unpaid') return order;
  if (order.checkout_session_id) {
    const outcome = await expireCheckout(order.checkout_session_id);
    // Completed just before the buyer clicked cancel: the payment wins.
    if (outcome && completedResults.has(outcome.result)) return (await applyCheckoutOutcome(outcome, 'later')) ?? order;
  }
  return (await closeCheckout(order.id, 'canceled')) ?? order;
}
