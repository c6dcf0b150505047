// State CheckFootage: polls every pending clip, stores the finished ones beside the ad and drops
// what failed, was refused or ran out of time (the engine draws those scenes), unless the stage's
// policy is `fail`, and moves the progress bar through the clips' share. The Choice after it loops
// until no clip is pending.
import { footageIo } from '#generation/footage/footage-io.ts';
import { checkFootage, FootageFailed, type FootageResult } from '#generation/footage/footage-jobs.ts';
import { clipProviderFor, footageSettings } from '#generation/footage/footage-settings.ts';
import { getOrder } from '#orders/order-store.ts';
import { taskHandler } from '#powertools/handlers.ts';
import { logger } from '#powertools/logger.ts';
import { carriedStoryboard, type GenerationState } from './generation-state.ts';
import { footageProgress, reportStage } from './order-progress.ts';
import { StepFailure } from './step-errors.ts';
import { storyboardOfState } from './storyboard/storyboard-of-state.ts';

export const handler = taskHandler(checkFootageStep);

async function checkFootageStep(state: GenerationState): Promise<FootageResult> {
  const previous = state.footage;
  if (previous?.status !== 'running') {
    throw new StepFailure('RenderFailed', 'CheckFootage ran without running footage');
  }
  const settings = footageSettings();
  if (!settings) throw new StepFailure('RenderFailed', 'CheckFootage ran on a stage without footage');
  const order = await getOrder(state.orderId);
  if (order?.order_status !== 'processing') {
    throw new StepFailure('OrderNotProcessing', `Order ${state.orderId} is not processing`);
  }
  const storyboard = await storyboardOfState(carriedStoryboard(state), state.site, order);
  const provider = await clipProviderFor(settings);
  try {
    const result = await checkFootage(previous, footageIo(order.id, storyboard, { provider, settings }));
    const progress = footageProgress(result, settings.price.typicalSeconds);
    if (progress > order.progress) await reportStage(order.id, 'rendering', progress);
    if (result.status === 'done') {
      logger.info('Footage done', {
        orderId: order.id,
        ready: result.scenes.filter((scene) => scene.status === 'ready').length,
        dropped: result.scenes.filter((scene) => scene.status === 'dropped').map((scene) => scene.reason),
        costUsd: result.costUsd,
      });
    }
    return result;
  } catch (error) {
    if (error instanceof FootageFailed) throw new StepFailure('RenderFailed', `Footage failed: ${error.message}`);
    throw error;
  }
}
