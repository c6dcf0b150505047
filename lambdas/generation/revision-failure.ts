// A revision that could not be made (shared/revision.ts): version 1 stays the order's ad, nothing
// is refunded (the buyer paid for version 1, which they have), and the buyer is told. Called by the
// state machine's MarkRevisionFailed, by the execution-status rule for a revision's execution
// that ended without reaching it, and by the reconciler for one whose end was never told;
// idempotent (one failure, one email).
import { sendOrderEmail } from '#notifications/order-emails.ts';
import { markOrderRevisionFailed } from '#orders/order-revision.ts';
import { logger } from '#powertools/logger.ts';

/** True when this call failed the revision (false: it was not rendering any more). */
export async function failRevision(orderId: string, reason: string): Promise<boolean> {
  const order = await markOrderRevisionFailed(orderId, reason);
  if (!order) return false;
  logger.error('Revision failed', { orderId, reason });
  await sendOrderEmail('revision_failed', order);
  return true;
}
