// POST /api/newsletter: ask for a confirmation email (double opt-in).
import * as z from 'zod';
import { type NewsletterRequest, newsletterResponseSchema } from '#shared/contract';
import { type ApiAnswer, callApi } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../paths.ts';

export type SubscribeResult =
  | { kind: 'sent'; message: string }
  | { kind: 'rejected'; error: string | null; errorCode: string | null }
  | { kind: 'unexpected' }
  | { kind: 'offline' };

// Looser than the contract's apiErrorSchema on purpose: an errorCode this build does not know
// still shows the server's own message.
const rejectionSchema = z.object({
  error: z.string().trim().min(1).nullish().catch(null),
  errorCode: z.string().nullish().catch(null),
});

export function readSubscribeAnswer(answer: ApiAnswer): SubscribeResult {
  const sent = newsletterResponseSchema.safeParse(answer.body);
  if (answer.ok && sent.success) return { kind: 'sent', message: sent.data.message };
  const rejection = rejectionSchema.safeParse(answer.body);
  const { error = null, errorCode = null } = rejection.success ? rejection.data : {};
  if (error || errorCode || !answer.ok) return { kind: 'rejected', error, errorCode };
  return { kind: 'unexpected' };
}

export async function subscribeToNewsletter(request: NewsletterRequest): Promise<SubscribeResult> {
  let answer: ApiAnswer;
  try {
    answer = await callApi(apiPaths.newsletter, { method: 'POST', json: request });
  } catch {
    return { kind: 'offline' };
  }
  return readSubscribeAnswer(answer);
}
