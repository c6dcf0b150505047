// The preview before paying (docs/features.md "The preview before paying"): what the ad will be made from. The
// site is read as generation reads it, under the same SSRF guard but with the preview's shorter
// deadline; its images are cleaned into our bucket; the template writer (fast, no model) writes
// the storyboard whose opening the buyer is shown. Facts and opening are cached, and the order's
// generation reuses them (preview-reuse.ts), so the ad opens with the hook the buyer saw.

import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { writeTemplateStoryboard } from '#generation/storyboard/template-writer.ts';
import type { WebsiteAnalysis } from '#generation/website/analyze-website.ts';
import { type ContentVerdict, checkSiteContent } from '#generation/website/content-check.ts';
import type { PageFetchResult } from '#generation/website/fetch-public-page.ts';
import { readingOverBudget } from '#generation/website/guarded-reading.ts';
import { displayDomain } from '#generation/website/site-domain.ts';
import { logger } from '#powertools/logger.ts';
import { choiceOfDuration } from '#shared/contract.ts';
import type { PreviewResponse } from '#shared/preview-contract.ts';
import type { PreviewInput } from '#shared/preview-request.ts';
import { prohibitedCategory } from '#shared/prohibited-content.ts';
import { presignImageRead, verifyUploadedImage } from '#uploads/image-upload.ts';
import type { FrameImage } from './opening-frame.ts';
import {
  type CachedSite,
  previewKeys,
  readCachedSite,
  readObject,
  storeCachedHook,
  storeCachedSite,
} from './preview-cache.ts';
import { cleanPreviewImage, storePreviewImages, storeWebp } from './preview-images.ts';
import { readSiteWithinPreviewBudget } from './preview-reading.ts';

const maxClaims = 4;

export interface PreviewDeps {
  fetchPage?: (url: string) => Promise<PageFetchResult>;
  now?: () => Date;
}

export async function previewSite(input: PreviewInput, deps: PreviewDeps = {}): Promise<PreviewResponse> {
  const now = deps.now ?? (() => new Date());
  // The photo is checked first: a bad key is the buyer's to fix, before any site is fetched.
  const photo = input.imageStoragePath;
  if (photo) await verifyUploadedImage(photo);
  const site = (await readCachedSite(input.website, now())) ?? (await readSite(input.website, now(), deps));
  const verdict = site.verdict ?? (await checkContent(site.analysis));
  const refusedFor = verdict?.refused ? prohibitedCategory(verdict.category)?.label : undefined;
  const storyboard = writeTemplateStoryboard({
    site: site.analysis,
    order: { style: input.style, durationSeconds: input.durationSeconds, uploadKey: photo },
  });
  const hook = storyboard.scenes[0]!;
  if (site.analysis.source === 'site') {
    await storeCachedHook(input.website, input.style, input.durationSeconds, {
      readAt: site.readAt,
      text: hook.text,
      voiceLine: hook.voiceLine,
      ...(hook.emphasis ? { emphasis: hook.emphasis } : {}),
    });
  }
  const readable = site.analysis.source === 'site';
  // A refused site gets no ad, so no still of one is drawn; nor does an unread site without a
  // photo, whose order is refused until it has one (lambdas/orders/photo-requirement.ts).
  const opening = refusedFor || (!readable && !photo) ? null : await openingStill(storyboard, site, input);
  return {
    host: displayDomain(new URL(input.website)),
    readable,
    ...(readable ? {} : { reason: buyerReason(site.analysis.failure) }),
    ...(refusedFor ? { refusedFor } : {}),
    businessName: storyboard.brand.name,
    headline: site.analysis.headline,
    claims: readable ? claimsOf(site.analysis) : [],
    images: [
      ...(photo ? [{ url: await presignImageRead(photo), source: 'upload' as const }] : []),
      ...(await Promise.all(
        site.images.map(async (image) => ({
          url: await presignImageRead(image.key),
          source: image.source,
          ...(image.description ? { description: image.description } : {}),
        })),
      )),
    ],
    colors: storyboard.palette,
    hook: { text: hook.text, voiceLine: hook.voiceLine },
    ...(opening ? { openingFrame: opening } : {}),
    style: input.style,
    durationSeconds: choiceOfDuration[input.durationSeconds],
  };
}

