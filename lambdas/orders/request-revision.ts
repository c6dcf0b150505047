// The buyer asks for the order's one free revision (shared/revision.ts): the order must be
// completed, within its window and never revised; the note must ask for something the stage's
// writer can do and pass the content check every site passes (shared/prohibited-content.ts).
// Then the revision is claimed on the order (order-revision.ts) and its own execution starts.
import { ApiFailure } from '#common/api-failure.ts';
import { checkTextContent } from '#generation/website/content-check.ts';
import { logger } from '#powertools/logger.ts';
import type { RevisionRequestInput, RevisionRequestResponse } from '#shared/contract.ts';
import { prohibitedCategory } from '#shared/prohibited-content.ts';
import { readRevisionNote, revisionAvailableUntil, revisionMessages, revisionRequestList } from '#shared/revision.ts';
import { envNames } from '#shared/runtime-env.ts';
import { verifyUploadedImage } from '#uploads/image-upload.ts';
import type { OrderRecord } from './order-record.ts';
import { claimOrderRevision, releaseOrderRevision } from './order-revision.ts';
import { findOrder } from './read-order.ts';
import { startRevisionGeneration } from './start-generation.ts';

/** The stage's storyboard writer: Bedrock takes the note's free text, the template its requests. */
export const revisionWriter = (): 'template' | 'bedrock' =>
  process.env[envNames.copywriter] === 'bedrock' ? 'bedrock' : 'template';

export async function requestRevision(
  id: string | undefined,
  input: RevisionRequestInput,
  now = new Date(),
): Promise<RevisionRequestResponse> {
  const order = await findOrder(id);
  const unavailable = whyNoRevision(order, now);
  if (unavailable) throw new ApiFailure('REVISION_UNAVAILABLE', unavailable);
  if (input.imageStoragePath) await verifyUploadedImage(input.imageStoragePath);
  const reading = readRevisionNote(input.note, Boolean(input.imageStoragePath));
  const writer = revisionWriter();
  if (writer === 'template' && reading.requests.length === 0) {
    throw new ApiFailure('REVISION_REFUSED', revisionMessages.notUnderstood(revisionRequestList()));
  }
  const verdict = await checkTextContent(input.note);
  if (verdict.refused) {
    const category = prohibitedCategory(verdict.category)?.label ?? verdict.category;
    throw new ApiFailure('REVISION_REFUSED', revisionMessages.contentRefused(category));
  }
  const claimed = await claimOrderRevision(
    order.id,
    { note: input.note, ...reading, writer, ...(input.imageStoragePath ? { imageKey: input.imageStoragePath } : {}) },
    now,
  );
  // Another request won the race (or the order changed since it was read).
  if (!claimed) throw new ApiFailure('REVISION_UNAVAILABLE', revisionMessages.alreadyUsed);
  try {
    await startRevisionGeneration(order.id);
  } catch (error) {
    await releaseOrderRevision(order.id).catch((releaseError: unknown) =>
      logger.error('Revision not released after its execution failed to start', { orderId: order.id, releaseError }),
    );
    throw error;
  }
  logger.info('Revision requested', { orderId: order.id, requests: reading.requests, beyond: reading.beyond.length });
  return reading;
}

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
