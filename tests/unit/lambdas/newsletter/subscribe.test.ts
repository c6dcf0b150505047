// Which sign-up requests ask for a confirmation mail: the resend pause, the daily cap per address,
// and a resend that never extends the sign-up (lambdas/newsletter/subscribe.ts).
import { describe, expect, it } from 'vitest';
import { confirmationRequestFor } from '#newsletter/subscribe.ts';
import type { SubscriberRecord } from '#newsletter/subscriber-store.ts';
import { serviceLimits } from '#shared/config.ts';

const now = new Date('2026-11-28T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
const pause = serviceLimits.newsletterResendMinutes;
const cap = serviceLimits.newsletterConfirmationsPerDay;

function pending(requests: string[], fields: Partial<SubscriberRecord> = {}): SubscriberRecord {
  return {
    pk: 'subscriber#hash',
    email: 'reader@example.com',
    email_hash: 'hash',
    status: 'pending',
    subscription_id: 'sid',
    created_at: requests[0] ?? minutesAgo(60),
    updated_at: minutesAgo(1),
    confirmation_requested_at: requests.at(-1),
    confirmations_requested_at: requests,
    expires_at: Math.floor(now.getTime() / 1000) + 86_400,
    ...fields,
  };
}

describe('a sign-up request', () => {
  it('starts a sign-up for an unknown address, or one whose pending sign-up lapsed', () => {
    const lapsed = pending([minutesAgo(60)], { expires_at: Math.floor(now.getTime() / 1000) - 1 });

    expect(confirmationRequestFor(null, now)).toEqual({ renewing: null, requestedAt: [now.toISOString()] });
    expect(confirmationRequestFor(lapsed, now)).toEqual({ renewing: null, requestedAt: [now.toISOString()] });
  });

  it('asks nothing for a confirmed address', () => {
    expect(confirmationRequestFor({ ...pending([minutesAgo(60)]), status: 'confirmed' }, now)).toBeNull();
  });

  it('asks nothing within the resend pause, and again after it', () => {
    expect(confirmationRequestFor(pending([minutesAgo(pause - 1)]), now)).toBeNull();
    expect(confirmationRequestFor(pending([minutesAgo(pause + 1)]), now)?.requestedAt).toEqual([
      minutesAgo(pause + 1),
      now.toISOString(),
    ]);
  });

  it(`asks at most ${cap} times in any 24 hours, counting only the last day's requests`, () => {
    const full = Array.from({ length: cap }, (_, i) => minutesAgo(60 * (cap - i)));
    const oneOlderThanADay = [minutesAgo(24 * 60 + 1), ...full.slice(1)];

    expect(confirmationRequestFor(pending(full), now)).toBeNull();
    expect(confirmationRequestFor(pending(oneOlderThanADay), now)?.requestedAt).toEqual([
      ...full.slice(1),
      now.toISOString(),
    ]);
  });

  it('renews the same sign-up: its expiry is not part of the request', () => {
    const existing = pending([minutesAgo(60)]);

    expect(confirmationRequestFor(existing, now)?.renewing).toBe(existing);
  });

  it('counts the one mail of a sign-up made before requests were recorded', () => {
    const legacy = pending([], { confirmations_requested_at: undefined, confirmation_sent_at: minutesAgo(2) });

    expect(confirmationRequestFor(legacy, now)).toBeNull();
  });
});
