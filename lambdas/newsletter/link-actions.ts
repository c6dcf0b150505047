// What the confirm and unsubscribe buttons (and a mail client's one-click unsubscribe) do. A token
// that is malformed, unknown, of the other kind or lapsed is `invalid`; the handlers turn outcomes
// into answers, never into a 500 with a stack.

import { logger } from '#powertools/logger.ts';
import { newsletterTokenSchema } from '#shared/contract.ts';
import type { LinkOutcome } from './newsletter-links.ts';
import { confirmSubscription, findToken, removeSubscription } from './subscriber-store.ts';

export async function confirmLink(rawToken: unknown, now = new Date()): Promise<LinkOutcome> {
  return guarded('confirm', async () => {
    const token = newsletterTokenSchema.safeParse(rawToken);
    const record = token.success ? await findToken(token.data, 'confirm', now) : null;
    if (!record) return 'invalid';
    return (await confirmSubscription(record, now)) ? 'done' : 'invalid';
  });
}

/** A link whose sign-up is already gone still answers `done`: the address is not subscribed. */
export async function unsubscribeLink(rawToken: unknown, now = new Date()): Promise<LinkOutcome> {
  return guarded('unsubscribe', async () => {
    const token = newsletterTokenSchema.safeParse(rawToken);
    const record = token.success ? await findToken(token.data, 'unsubscribe', now) : null;
    if (!record) return 'invalid';
    await removeSubscription(record);
    return 'done';
  });
}

/** A failure answers a clear error to the page, and ops see the log. */
async function guarded(action: string, act: () => Promise<LinkOutcome>): Promise<LinkOutcome> {
  try {
    return await act();
  } catch (error) {
    logger.error('Newsletter link failed', { action, error });
    return 'error';
  }
}
