// State StartRender: hands the storyboard to the render provider and returns its job; the
// Wait/CheckRender loop follows it.
import { taskHandler } from '#powertools/handlers.ts';
import type { GenerationState, RenderJob } from './generation-state.ts';
import { footageWasMade, renderingStart, reportStage } from './order-progress.ts';
import { ffmpegRenderProvider } from './render-jobs/render-provider.ts';
import { StepFailure } from './step-errors.ts';
import { storyboardOfState } from './storyboard/storyboard-of-state.ts';

export const handler = taskHandler(startRender);

async function startRender(state: GenerationState): Promise<RenderJob> {
  const order = await reportStage(state.orderId, 'rendering', renderingStart(footageWasMade(state.footage)));
  if (!state.script) throw new StepFailure('RenderFailed', 'StartRender ran without a storyboard');
  const storyboard = await storyboardOfState(state.script, state.site, order);
  const footage = (state.footage?.scenes ?? []).flatMap((scene) =>
    scene.status === 'ready' && scene.clipKey ? [{ sceneIndex: scene.sceneIndex, key: scene.clipKey }] : [],
  );
  return ffmpegRenderProvider.start({ orderId: order.id, storyboard, ...(footage.length ? { footage } : {}) });
}
