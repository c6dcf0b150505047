// What a Checkout Session means for its order. Called by the webhook, by the success page's
// read (when a webhook is late) and by cancel; idempotent, so any of them may run it again.
import type Stripe from 'stripe';
import { startGeneration } from '#generation/start-generation.ts';
import { isPaid, type OrderRecord } from '#orders/order-record.ts';
import { releaseOrderSlot } from '#orders/order-slots.ts';
import { getOrder, markOrderPaid, markPaymentClosed, recordExecution } from '#orders/order-store.ts';
import { logger } from '#powertools/logger.ts';

export function orderIdOf(session: Stripe.Checkout.Session): string | null {
  return session.metadata?.order_id ?? session.client_reference_id ?? null;
}

/** Applies a session's outcome to its order and returns the order as it now stands. */
export async function applyCheckoutSession(session: Stripe.Checkout.Session): Promise<OrderRecord | null> {
  const orderId = orderIdOf(session);
  if (!orderId) return null;
  if (session.status === 'complete' && session.payment_status !== 'unpaid') {
    return fulfilOrder(orderId, session);
  }
  if (session.status === 'expired') return closeCheckout(orderId, 'expired');
  return getOrder(orderId);
}

async function fulfilOrder(orderId: string, session: Stripe.Checkout.Session): Promise<OrderRecord | null> {
  const paymentIntent =
    typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  const paid =
    (await markOrderPaid(orderId, {
      paymentStatus: session.payment_status === 'no_payment_required' ? 'free' : 'paid',
      amountCents: session.amount_total ?? 0,
      currency: session.currency ?? 'usd',
      ...(paymentIntent ? { paymentIntent } : {}),
    })) ?? (await getOrder(orderId));
  if (!paid) return null;
  return ensureGenerationStarted(paid);
}

/** Starts the execution of a paid order that has none recorded (safe to call repeatedly). */
export async function ensureGenerationStarted(order: OrderRecord): Promise<OrderRecord> {
  if (!isPaid(order) || order.execution_arn) return order;
  const executionArn = await startGeneration(order.id);
  return (await recordExecution(order.id, executionArn)) ?? order;
}

/** An unpaid checkout ended: the order stays unpaid for good and its slot is freed. */
export async function closeCheckout(orderId: string, status: 'expired' | 'canceled'): Promise<OrderRecord | null> {
  const order = (await markPaymentClosed(orderId, status)) ?? (await getOrder(orderId));
  // Released on every call, not only the one that closed it, so a retry repairs a failed release.
  if (order && (order.payment_status === 'expired' || order.payment_status === 'canceled')) {
    await releaseOrderSlot(order);
    logger.info('Checkout closed', { orderId, status: order.payment_status });
  }
  return order;
}
