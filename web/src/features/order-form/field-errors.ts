// Errors where the eye is (docs/features.md "The buyer's path"): each problem is also written at its field, which gets
// aria-invalid and is described by the text. The spec's toasts stay (feedback.ts); what a field
// says is what is wrong with that field, in the API's own words where the API said it.
import { messages } from '#shared/contract.ts';
import type { OrderFormValues } from './order-request.ts';

/** The fields that can be wrong, in form order (the first wrong one gets focus). */
export const checkedFields = ['website', 'email', 'image', 'couponCode'] as const;
export type CheckedField = (typeof checkedFields)[number];
export type FieldErrors = Partial<Record<CheckedField, string>>;

export const fieldMessages = {
  websiteMissing: 'Enter your website address, e.g. https://yourshop.com.',
  emailMissing: 'Enter the email address your ad should be sent to.',
} as const;

/**
 * A web address the API may take: no spaces, http(s) (a bare domain gets https://), and a host
 * with a dot. The API decides for good (public hosts only); this catches typing mistakes such as
 * "not a website" before anything is sent. Not shared/public-url.ts: it brings ipaddr.js, which
 * the home page's JS budget has no room for.
 */
export function looksLikeWebsite(typed: string): boolean {
  const value = typed.trim();
  if (!value || /\s/.test(value)) return false;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return /^https?:$/.test(url.protocol) && /^[^.]+(\.[^.]+)+\.?$/.test(url.hostname);
  } catch {
    return false;
  }
}

/** One @, something before it and a dotted domain after it; the API checks the rest. */
const looksLikeEmail = (typed: string) => /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(typed.trim());

/**
 * What is wrong with the values before anything is sent. `photoRequired`: the preview could not
 * read the site, so the photo is all the ad would have to show (docs/spec-deviations.md).
 */
export function fieldErrorsOf(
  values: Pick<OrderFormValues, 'website' | 'email'> & Partial<Pick<OrderFormValues, 'image'>>,
  { photoRequired = false } = {},
): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.website.trim()) errors.website = fieldMessages.websiteMissing;
  else if (!looksLikeWebsite(values.website)) errors.website = messages.invalidWebsite;
  if (!values.email.trim()) errors.email = fieldMessages.emailMissing;
  else if (!looksLikeEmail(values.email)) errors.email = messages.invalidEmail;
  if (photoRequired && !values.image) errors.image = messages.photoRequired;
  return errors;
}

export function firstInvalidField(errors: FieldErrors): CheckedField | null {
  return checkedFields.find((field) => errors[field]) ?? null;
}

/**
 * The field a VALIDATION refusal is about, with the API's words; null for refusals about no one
 * field. (A refused coupon is feedback.ts's own case: its words are the spec's.)
 */
export function fieldErrorOfRefusal(
  error: string | null,
  errorCode: string | null,
): { field: CheckedField; message: string } | null {
  if (errorCode !== 'VALIDATION' || !error) return null;
  if (
    error === messages.invalidWebsite ||
    error === messages.websiteIsAnAddress ||
    error === messages.websiteOnAnotherPort
  )
    return { field: 'website', message: error };
  if (error === messages.invalidEmail) return { field: 'email', message: error };
  if (error === messages.photoRequired) return { field: 'image', message: error };
  return null;
}
