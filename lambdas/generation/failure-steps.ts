// The failure states' own parts (MarkFailed, NotifyOps), apart from the refund so that their
// functions do not bundle the Stripe SDK. failure-path.ts runs them all, with the refund.
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { sendOpsEmail } from '#notifications/ops-email.ts';
import { markOrderFailed } from '#orders/order-lifecycle.ts';
import type { OrderRecord } from '#orders/order-record.ts';
import { releaseOrderSlot } from '#orders/order-slots.ts';
import { getOrder } from '#orders/order-store.ts';
import { logger } from '#powertools/logger.ts';
import { tracer } from '#powertools/tracer.ts';
import { config } from '#shared/config.ts';
import { envNames } from '#shared/runtime-env.ts';
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

/** Marks the order failed unless it was already completed or failed; frees its slot. `changed`: this call failed it. */
export async function markFailedOnce(
  orderId: string,
  reason: string,
): Promise<{ order: OrderRecord | null; changed: boolean }> {
  const changed = await markOrderFailed(orderId, reason);
  const order = changed ?? (await getOrder(orderId));
  if (order?.order_status === 'failed') {
    // Every call frees it, so a failed release is repaired by the next caller.
    await releaseOrderSlot(order);
    if (changed) logger.warn('Order failed', { orderId, reason });
  }
  return { order, changed: changed !== null };
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
  sns ??= tracer.captureAWSv3Client(new SNSClient({}));
  await sns.send(new PublishCommand({ TopicArn: topicArn, Subject: subject, Message: message }));
}
