// When the form asks for a preview, and with what: as soon as the website looks like one (the
// API checks it for real), again whenever the style, the length or the photo changes.
import type { PreviewRequest } from '#shared/preview-contract.ts';
import type { OrderFormValues } from '#web/features/order-form/order-request.ts';

/** The fields a preview depends on; null while the website cannot be a web address yet. */
export function previewRequestOf(values: OrderFormValues): PreviewRequest | null {
  const website = values.website.trim();
  if (!looksLikeWebsite(website)) return null;
  return {
    website,
    style: values.style,
    durationSeconds: values.durationSeconds,
    imageStoragePath: values.image?.storagePath ?? null,
  };
}

/** A dot in a host and no spaces: "acme.com", "https://shop.acme.com/beans"; not "acme" or "not a website". */
export function looksLikeWebsite(website: string): boolean {
  if (!website || /\s/.test(website)) return false;
  const host = website.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/)[0] ?? '';
  return /^[^.]+\.[^.]{2,}/.test(host.replace(/:\d+$/, ''));
}
