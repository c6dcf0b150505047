// The buttons of the pages a newsletter email's links open: confirm (POST {token}) and unsubscribe
// (the one-click request of RFC 8058, the same a mail client sends). What each answer means for
// the page the reader lands on.
import { routePath } from '#shared/api-paths.ts';
import type { NewsletterConfirmRequest } from '#shared/contract.ts';
import { callApiOrOffline } from '#web/lib/api-client.ts';

/** done: it worked; invalid: the API refused the link (400); error: anything else, to try again. */
export type LinkResult = 'done' | 'invalid' | 'error';

export function readLinkAnswer(answer: { status: number; ok: boolean } | { kind: 'offline' }): LinkResult {
  if ('kind' in answer) return 'error';
  if (answer.ok) return 'done';
  return answer.status === 400 ? 'invalid' : 'error';
}

export async function confirmSubscription(token: string): Promise<LinkResult> {
  const request: NewsletterConfirmRequest = { token };
  return readLinkAnswer(await callApiOrOffline(routePath('NewsletterConfirm'), { method: 'POST', json: request }));
}

export async function unsubscribe(token: string): Promise<LinkResult> {
  const path = `${routePath('NewsletterUnsubscribe')}?token=${encodeURIComponent(token)}`;
  return readLinkAnswer(await callApiOrOffline(path, { method: 'POST', form: { 'List-Unsubscribe': 'One-Click' } }));
}
