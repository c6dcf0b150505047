// What a checkout's outcome means for its order (docs/design.md "Order lifecycle", docs/decisions/slots-at-payment.md). Paid or free: the order is
// paid holding one of its mailbox's slots and its one generation execution started, and when that
// was the mailbox's last slot its other open checkouts are expired at Stripe. A payment that still
// arrives for a full mailbox, or a second free ad from one 100 % code, starts nothing: it is
// refunded at once and the buyer told why. Expired or canceled: the checkout is closed for good.
// The webhook, the success page's read, cancel and the reconciler all come here, and every step is
// idempotent, so any of them may run it again.
import { sendOrderEmail } from '#notifications/order-emails.ts';
import { type CheckoutOutcome, type CheckoutPayment, expireCheckout } from '#payments/checkout-sessions.ts';
import { refundPayment } from '#payments/refunds.ts';
import { logger } from '#powertools/logger.ts';
import { config } from '#shared/config.ts';
import { markCheckoutClosed, markOrderPaid, markOrderRefunded, recordExecution } from './order-lifecycle.ts';
import { isPaid, mailboxOf, type OrderRecord } from './order-record.ts';
import { activeOrderIds, forgetOpenCheckout, openCheckoutsOf } from './order-slots.ts';
import { getOrder } from './order-store.ts';
import { startGeneration } from './start-generation.ts';

/**
 * Who settles what a payment sets off beyond the order itself: refunding a refused payment and
 * expiring a full mailbox's other checkouts. `now`: the webhook and the reconciler, which hold the
 * refund and checkout keys. `later`: the buyer's own requests (the success page's read, cancel),
 * public routes that hold no refund key; Stripe's webhook for the same payment always
 * follows (retried for days) and the reconciler repairs the rest within minutes.
 */
export type Settlement = 'now' | 'later';

/** Applies the outcome to its order and returns the order as it now stands. */
export async function applyCheckoutOutcome(
  outcome: CheckoutOutcome,
  settlement: Settlement = 'now',
): Promise<OrderRecord | null> {
  switch (outcome.result) {
    case 'paid':
    case 'free':
      return fulfilOrder(outcome.orderId, outcome.result, outcome.payment, settlement);
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
  settlement: Settlement,
): Promise<OrderRecord | null> {
  const order = (await markOrderPaid(orderId, { paymentStatus, ...payment })) ?? (await getOrder(orderId));
  if (!order) return null;
  if (order.refused_because) return settlement === 'now' ? settleRefusedPayment(order) : order;
  const started = await ensureGenerationStarted(order);
  if (settlement === 'now' && isActive(started)) await expireOtherCheckoutsWhenFull(started);
  return started;
}

const isActive = (order: OrderRecord) =>
  isPaid(order) && (order.order_status === 'pending' || order.order_status === 'processing');

/** Starts the execution of a paid, active order that has none recorded (safe to call repeatedly). */
export async function ensureGenerationStarted(order: OrderRecord): Promise<OrderRecord> {
  if (!isActive(order) || order.execution_arn) return order;
  const executionArn = await startGeneration(order.id);
  return (await recordExecution(order.id, executionArn)) ?? order;
}

/**
 * A refused payment (order-lifecycle.ts, paymentRefused) is handed back in full at once (the
 * refund's idempotency key is the order's, so a repeat refunds nothing more) and the buyer told
 * why, once. A free order has nothing to refund and is told too. Safe to repeat: the reconciler
 * finishes one whose refund failed.
 */
export async function settleRefusedPayment(order: OrderRecord): Promise<OrderRecord> {
  let settled = order;
  if (order.payment_status === 'paid') {
    if (!order.payment_intent) throw new Error(`Order ${order.id} is paid but has no payment intent to refund`);
    const refund = await refundPayment(order.id, order.payment_intent);
    settled = (await markOrderRefunded(order.id, refund.id)) ?? (await getOrder(order.id)) ?? order;
    logger.warn('Refused payment refunded', { orderId: order.id, reason: order.refused_because, refundId: refund.id });
  }
  await sendOrderEmail('refused', settled);
  return settled;
}

/**
 * Once the mailbox's last slot is taken, its other open checkouts are expired at Stripe, so they
 * can no longer be paid; one paid in the meantime comes back complete and is refused and refunded.
 * A checkout that cannot be expired now is logged and left: if it is paid, its payment is refused
 * like any other, so this order's own fulfilment never fails for another order's session.
 */
async function expireOtherCheckoutsWhenFull(order: OrderRecord): Promise<void> {
  const mailbox = mailboxOf(order);
  if ((await activeOrderIds(mailbox)).length < config.limits.activeOrdersPerEmail) return;
  // All at once: one after another, a mailbox with many open checkouts (one per spelling of it)
  // held the payment's webhook for seconds each, and a webhook ended by its timeout left the rest open.
  const others = (await openCheckoutsOf(mailbox)).filter((checkout) => checkout.orderId !== order.id);
  await Promise.all(
    others.map(async (checkout) => {
      try {
        const outcome = await expireCheckout(checkout.sessionId);
        if (outcome) await applyCheckoutOutcome(outcome);
      } catch (error) {
        logger.error('Open checkout of a full mailbox not expired', { orderId: checkout.orderId, error });
      }
    }),
  );
}

/** An unpaid checkout ended: the order stays unpaid for good and its mailbox forgets the checkout. */
export async function closeCheckout(orderId: string, status: 'expired' | 'canceled'): Promise<OrderRecord | null> {
  const order = (await markCheckoutClosed(orderId, status)) ?? (await getOrder(orderId));
  // On every call, not only the one that closed it, so a retry repairs a failed delete.
  if (order && (order.payment_status === 'expired' || order.payment_status === 'canceled')) {
    await forgetOpenCheckout(order);
    logger.info('Checkout closed', { orderId, status: order.payment_status });
  }
  return order;
}
