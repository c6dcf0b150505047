// State AnalyzeWebsite: what the buyer's site says about the business: what their preview read,
// when it is still fresh, else read now. A site that cannot be read fails the order only when it
// has no photo either (UnreadableSite: its ad would be the name alone, docs/spec-deviations.md);
// with a photo the ad is made from the photo and the domain. A site whose content the content
// check refuses (shared/prohibited-content.ts) fails it too. Both fail before anything is written
// or rendered: the Catch takes them to MarkFailed → Refund (whose email says why) → NotifyOps.
import { taskHandler } from '#powertools/handlers.ts';
import { logger } from '#powertools/logger.ts';
import { contentRefusedError } from '#shared/prohibited-content.ts';
import type { GenerationState } from './generation-state.ts';
import { reportStage } from './order-progress.ts';
import { previewedSite } from './preview/preview-reuse.ts';
import { RetryableStepError, StepFailure, unreadableSiteError } from './step-errors.ts';
import { analyzeWebsite, type WebsiteAnalysis } from './website/analyze-website.ts';
import { checkSiteContent } from './website/content-check.ts';

export const handler = taskHandler(analyzeOrderWebsite);

/** Within the step's 30 s beside the site's read (8 s at most); a call that takes longer is retried. */
const contentCheckTimeoutMs = 10_000;

async function analyzeOrderWebsite(state: GenerationState): Promise<WebsiteAnalysis> {
  const order = await reportStage(state.orderId, 'analyzing');
  const site = (await previewedSite(order.website)) ?? (await analyzeWebsite(order.website));
  logger.info('Website analysed', {
    orderId: order.id,
    source: site.source,
    failure: site.failure,
    previewed: Boolean(site.previewedAt),
  });
  if (site.source !== 'site' && !order.image_key) {
    throw new StepFailure(unreadableSiteError, site.failure ?? 'the site could not be read');
  }
  // Asked again even when the preview asked: the preview's answer may be missing (it timed out)
  // or older than a change of the stage's guardrail, and this is the last point before anything is rendered.
  const verdict = await checkSiteContent(site, { timeoutMs: contentCheckTimeoutMs }).catch((error: Error) => {
    if (error.name === 'TimeoutError')
      throw new RetryableStepError(`content check: ${error.message}`, { cause: error });
    throw error;
  });
  if (verdict.refused) {
    logger.warn('Website content refused', { orderId: order.id, category: verdict.category });
    throw new StepFailure(contentRefusedError, verdict.category);
  }
  return site;
}
