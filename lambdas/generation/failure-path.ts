// When an ad cannot be made (DESIGN §10): the order is marked failed, the buyer is refunded and
// told, ops hear about it, and the rate-limit slot is freed. Each part is idempotent on its own:
// the state machine's failure states, the execution-status rule and the reconciler all call them,
// in any order and any number of times.
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { config } from '#shared/config';
import { logger } from '#shared/logger';
import { envNames } from '#shared/runtime-env';
import { sendOpsEmail } from '../notifications/ops-email.ts';
import { sendOrderEmail } from '../notifications/order-emails.ts';
import type { OrderRecord } from '../orders/order-record.ts';
import { releaseOrderSlot } from '../orders/order-slots.ts';
import { getOrder, updateOrder } from '../orders/order-store.ts';
import { stripe } from '../payments/stripe-client.ts';
import type { TaskFailure } from './generation-state.ts';

/** A short, log-safe reason from a Catch's {Error, Cause} (Cause of a Lambda error is JSON). */
export function failureReason(failure: TaskFailure | undefined): string {
  if (!failure) return 'unknown failure';
  let detail = failure.Cause ?? '';
  try {
    detail = (JSON.parse(detail) as { errorMessage?: string }).errorMessage ?? detail;
  } catch {
    // A plain-text cause (States.Timeout, our own Fail states) is already readable.
  }
  return `${failure.Error}${detail ? `: ${detail}` : ''}`.slice(0, 500);
}

/** Marks the order failed unless it was already completed; frees its slot. */
export async function markOrderFailed(orderId: string, reason: string): Promise<OrderRecord | null> {
  return (await markFailedOnce(orderId, reason)).order;
}

async function markFailedOnce(
  orderId: string,
  reason: string,
): Promise<{ order: OrderRecord | null; changed: boolean }> {
  const changed = await updateOrder(
    orderId,
    { order_status: 'failed', stage: 'failed', failure_reason: reason },
    {
      condition: 'order_status IN (:pending, :processing)',
      values: { ':pending': 'pending', ':processing': 'processing' },
    },
  );
  const order = changed ?? (await getOrder(orderId));
  if (order?.order_status === 'failed') {
    // Every call frees it, so a failed release is repaired by the next caller.
    await releaseOrderSlot(order);
    if (changed) logger.warn('Order failed', { orderId, reason });
  }
  return { order, changed: changed !== null };
}

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

let sns: SNSClient | undefined;

/** Tells ops: SNS in AWS (its subscribers: the alarm email), the mail outbox + log in the twin. */
export async function notifyOps(orderId: string, reason: string): Promise<void> {
  const order = await getOrder(orderId);
  const subject = `${config.brand.name}: order ${orderId.slice(0, 8)} failed`;
  const message = [
    `Order ${orderId} failed: ${reason}`,
    `Payment: ${order?.payment_status ?? 'unknown'}${order?.refund_id ? ` (refund ${order.refund_id})` : ''}`,
    `Runbook: npm run ops -- show ${orderId}`,
  ].join('\n');
  logger.error('Ops notified of a failed order', { orderId, reason, paymentStatus: order?.payment_status });
  const topicArn = process.env[envNames.opsTopicArn];
  if (!topicArn) {
    await sendOpsEmail(subject, message);
    return;
  }
  sns ??= new SNSClient({});
  await sns.send(new PublishCommand({ TopicArn: topicArn, Subject: subject, Message: message }));
}

/** The whole failure path, for callers outside the state machine (execution-status rule, reconciler). */
export async function runFailurePath(orderId: string, reason: string): Promise<void> {
  const { order, changed } = await markFailedOnce(orderId, reason);
  if (order?.order_status !== 'failed') return;
  // Already failed by the state machine: only an unfinished refund is left to repair, and ops
  // were told then, unless that refund is what is being repaired now.
  const owesRefund = order.payment_status === 'paid';
  if (!changed && !owesRefund) return;
  await refundFailedOrder(orderId);
  await notifyOps(orderId, changed ? reason : `refund repaired after: ${order.failure_reason ?? reason}`);
}
