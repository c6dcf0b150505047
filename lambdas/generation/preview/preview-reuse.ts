// The order's generation reuses what the buyer's preview read (docs/features.md "The preview before paying"): AnalyzeWebsite takes
// the cached facts instead of reading the site again, and WriteStoryboard opens the storyboard with
// the hook the buyer was shown, whichever writer wrote the rest. Only facts read from the site
// are reused; a site the preview could not read is tried again with generation's longer deadline.

import { reopened } from '#generation/storyboard/openings.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { storyboardSchema } from '#generation/storyboard/storyboard-schema.ts';
import type { WebsiteAnalysis } from '#generation/website/analyze-website.ts';
import { logger } from '#powertools/logger.ts';
import type { AdDuration, Style } from '#shared/contract.ts';
import { type CachedHook, readCachedHook, readCachedSite } from './preview-cache.ts';

/** The facts the preview read for this website, marked with when; null when there are none fresh. */
export async function previewedSite(website: string, now = new Date()): Promise<WebsiteAnalysis | null> {
  try {
    const cached = await readCachedSite(website, now);
    if (cached?.analysis.source !== 'site') return null;
    return { ...cached.analysis, previewedAt: cached.readAt };
  } catch (error) {
    // The cache is a shortcut: without it the site is read again, as before previews existed.
    logger.warn('Preview cache unreadable; reading the site', { reason: (error as Error).message });
    return null;
  }
}

/** The storyboard opening with the previewed hook when the facts are the preview's; else as written. */
export async function withPreviewedHook(
  storyboard: Storyboard,
  site: WebsiteAnalysis,
  order: { website: string; style: Style; durationSeconds: AdDuration },
): Promise<Storyboard> {
  if (!site.previewedAt) return storyboard;
  const hook = await readCachedHook(order.website, order.style, order.durationSeconds, site.previewedAt).catch(
    (error: Error) => {
      logger.warn('Previewed hook unreadable; keeping the written one', { reason: error.message });
      return null;
    },
  );
  if (!hook) return storyboard;
  const opened = withOpening(storyboard, hook);
  // Only a storyboard rule changed since the preview could refuse it; the written opening stands.
  if (!opened) logger.warn('Previewed hook does not fit the storyboard');
  return opened ?? storyboard;
}

/** The storyboard with its first scene saying `hook`'s words; null when the result breaks a storyboard rule. */
export function withOpening(storyboard: Storyboard, hook: Omit<CachedHook, 'readAt'>): Storyboard | null {
  const [opening, ...rest] = storyboard.scenes;
  if (!opening) return null;
  const { emphasis: _written, ...openingWithoutEmphasis } = opening;
  const scene = {
    ...openingWithoutEmphasis,
    text: hook.text,
    voiceLine: hook.voiceLine,
    ...(hook.emphasis ? { emphasis: hook.emphasis } : {}),
  };
  const withHook = storyboardSchema.safeParse({
    ...storyboard,
    scenes: [scene, ...rest],
    // The seen hook is opening A now (storyboard/openings.ts).
    ...(storyboard.openings ? { openings: reopened(storyboard.openings, scene) } : {}),
  });
  return withHook.success ? withHook.data : null;
}
