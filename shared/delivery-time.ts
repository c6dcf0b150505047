// How long an ad takes, in words, from the one measured value (config.delivery.typicalSeconds):
// every statement of time that the spec does not fix verbatim reads it from here (issue 17).
import { config } from './config.ts';

/** "about a minute", "about 3 minutes": the typical time from payment to the delivered ad. */
export function typicalDeliveryWords(typicalSeconds = config.delivery.typicalSeconds): string {
  const minutes = Math.max(1, Math.round(typicalSeconds / 60));
  return minutes === 1 ? 'about a minute' : `about ${minutes} minutes`;
}

/**
 * The order page's live estimate from the stage progress (0–100): the typical time scaled by
 * what is left, in words a buyer reads at a glance. Null once the ad is done.
 */
export function remainingTimeWords(progress: number, typicalSeconds = config.delivery.typicalSeconds): string | null {
  if (progress >= 100) return null;
  const left = (typicalSeconds * (100 - Math.max(0, progress))) / 100;
  if (left < 15) return 'Almost done';
  if (left < 60) return `About ${Math.ceil(left / 10) * 10} seconds left`;
  const minutes = Math.round(left / 60);
  return minutes === 1 ? 'About a minute left' : `About ${minutes} minutes left`;
}
