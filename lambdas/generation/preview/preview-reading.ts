// Reading a site under the preview's deadlines (config.preview: the page fetch, then the reading
// budget): the preview and the order's own check (lambdas/orders/photo-requirement.ts) read a site
// the same way, so an order is never refused for a site its preview read.
import { analyzeWebsite, type WebsiteAnalysis } from '#generation/website/analyze-website.ts';
import { fetchPublicPage, type PageFetchResult } from '#generation/website/fetch-public-page.ts';
import { generationConfig } from '#shared/config.ts';

export function readSiteWithinPreviewBudget(
  website: string,
  fetchPage?: (url: string) => Promise<PageFetchResult>,
): Promise<WebsiteAnalysis> {
  return analyzeWebsite(website, {
    fetchPage:
      fetchPage ?? ((url: string) => fetchPublicPage(url, { timeoutMs: generationConfig.preview.siteFetchTimeoutMs })),
    readingBudgetMs: generationConfig.preview.siteReadingBudgetMs,
  });
}
