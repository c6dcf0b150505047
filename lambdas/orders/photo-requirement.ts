// An order's photo is optional only while its site can be read: a site we cannot read leaves the
// ad nothing to show but the business's name, so such an order is refused before the buyer pays
// (docs/spec-deviations.md). The form says so from its preview; this is the API's own check.
import { ApiFailure } from '#common/api-failure.ts';
import { readCachedSite } from '#generation/preview/preview-cache.ts';
import { readSiteWithinPreviewBudget } from '#generation/preview/preview-reading.ts';
import { logger } from '#powertools/logger.ts';
import { messages } from '#shared/contract.ts';

/**
 * VALIDATION with the form's message when `website` cannot be read. A fresh preview of it (the
 * form asks for one as the website is typed) answers without a second fetch; only a site the
 * preview could not read, or never read, is read now, under the preview's deadlines. Only
 * readable reads are cached, so an unreadable site is always read again: it may be back up.
 */
export async function requirePhotoUnlessSiteReadable(website: string): Promise<void> {
  if (await readByPreview(website)) return;
  const site = await readSiteWithinPreviewBudget(website);
  if (site.source === 'site') return;
  logger.info('Order without a photo refused: its site cannot be read', { failure: site.failure });
  throw new ApiFailure('VALIDATION', messages.photoRequired);
}

async function readByPreview(website: string): Promise<boolean> {
  try {
    return (await readCachedSite(website))?.analysis.source === 'site';
  } catch (error) {
    // The cache is a shortcut: without it the site is read now.
    logger.warn('Preview cache unreadable; reading the site', { reason: (error as Error).message });
    return false;
  }
}
