// How an order reads on the status page: the spec's status copy (§4), stage words, amounts, refunds.
import { displayedOrderStatus, type OrderStatus, type OrderView, type Stage } from '#shared/contract.ts';
import { typicalDeliveryWords } from '#shared/delivery-time.ts';
import { siteDeliverySeconds } from '#web/lib/site-delivery.ts';

export const orderPageMessages = {
  noOrderId: 'No order ID provided',
  lookupFailed: "We couldn't find your order.",
} as const;

/**
 * The spec's sentences, with the stage's own delivery time where the spec says "5-15 minutes": the
 * live estimate beside it counts down from that time (docs/spec-deviations.md, "One delivery time").
 */
export const statusCopy: Record<OrderStatus, { title: string; text: string }> = {
  pending: { title: 'Payment Processing', text: 'Your payment is being verified...' },
  processing: {
    title: 'Generating Your Ad',
    text: `Our AI is creating your video ad. This usually takes ${typicalDeliveryWords(siteDeliverySeconds)}.`,
  },
  completed: { title: 'Ad Ready!', text: 'Your video ad is ready to download.' },
  failed: { title: 'Generation Failed', text: 'We encountered an issue. Our team has been notified.' },
};

/** docs/product.md "The order and its states": an unknown status reads as pending. */
export function statusCopyFor(orderStatus: string | null | undefined): { title: string; text: string } {
  return statusCopy[displayedOrderStatus(orderStatus)];
}

export const stageWords: Record<Stage, string> = {
  awaiting_payment: 'Waiting for payment',
  queued: 'Queued',
  analyzing: 'Analysing your website…',
  scripting: 'Writing your storyboard…',
  rendering: 'Recording the voice-over and rendering…',
  delivering: 'Delivering…',
  done: 'Done',
  failed: 'Stopped',
};

/** Dollars and cents without the currency code: "$5.00". */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** `amount_cents` is what was charged (a coupon lowers it); null before payment means the list price. */
export function formatAmount(amountCents: number | null, currency: string, listPriceCents: number): string {
  return `${formatMoney(amountCents ?? listPriceCents, currency)} ${currency.toUpperCase()}`;
}

type MoneyFacts = Pick<OrderView, 'amount_cents' | 'currency' | 'payment_status'> &
  Pick<Partial<OrderView>, 'coupon_code'>;

/** What the buyer pays or paid for this order: a free (100 % coupon) order is $0.00 even before Stripe says so. */
export function chargedCents(order: MoneyFacts, listPriceCents: number): number {
  if (order.payment_status === 'free') return 0;
  return order.amount_cents ?? listPriceCents;
}

/**
 * The summary's Amount row: "$5.00 USD", "$2.50 USD" with LAUNCH50, "$0.00 USD" when free, and for
 * a checkout that was cancelled or ran out, the price with the fact that nothing was charged.
 */
export function orderAmount(order: MoneyFacts, listPriceCents: number): string {
  const amount = formatAmount(chargedCents(order, listPriceCents), order.currency, listPriceCents);
  if (order.payment_status === 'canceled' || order.payment_status === 'expired') return `${amount}, not charged`;
  // Checkout applies the coupon: until it is paid, what it takes off is not known here.
  if (order.payment_status === 'unpaid' && order.coupon_code) return `${amount} before your coupon`;
  return amount;
}

/**
 * The summary's Coupon row, or null for an order without one: what the code took off once the
 * payment says so ("LAUNCH50 (−$2.50)"), else that Checkout applies it or that it was not used.
 */
export function couponLine(order: MoneyFacts, listPriceCents: number): string | null {
  if (!order.coupon_code) return null;
  switch (order.payment_status) {
    case 'unpaid':
      return `${order.coupon_code}, applied at checkout`;
    case 'canceled':
    case 'expired':
      return `${order.coupon_code}, not used`;
    default: {
      const off = Math.max(0, listPriceCents - chargedCents(order, listPriceCents));
      return `${order.coupon_code} (−${formatMoney(off, order.currency)})`;
    }
  }
}

/**
 * docs/spec-deviations.md: a failed ad is refunded automatically. Says so with the real amount once Stripe has
 * refunded it, and while the Refund step is still running; nothing when nothing was charged.
 */
export function refundSentence(
  order: MoneyFacts & Pick<OrderView, 'order_status'>,
  listPriceCents: number,
): string | null {
  const cents = chargedCents(order, listPriceCents);
  if (cents <= 0) return null;
  const amount = formatMoney(cents, order.currency);
  if (order.payment_status === 'refunded') return `Your payment of ${amount} has been refunded.`;
  if (order.payment_status === 'paid' && displayedOrderStatus(order.order_status) === 'failed') {
    return `Your payment of ${amount} is being refunded automatically.`;
  }
  return null;
}

export function formatDuration(seconds: number): string {
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/**
 * How long after a failure the page keeps reading the order to see the refund land. The live
 * channel carries status, stage and progress only, never payment_status, so the refund is polled.
 */
export const refundWatchMs = 10 * 60_000;

/** Orders that will not change any more: no need to keep asking. */
export function isSettled(
  order: Pick<OrderView, 'order_status' | 'payment_status'> &
    Partial<Pick<OrderView, 'updated_at' | 'pack' | 'revision'>>,
  now = Date.now(),
): boolean {
  const status = displayedOrderStatus(order.order_status);
  // A completed order whose delivery pack or revision is still rendering is followed live like a running one.
  if (status === 'completed') return order.pack?.status !== 'rendering' && order.revision?.status !== 'rendering';
  if (status === 'failed') return !isAwaitingRefund(order, now);
  return order.payment_status === 'canceled' || order.payment_status === 'expired';
}

/** A failed, paid order whose Refund step has not finished yet (and recently failed). */
export function isAwaitingRefund(
  order: Pick<OrderView, 'order_status' | 'payment_status'> & Partial<Pick<OrderView, 'updated_at'>>,
  now = Date.now(),
): boolean {
  if (displayedOrderStatus(order.order_status) !== 'failed' || order.payment_status !== 'paid') return false;
  const failedAt = order.updated_at ? Date.parse(order.updated_at) : Number.NaN;
  return Number.isNaN(failedAt) || now - failedAt < refundWatchMs;
}

/**
 * Where the buyer is with paying: the form's tab comes here while the buyer pays in
 * the other tab (`awaiting`), and says "Payment Successful" only once the money is in (`paid`,
 * which covers free and refunded orders) — or that the checkout ended unpaid (`abandoned`).
 */
export type PaymentPhase = 'awaiting' | 'abandoned' | 'paid';

export function paymentPhase(paymentStatus: OrderView['payment_status']): PaymentPhase {
  if (paymentStatus === 'unpaid') return 'awaiting';
  return paymentStatus === 'canceled' || paymentStatus === 'expired' ? 'abandoned' : 'paid';
}

/** A line about the money when it is not simply "paid" (refunds are told in the status panel). */
export function paymentNote(paymentStatus: OrderView['payment_status']): string | null {
  switch (paymentStatus) {
    case 'free':
      return 'Your coupon covered the full price — you were not charged.';
    case 'canceled':
    case 'expired':
      return 'This checkout was not completed, so you were not charged.';
    default:
      return null;
  }
}
