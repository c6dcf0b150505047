// State AnalyzeWebsite: what the buyer's site says about the business: what their preview read,
// when it is still fresh, else read now. A site that cannot be read never fails the order
// (analyzeWebsite falls back to the domain).
import { taskHandler } from '#powertools/handlers.ts';
import { logger } from '#powertools/logger.ts';
import type { GenerationState } from './generation-state.ts';
import { reportStage } from './order-progress.ts';
import { previewedSite } from './preview/preview-reuse.ts';
import { step } from './step-errors.ts';
import { analyzeWebsite, type WebsiteAnalysis } from './website/analyze-website.ts';

export const handler = taskHandler(analyzeOrderWebsite);

async function analyzeOrderWebsite(state: GenerationState): Promise<WebsiteAnalysis> {
  return step(async () => {
    const order = await reportStage(state.orderId, 'analyzing');
    const site = (await previewedSite(order.website)) ?? (await analyzeWebsite(order.website));
    logger.info('Website analysed', {
      orderId: order.id,
      source: site.source,
      failure: site.failure,
      previewed: Boolean(site.previewedAt),
    });
    return site;
  });
}
