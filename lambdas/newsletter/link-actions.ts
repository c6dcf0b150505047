// What the confirm and unsubscribe links do. A token that is malformed, unknown, of the other
// kind or lapsed is `invalid`; the handlers turn outcomes into redirects, never into errors.

import { logger } from '#powertools/logger.ts';
import { newsletterTokenSchema } from '#shared/contract.ts';
import type { LinkOutcome } from './newsletter-links.ts';
import { confirmSubscription, findToken, removeSubscription } from './subscriber-store.ts';

export async function confirmLink(rawToken: string | undefined, now = new Date()): Promise<LinkOutcome> {
  return guarded('confirm', async () => {
    const token = newsletterTokenSchema.safeParse(rawToken);
    const record = token.success ? await findToken(token.data, 'confirm', now) : null;
    if (!record) return 'invalid';
    return (await confirmSubscription(record, now)) ? 'done' : 'invalid';
  });
}

/** A link whose sign-up is already gone still answers `done`: the address is not subscribed. */
export async function unsubscribeLink(rawToken: string | undefined, now = new Date()): Promise<LinkOutcome> {
  return guarded('unsubscribe', async () => {
    const token = newsletterTokenSchema.safeParse(rawToken);
    const record = token.success ? await findToken(token.data, 'unsubscribe', now) : null;
    if (!record) return 'invalid';
    await removeSubscription(record);
    return 'done';
  });
}

/** The reader followed a link from an email: a failure shows a page, and ops see the log. */
async function guarded(action: string, act: () => Promise<LinkOutcome>): Promise<LinkOutcome> {
  try {
    return await act();
  } catch (error) {
    logger.error('Newsletter link failed', { action, error });
    return 'error';
  }
}
