// The buyer asks for the order's one free revision (shared/revision.ts): the order must be
// completed, within its window and never revised; the note must ask for something the stage's
// writer can do and pass the content check every site passes (shared/prohibited-content.ts).
// Where the stage writes from templates, the requests are tried on the ad before the revision is
// used (a dry run of the revision's own writer, storyboard/revise-storyboard.ts): a note none of
// whose requests this ad allows is refused, and the revision stays the buyer's.
// Then the revision is claimed on the order (order-revision.ts) and its own execution starts.
import { ApiFailure } from '#common/api-failure.ts';
import { readRenderRequest } from '#generation/render-request-store.ts';
import { reviseStoryboard } from '#generation/storyboard/revise-storyboard.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { checkTextContent } from '#generation/website/content-check.ts';
import { logger } from '#powertools/logger.ts';
import type { RevisionRequestInput, RevisionRequestResponse } from '#shared/contract.ts';
import { prohibitedCategory } from '#shared/prohibited-content.ts';
import {
  type RevisionReading,
  readRevisionNote,
  revisionMessages,
  revisionNotDone,
  revisionRequestList,
} from '#shared/revision.ts';
import { envNames } from '#shared/runtime-env.ts';
import { verifyUploadedImage } from '#uploads/image-upload.ts';
import { claimOrderRevision, releaseOrderRevision } from './order-revision.ts';
import { findOrder } from './read-order.ts';
import { whyNoRevision } from './revision-availability.ts';
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
  const notDone = await whatCannotBeDone(order.id, reading.requests, writer, input.imageStoragePath);
  if (notDone.length && notDone.length === reading.requests.length) {
    throw new ApiFailure('REVISION_REFUSED', revisionMessages.nothingPossible(notDone));
  }
  const claimed = await claimOrderRevision(
    order.id,
    {
      note: input.note,
      ...reading,
      notDone,
      writer,
      ...(input.imageStoragePath ? { imageKey: input.imageStoragePath } : {}),
    },
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
  return { ...reading, not_done: notDone };
}

/**
 * The requests version 2 will not carry out, each with why (revisionNotDone), from a dry run of
 * the template writer's revision on the ad's stored render request: the same function
 * ReviseStoryboard runs, on the same input. The Bedrock writer takes the note's free text and may
 * do what the template cannot, so nothing is ruled out for it. An ad made before render requests
 * were kept has nothing to revise from, whichever the writer.
 */
async function whatCannotBeDone(
  orderId: string,
  requests: RevisionReading['requests'],
  writer: 'template' | 'bedrock',
  photoKey: string | undefined,
): Promise<string[]> {
  const version1 = await readRenderRequest(orderId);
  if (!version1) throw new ApiFailure('REVISION_UNAVAILABLE', revisionMessages.notKept);
  return writer === 'bedrock' ? [] : requestsNotAllowed(version1.storyboard, requests, photoKey);
}

/** The template writer's revision tried on version 1 and thrown away: the requests it would not carry out. */
export function requestsNotAllowed(
  version1: Storyboard,
  requests: RevisionReading['requests'],
  photoKey?: string,
): string[] {
  const tried = reviseStoryboard(version1, { requests, ...(photoKey ? { photoKey } : {}) });
  return tried.notDone.map(({ request, why }) => revisionNotDone(request, why));
}
