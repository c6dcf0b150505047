// What a checkout's outcome means for its order (DESIGN §9): paid or free, the order is paid and
// its one generation execution started; expired or canceled, the checkout is closed for good and
// the order's slot freed. The webhook, the success page's read, cancel and the reconciler all come
// here, and every step is idempotent, so any of them may run it again.
import type { CheckoutOutcome, CheckoutPayment } from '#payments/checkout-sessions.ts';
import { logger } from '#powertools/logger.ts';
import { markCheckoutClosed, markOrderPaid, recordExecution } from './order-lifecycle.ts';
import { isPaid, type OrderRecord } from './order-record.ts';
import { releaseOrderSlot } from './order-slots.ts';
import { getOrder } from './order-store.ts';
import { startGeneration } from './start-generation.ts';

/** Applies the outcome to its order and returns the order as it now stands. */
export async function applyCheckoutOutcome(outcome: CheckoutOutcome): Promise<OrderRecord | null> {
  switch (outcome.result) {
    case 'paid':
    case 'free':
      return fulfilOrder(outcome.orderId, outcome.result, outcome.payment);
    case 'expired':
    case 'canceled':
      return closeCheckout(outcome.orderId, outcome.result);
    default:
      // Not decided yet (open, or an asynchronous payment still settling).
      return getOrder(outcome.orderId);
  }
}

async function fulfilOrder(
  orderId: string,
  paymentStatus: 'paid' | 'free',
  payment: CheckoutPayment,
): Promise<OrderRecord | null> {
  const paid = (await markOrderPaid(orderId, { paymentStatus, ...payment })) ?? (await getOrder(orderId));
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
  const order = (await markCheckoutClosed(orderId, status)) ?? (await getOrder(orderId));
  // Released on every call, not only the one that closed it, so a retry repairs a failed release.
  if (order && (order.payment_status === 'expired' || order.payment_status === 'canceled')) {
    await releaseOrderSlot(order);
    logger.info('Checkout closed', { orderId, status: order.payment_status });
  }
  return order;
}
