// The Refund state's work: a failed, paid order is refunded in full, once, and the buyer told.

import { sendOrderEmail } from '#notifications/order-emails.ts';
import { markOrderRefunded } from '#orders/order-lifecycle.ts';
import type { OrderRecord } from '#orders/order-record.ts';
import { getOrder } from '#orders/order-store.ts';
import { refundPayment } from '#payments/refunds.ts';
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
  const refund = await refundPayment(orderId, order.payment_intent);
  const refunded = (await markOrderRefunded(orderId, refund.id)) ?? (await getOrder(orderId));
  logger.info('Order refunded', { orderId, refundId: refund.id, amountCents: refund.amountCents });
  if (refunded) await sendOrderEmail('failed', refunded);
  return refunded;
}
