// The delivery time this site promises: the site is built for one stage (web/build.ts takes the
// stage's FOOTAGE_MODEL and hands it to Vite), so its pages, its meta description and the order
// page's live estimate say that stage's time.
import { deliverySeconds } from '#shared/delivery-time.ts';

export const siteDeliverySeconds = deliverySeconds(import.meta.env.VITE_FOOTAGE_MODEL || null);
