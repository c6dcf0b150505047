// How long an ad takes, in words, from the one measured value (config.delivery.typicalSeconds):
// every statement of time that the spec does not fix verbatim reads it from here (issue 17).
import { config } from './config.ts';

/** "about a minute", "about 3 minutes": the typical time from payment to the delivered ad. */
export function typicalDeliveryWords(typicalSeconds = config.delivery.typicalSeconds): string {
  const minutes = Math.max(1, Math.round(typicalSeconds / 60));
  return minutes === 1 ? 'about a minute' : `about ${minutes} minutes`;
}
