// Whether a completed order may ask for its free revision now (shared/revision.ts): the order
// page's offer (revision-view.ts) and the revision route ask the same question. Kept apart from
// the route so reading an order does not load the route's writer and content check.
import { revisionAvailableUntil, revisionMessages } from '#shared/revision.ts';
import type { OrderRecord } from './order-record.ts';

/** Why the order cannot be revised now, in the buyer's words; null when it can. */
export function whyNoRevision(
  order: Pick<OrderRecord, 'order_status' | 'revision_status' | 'completed_at' | 'created_at'>,
  now: Date,
): string | null {
  if (order.order_status !== 'completed') return revisionMessages.notCompleted;
  if (order.revision_status) return revisionMessages.alreadyUsed;
  if (revisionAvailableUntil(order.completed_at ?? order.created_at) <= now) return revisionMessages.windowPassed;
  return null;
}
