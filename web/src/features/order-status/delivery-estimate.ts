// The order page's live estimate (docs/spec-deviations.md), from the stage's delivery time. Here, not in
// shared/delivery-time.ts, so it ships in the order page's chunk rather than the home page's.
import { siteDeliverySeconds } from '#web/lib/site-delivery.ts';

/**
 * The order page's live estimate from the stage progress (0–100): the typical time scaled by
 * what is left, in words a buyer reads at a glance. Null once the ad is done.
 */
export function remainingTimeWords(progress: number, typicalSeconds = siteDeliverySeconds): string | null {
  if (progress >= 100) return null;
  const left = (typicalSeconds * (100 - Math.max(0, progress))) / 100;
  if (left < 15) return 'Almost done';
  if (left < 60) return `About ${Math.ceil(left / 10) * 10} seconds left`;
  const minutes = Math.round(left / 60);
  return minutes === 1 ? 'About a minute left' : `About ${minutes} minutes left`;
}
