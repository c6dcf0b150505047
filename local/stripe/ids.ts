// Object ids in Stripe's format: a type prefix and random base62, so ids look (and sort, and
// get logged) like the ones the app will see from api.stripe.com.
import { randomBytes } from 'node:crypto';

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// 248 = 4 × 62: bytes at or above it are skipped so every character is equally likely.
const unbiasedLimit = 248;

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte < unbiasedLimit && out.length < length) out += base62[byte % 62];
    }
  }
  return out;
}

/** Checkout Session ids are long (`cs_test_` + 58); the rest are `<prefix>_` + 24. */
export function newId(prefix: 'cs_test' | 'pi' | 'ch' | 'pm' | 're' | 'evt' | 'promo'): string {
  return `${prefix}_${randomBase62(prefix === 'cs_test' ? 58 : 24)}`;
}

export function newRequestId(): string {
  return `req_${randomBase62(14)}`;
}
