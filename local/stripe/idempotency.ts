// Idempotency-Key: the first response to a POST with a key is stored, and a retry with the same
// key and the same parameters gets that response again instead of a second side effect.
import { StripeApiError } from './errors.ts';
import type { StoredResponse, StripeState } from './state.ts';

const maximumKeyLength = 255;

export function requestFingerprint(method: string, path: string, params: unknown): string {
  return JSON.stringify([method, path, params]);
}

/** The stored response for `key`, or null for a new key; a reused key with other parameters is an error. */
export function storedResponse(state: StripeState, key: string, fingerprint: string): StoredResponse | null {
  if (key.length > maximumKeyLength) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      message: `Invalid Idempotency-Key: must be at most ${maximumKeyLength} characters.`,
    });
  }
  const stored = state.idempotency[key];
  if (!stored) return null;
  if (stored.fingerprint !== fingerprint) {
    throw new StripeApiError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    });
  }
  return stored;
}

export function storeResponse(state: StripeState, key: string, response: StoredResponse): void {
  state.idempotency[key] = response;
}
