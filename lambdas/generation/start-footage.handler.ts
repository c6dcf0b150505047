// State StartFootage: when the stage has a video model, starts a clip for every scene of the
// storyboard that asks for footage (within the spend limit); the Wait/CheckFootage loop follows.
// Without a model, or with nothing to make, it reports `skipped` and the ad is engine-only.
import { footageIo } from '#generation/footage/footage-io.ts';
import { FootageFailed, type FootageResult, skippedFootage, startFootage } from '#generation/footage/footage-jobs.ts';
import { planFootage } from '#generation/footage/footage-plan.ts';
import { clipProviderFor, footageSettings } from '#generation/footage/footage-settings.ts';
import { taskHandler } from '#powertools/handlers.ts';
import { logger } from '#powertools/logger.ts';
import { carriedStoryboard, type GenerationState } from './generation-state.ts';
import { reportStage } from './order-progress.ts';
import { StepFailure } from './step-errors.ts';
import { storyboardOfState } from './storyboard/storyboard-of-state.ts';

export const handler = taskHandler(startFootageStep);

async function startFootageStep(state: GenerationState): Promise<FootageResult> {
  const settings = footageSettings();
  if (!settings) return skippedFootage('the stage makes engine-only ads');
  const order = await reportStage(state.orderId, 'rendering');
  if (!carriedStoryboard(state)) throw new StepFailure('RenderFailed', 'StartFootage ran without a storyboard');
  const storyboard = await storyboardOfState(carriedStoryboard(state), state.site, order);
  const plan = planFootage(storyboard, settings);
  if (plan.clips.length === 0) {
    return skippedFootage(
      plan.skipped.map((skip) => `scene ${skip.sceneIndex}: ${skip.reason}`).join('; ') || 'no scene asks for footage',
    );
  }
  const provider = await clipProviderFor(settings);
  try {
    const started = await startFootage(plan, footageIo(order.id, storyboard, { provider, settings }));
    logger.info('Footage started', { orderId: order.id, provider: settings.provider, clips: started.scenes.length });
    return started;
  } catch (error) {
    if (error instanceof FootageFailed) throw new StepFailure('RenderFailed', `Footage failed: ${error.message}`);
    throw error;
  }
}
