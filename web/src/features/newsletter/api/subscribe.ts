// POST /api/newsletter: ask for a confirmation email (double opt-in).

import { routePath } from '#shared/api-paths.ts';
import { type NewsletterRequest, newsletterResponseSchema } from '#shared/contract.ts';
import { type ApiAnswer, type ApiRejection, callApiOrOffline, readRejection } from '#web/lib/api-client.ts';

export type SubscribeResult =
  | { kind: 'sent'; message: string }
  | ApiRejection
  | { kind: 'unexpected' }
  | { kind: 'offline' };

export function readSubscribeAnswer(answer: ApiAnswer): SubscribeResult {
  const sent = newsletterResponseSchema.safeParse(answer.body);
  if (answer.ok && sent.success) return { kind: 'sent', message: sent.data.message };
  return readRejection(answer) ?? { kind: 'unexpected' };
}

export async function subscribeToNewsletter(request: NewsletterRequest): Promise<SubscribeResult> {
  const answer = await callApiOrOffline(routePath('NewsletterSubscribe'), { method: 'POST', json: request });
  return 'kind' in answer ? answer : readSubscribeAnswer(answer);
}
