// State ReviseStoryboard, the first of the order's revision (shared/revision.ts): version 1's
// render request (kept by PlanRenders) with its storyboard revised as the note asks, planned as one
// 720x1280 file. A revision that changes nothing fails here: the buyer keeps version 1 and is told why.
import { recordRevisionWriting } from '#orders/order-revision.ts';
import { getOrder } from '#orders/order-store.ts';
import { taskHandler } from '#powertools/handlers.ts';
import { logger } from '#powertools/logger.ts';
import { primaryItem } from '#shared/delivery-pack.ts';
import { revisionNotDone } from '#shared/revision.ts';
import type { GenerationState, RenderPlan } from './generation-state.ts';
import { readRenderRequest } from './render-request-store.ts';
import { StepFailure } from './step-errors.ts';
import { writeRevision } from './storyboard/write-revision.ts';

export const handler = taskHandler(reviseStoryboard);

async function reviseStoryboard(state: GenerationState): Promise<RenderPlan> {
  const order = await getOrder(state.orderId);
  if (order?.order_status !== 'completed' || order.revision_status !== 'rendering') {
    throw new StepFailure('RevisionNotRequested', `Order ${state.orderId} has no revision to make`);
  }
  const version1 = await readRenderRequest(order.id);
  if (!version1)
    throw new StepFailure('RevisionNotPossible', 'version 1 of this ad was made before revisions were kept');
  const written = await writeRevision({
    version1: version1.storyboard,
    ...(version1.site ? { site: version1.site } : {}),
    note: order.revision_note ?? '',
    requests: order.revision_requests ?? [],
    ...(order.revision_image_key ? { photoKey: order.revision_image_key } : {}),
  });
  const notDone = written.notDone.map(({ request, why }) => revisionNotDone(request, why));
  await recordRevisionWriting(order.id, written.writer, notDone);
  if (written.writer === 'template' && written.done.length === 0) {
    throw new StepFailure('RevisionNotPossible', notDone.join('; ') || 'the note asked for nothing the writer can do');
  }
  logger.info('Revision written', { orderId: order.id, writer: written.writer, done: written.done, notDone });
  return { request: { ...version1, storyboard: written.storyboard }, primary: primaryItem, pack: [] };
}
