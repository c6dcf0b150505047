// State CheckRender: reads the render job's status, moves the progress bar through 40–90 (65–90
// after AI footage), and fails the step (to the failure path) when the render failed or stalled.
import { taskHandler } from '#powertools/handlers.ts';
import type { GenerationState, RenderJob } from './generation-state.ts';
import { footageWasMade, renderingProgress, reportStage } from './order-progress.ts';
import { ffmpegRenderProvider } from './render-jobs/render-provider.ts';
import { StepFailure } from './step-errors.ts';

export const handler = taskHandler(checkRender);

async function checkRender(state: GenerationState): Promise<RenderJob> {
  if (!state.render) throw new StepFailure('RenderFailed', 'CheckRender ran without a render job');
  const job = await ffmpegRenderProvider.check(state.render);
  if (job.fraction > state.render.fraction) {
    await reportStage(state.orderId, 'rendering', renderingProgress(job.fraction, footageWasMade(state.footage)));
  }
  return job;
}
