// The delivery time this site promises: the site is built for one stage (web/build.ts works out the
// stage's time from its FOOTAGE_MODEL with shared/delivery-time.ts and hands the seconds to Vite),
// so its pages, its meta description and the order page's live estimate say that stage's time
// without the footage price table in the page's bundle.
import { config } from '#shared/config.ts';

/** A build for no footage model, and a page run without web/build.ts (tests), promise the engine's time. */
export const siteDeliverySeconds = Number(import.meta.env.VITE_DELIVERY_SECONDS) || config.delivery.typicalSeconds;
