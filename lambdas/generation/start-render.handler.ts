// State StartRender: hands the script and footage to the render provider and returns its job;
// the Wait/CheckRender loop follows it.
import type { GenerationState, RenderJob } from './generation-state.ts';
import { reportStage } from './order-progress.ts';
import { ffmpegRenderProvider } from './render-jobs/render-provider.ts';
import { StepFailure, step } from './step-errors.ts';

export async function handler(state: GenerationState): Promise<RenderJob> {
  return step(async () => {
    const order = await reportStage(state.orderId, 'rendering');
    if (!state.script) throw new StepFailure('RenderFailed', 'StartRender ran without a script');
    return ffmpegRenderProvider.start({
      orderId: order.id,
      script: state.script,
      ...(order.image_key ? { imageKey: order.image_key } : {}),
      ...(state.site?.imageUrl ? { siteImageUrl: state.site.imageUrl } : {}),
    });
  });
}
