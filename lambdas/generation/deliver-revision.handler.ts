// State DeliverRevision: version 2 rendered; its MP4 and poster are checked like version 1's,
// recorded as the revision's (the order stays completed, version 1 stays its own) and announced.
import { sendOrderEmail } from '#notifications/order-emails.ts';
import { markOrderRevisionReady } from '#orders/order-revision.ts';
import { taskHandler } from '#powertools/handlers.ts';
import { logger } from '#powertools/logger.ts';
import { checkRenderedFiles } from './deliver.ts';
import type { GenerationState } from './generation-state.ts';
import { StepFailure } from './step-errors.ts';

export const handler = taskHandler(async (state: GenerationState) => {
  const { videoKey, posterKey } = state.rendered ?? {};
  if (!videoKey || !posterKey) {
    throw new StepFailure(
      'DeliveryFailed',
      `Order ${state.orderId}: the revision's render reported no video or poster`,
    );
  }
  const videoBytes = await checkRenderedFiles(state.orderId, { videoKey, posterKey });
  const order = await markOrderRevisionReady(state.orderId, { videoKey, posterKey });
  if (!order) throw new StepFailure('RevisionNotRequested', `Order ${state.orderId}'s revision is no longer rendering`);
  const mailed = await sendOrderEmail('revision_ready', order);
  logger.info('Revision delivered', { orderId: state.orderId, videoBytes, mailed });
});
