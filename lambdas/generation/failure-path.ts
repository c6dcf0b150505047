// When an ad cannot be made (docs/design.md "Failure and repair"): the order is marked failed, the buyer is refunded and
// told, ops hear about it, and the rate-limit slot is freed. Each part is idempotent on its own:
// the state machine's failure states, the execution-status rule and the reconciler all call them,
// in any order and any number of times.
import { markOrderPackFailed } from '#orders/order-pack.ts';
import { markFailedOnce, notifyOps } from './failure-steps.ts';
import { refundFailedOrder } from './refund-failed-order.ts';

/** The whole failure path, for callers outside the state machine (execution-status rule, reconciler). */
export async function runFailurePath(orderId: string, reason: string): Promise<void> {
  const { order, changed } = await markFailedOnce(orderId, reason);
  // Completed with its primary file, the execution ended in the pack (timed out, aborted): the
  // pack fails, the delivered order stays as it is and nothing is refunded.
  if (order?.order_status === 'completed' && order.pack_status === 'rendering') {
    await markOrderPackFailed(orderId, reason);
    return;
  }
  if (order?.order_status !== 'failed') return;
  // Already failed by the state machine: only an unfinished refund is left to repair, and ops
  // were told then, unless that refund is what is being repaired now.
  const owesRefund = order.payment_status === 'paid';
  if (!changed && !owesRefund) return;
  await refundFailedOrder(orderId);
  await notifyOps(orderId, changed ? reason : `refund repaired after: ${order.failure_reason ?? reason}`);
}
