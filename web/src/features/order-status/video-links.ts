// The finished ad's presigned links die at `expires_at` (15 minutes after signing). The page
// re-reads the order a minute before that, and keeps the links it shows while they still have
// time left, so a re-read (window focus, a late event) does not restart a playing video.
import type { OrderView } from '#shared/contract.ts';

export type AdLinks = Pick<OrderView, 'video_url' | 'poster_url' | 'download_url' | 'expires_at'>;

/** Re-read this long before the links expire. */
export const linkRefreshLeadMs = 60_000;
/** Never re-read more often than this, even for links that are (nearly) expired already. */
export const minLinkRefreshMs = 5_000;
/** Shown links with more time left than this stay on screen when a re-read brings new ones. */
export const keepLinksForMs = 2 * linkRefreshLeadMs;

/** When to re-read for fresh links, or false when the order has none that expire. */
export function linkRefreshDelayMs(expiresAt: string | undefined, now: number): number | false {
  const expiry = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  if (Number.isNaN(expiry)) return false;
  return Math.max(expiry - now - linkRefreshLeadMs, minLinkRefreshMs);
}

/** The links to show: the ones on screen while they stay valid for a while, else the fresh ones. */
export function linksToShow(shown: AdLinks | null, fresh: AdLinks, now: number): AdLinks {
  if (!shown?.video_url || !fresh.video_url) return fresh;
  const expiry = shown.expires_at ? Date.parse(shown.expires_at) : Number.NaN;
  if (Number.isNaN(expiry) || expiry - now <= keepLinksForMs) return fresh;
  return shown;
}
