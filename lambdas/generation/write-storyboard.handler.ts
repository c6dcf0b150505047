// State WriteStoryboard: the ad's storyboard (scenes, on-screen text, voice-over lines, visuals, lengths)
// from the site's facts, for the ordered style and duration. Bedrock writes it where configured,
// the template writer otherwise or when the model fails; it opens with the hook the buyer's
// preview showed, when the facts are the preview's.
import { taskHandler } from '#powertools/handlers.ts';
import { logger } from '#powertools/logger.ts';
import type { GenerationState } from './generation-state.ts';
import { reportStage } from './order-progress.ts';
import { withPreviewedHook } from './preview/preview-reuse.ts';
import type { Storyboard } from './storyboard/storyboard.ts';
import { writeStoryboard } from './storyboard/write-storyboard.ts';
import { analyzeWebsite } from './website/analyze-website.ts';

export const handler = taskHandler(writeOrderStoryboard);

async function writeOrderStoryboard(state: GenerationState): Promise<Storyboard> {
  const order = await reportStage(state.orderId, 'scripting');
  const site = state.site ?? (await analyzeWebsite(order.website));
  const { storyboard: written, writer } = await writeStoryboard({
    site,
    order: {
      style: order.style,
      durationSeconds: order.duration_seconds,
      uploadKey: order.image_key ?? null,
    },
  });
  const storyboard = await withPreviewedHook(written, site, {
    website: order.website,
    style: order.style,
    durationSeconds: order.duration_seconds,
  });
  logger.info('Storyboard written', { orderId: order.id, writer, scenes: storyboard.scenes.length });
  return storyboard;
}
