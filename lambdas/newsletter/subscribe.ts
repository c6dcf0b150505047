// POST /api/newsletter: double opt-in. Whatever the address's state, the caller gets the same
// answer after the same work (one read, one write), and no mail is sent here: the request is
// recorded on the address's item, and the subscribers table's stream hands it to the confirmation
// sender (send-confirmation.ts). A confirmation is requested for a new (or lapsed) address, or for
// a pending one at most once per resend pause and `newsletterConfirmationsPerDay` times a day.
import { emailHash } from '#common/hashing.ts';
import { logger } from '#powertools/logger.ts';
import { serviceLimits } from '#shared/config.ts';
import { apiMessages } from '#shared/contract.ts';
import {
  getSubscriber,
  isLivePending,
  recordConfirmationRequest,
  recordIgnoredRequest,
  type SubscriberRecord,
} from './subscriber-store.ts';

const dayMs = 86_400_000;

/**
 * What a sign-up request may do to the address's item: start a new sign-up, ask the live pending
 * one for another confirmation mail (the requests of the last 24 hours, this one last), or nothing.
 */
export function confirmationRequestFor(
  existing: SubscriberRecord | null,
  now: Date,
): { renewing: SubscriberRecord | null; requestedAt: string[] } | null {
  const timestamp = now.toISOString();
  if (!existing || (existing.status === 'pending' && !isLivePending(existing, now))) {
    return { renewing: null, requestedAt: [timestamp] };
  }
  if (existing.status !== 'pending') return null;
  // A sign-up from before requests were recorded counts its one mail.
  const earlier = existing.confirmations_requested_at ?? [existing.confirmation_sent_at ?? existing.created_at];
  const lastDay = earlier.filter((at) => Date.parse(at) > now.getTime() - dayMs);
  const latest = Math.max(0, ...lastDay.map((at) => Date.parse(at)));
  if (latest > now.getTime() - serviceLimits.newsletterResendMinutes * 60_000) return null;
  if (lastDay.length >= serviceLimits.newsletterConfirmationsPerDay) return null;
  return { renewing: existing, requestedAt: [...lastDay, timestamp] };
}

export async function subscribe(email: string, now = new Date()): Promise<{ message: string }> {
  const hash = emailHash(email);
  const existing = await getSubscriber(hash);
  const request = confirmationRequestFor(existing, now);
  if (request) {
    // False: a concurrent request for the same address won; its confirmation is the one mailed.
    const recorded = await recordConfirmationRequest({ email, emailHash: hash, ...request, now });
    logger.info('Newsletter confirmation requested', { recorded, renewed: Boolean(request.renewing) });
  } else {
    await recordIgnoredRequest(hash, now);
  }
  return { message: apiMessages.newsletterCheckInbox };
}
