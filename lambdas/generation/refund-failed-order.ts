// The Refund state's work: a failed, paid order is refunded in full, once, and the buyer told.

import { sendOrderEmail } from '#notifications/order-emails.ts';
import type { OrderRecord } from '#orders/order-record.ts';
import { getOrder, updateOrder } from '#orders/order-store.ts';
import { stripe } from '#payments/stripe-client.ts';
import { logger } from '#powertools/logger.ts';

/**
 * Refunds a failed, paid order in full through Stripe (idempotency key refund-<id>, so a retry
 * never refunds twice), then tells the buyer. Free orders have nothing to refund but are told too.
 */
export async function refundFailedOrder(orderId: string): Promise<OrderRecord | null> {
  const order = await getOrder(orderId);
  if (order?.order_status !== 'failed') return order;
  if (order.payment_status !== 'paid') {
    if (order.payment_status === 'free') await sendOrderEmail('failed', order);
    return order;
  }
  if (!order.payment_intent) throw new Error(`Order ${orderId} is paid but has no payment intent to refund`);
  const refund = await (await stripe()).refunds.create(
    { payment_intent: order.payment_intent, reason: 'requested_by_customer', metadata: { order_id: orderId } },
    { idempotencyKey: `refund-${orderId}` },
  );
  const refunded =
    (await updateOrder(
      orderId,
      { payment_status: 'refunded', refund_id: refund.id },
      { condition: 'payment_status = :paid', values: { ':paid': 'paid' } },
    )) ?? (await getOrder(orderId));
  logger.info('Order refunded', { orderId, refundId: refund.id, amountCents: refund.amount });
  if (refunded) await sendOrderEmail('failed', refunded);
  return refunded;
}
