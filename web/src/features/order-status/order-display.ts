// How an order reads on the status page: the spec's status copy (§4), stage words, amounts.
import { displayedOrderStatus, type OrderStatus, type OrderView, type Stage } from '#shared/contract';

export const orderPageMessages = {
  noOrderId: 'No order ID provided',
  lookupFailed: "We couldn't find your order.",
} as const;

export const statusCopy: Record<OrderStatus, { title: string; text: string }> = {
  pending: { title: 'Payment Processing', text: 'Your payment is being verified...' },
  processing: {
    title: 'Generating Your Ad',
    text: 'Our AI is creating your video ad. This usually takes 5-15 minutes.',
  },
  completed: { title: 'Ad Ready!', text: 'Your video ad is ready to download.' },
  failed: { title: 'Generation Failed', text: 'We encountered an issue. Our team has been notified.' },
};

/** Spec §4: an unknown status reads as pending. */
export function statusCopyFor(orderStatus: string | null | undefined): { title: string; text: string } {
  return statusCopy[displayedOrderStatus(orderStatus)];
}

export const stageWords: Record<Stage, string> = {
  awaiting_payment: 'Waiting for payment',
  queued: 'Queued',
  analyzing: 'Analysing your website…',
  scripting: 'Writing your script…',
  rendering: 'Rendering your video…',
  delivering: 'Delivering…',
  done: 'Done',
  failed: 'Stopped',
};

/** `amount_cents` is what was charged (a coupon lowers it); null before payment means the list price. */
export function formatAmount(amountCents: number | null, currency: string, listPriceCents: number): string {
  const cents = amountCents ?? listPriceCents;
  const code = currency.toUpperCase();
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(cents / 100);
  return `${amount} ${code}`;
}

export function formatDuration(seconds: number): string {
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/** Orders that will not change any more: no need to keep asking. */
export function isSettled(order: Pick<OrderView, 'order_status' | 'payment_status'>): boolean {
  const status = displayedOrderStatus(order.order_status);
  if (status === 'completed' || status === 'failed') return true;
  return order.payment_status === 'canceled' || order.payment_status === 'expired';
}

/** A line about the money when it is not simply "paid". */
export function paymentNote(paymentStatus: OrderView['payment_status']): string | null {
  switch (paymentStatus) {
    case 'free':
      return 'Your coupon covered the full price — you were not charged.';
    case 'canceled':
    case 'expired':
      return 'This checkout was not completed, so you were not charged.';
    case 'refunded':
      return 'Your payment has been refunded in full.';
    default:
      return null;
  }
}