/**
 * A still of the ad's opening frame, drawn by the renderer's own layout and layers; a preview
 * without one when it cannot be drawn (the rest of the preview does not depend on it).
 */
async function openingStill(storyboard: Storyboard, site: CachedSite, input: PreviewInput): Promise<string | null> {
  try {
    // Loaded on first use: satori, yoga and the renderer's layout would double the function's cold start.
    const { drawOpeningFrame, frameImage } = await import('./opening-frame.ts');
    const images = new Map<string, FrameImage>();
    await Promise.all(
      storyboard.assets.map(async (asset) => {
        const bytes =
          asset.source === 'upload' && asset.key
            ? await readObject(asset.key).then((upload) => upload && cleanPreviewImage(upload))
            : await cachedImageBytes(site, asset.url);
        const image = bytes ? await frameImage(bytes) : null;
        if (image) images.set(asset.id, image);
      }),
    );
    // After every untrusted image is cleaned: drawing unblocks sharp's SVG loader for our own SVG.
    const still = await drawOpeningFrame(storyboard, images);
    if (!still) return null;
    const key = previewKeys(input.website).openingFrame(input.style, input.durationSeconds, input.imageStoragePath);
    await storeWebp(key, still);
    return await presignImageRead(key);
  } catch (error) {
    logger.warn('Opening still not drawn', { reason: (error as Error).message });
    return null;
  }
}

async function cachedImageBytes(site: CachedSite, url: string | undefined): Promise<Buffer | null> {
  const cached = site.images.find((image) => image.url === url);
  return cached ? readObject(cached.key) : null;
}

/**
 * Reads the site now. A site that could not be read is not cached: the next preview (a photo
 * added, a style changed) tries again, and the generation tries with its own, longer deadline.
 */
async function readSite(website: string, now: Date, deps: PreviewDeps): Promise<CachedSite> {
  const analysis = await readSiteWithinPreviewBudget(website, deps.fetchPage);
  const site: CachedSite = { website, readAt: now.toISOString(), analysis, images: [] };
  if (analysis.source !== 'site') return site;
  const [verdict, images] = await Promise.all([
    checkContent(analysis),
    storePreviewImages(analysis.images ?? [], previewKeys(website).image),
  ]);
  site.images = images;
  if (verdict) site.verdict = verdict;
  await storeCachedSite(site);
  return site;
}

/**
 * The content check before paying (shared/prohibited-content.ts), or null when it could not
 * answer: the buyer is then told nothing, and the paid order is checked again before its render.
 */
async function checkContent(analysis: WebsiteAnalysis): Promise<ContentVerdict | null> {
  try {
    return await checkSiteContent(analysis);
  } catch (error) {
    logger.warn('Content not checked', { reason: (error as Error).message, name: (error as Error).name });
    return null;
  }
}

/** What the site claims, in its own words: numbers and proof, offers, prices, then benefits. */
function claimsOf(site: WebsiteAnalysis): string[] {
  const all = [...(site.claims ?? []), ...(site.offers ?? []), ...(site.prices ?? []), ...site.benefits];
  const seen = new Set<string>();
  return all
    .filter((claim) => {
      const key = claim.toLowerCase();
      if (seen.has(key) || key === site.headline.toLowerCase()) return false;
      seen.add(key);
      return true;
    })
    .slice(0, maxClaims);
}

/**
 * fetch-public-page.ts's reasons, as a buyer would say them. Every failure to connect or to read
 * (refused, timed out, an HTTP error, not HTML, too large, too many redirects, a redirect to
 * another port) is one answer: told apart, they would say which ports of any host are open,
 * filtered or serving something. A name that does not resolve keeps its own (it helps with typos
 * and says nothing of ports), as do the SSRF guard's refusal and a page without text, both
 * decided without regard to how the host answers.
 */
export function buyerReason(failure: string | undefined): string {
  const reason = failure ?? '';
  if (/not a public host|non-public address|not a public http/.test(reason)) return 'its address is not public';
  if (/does not resolve/.test(reason)) return 'its address was not found';
  if (/no readable text/.test(reason)) return 'its page has no text we could read';
  if (reason === readingOverBudget) return 'its page took too long to read';
  return unreadableSiteReason;
}

/** The one answer for a site that could not be reached or read. */
export const unreadableSiteReason = 'it did not answer with a page we could read';
