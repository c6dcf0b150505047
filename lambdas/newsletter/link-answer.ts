// How the confirm and unsubscribe POSTs answer a link's outcome: 200 {message}, or the one refusal
// for every token that does not work (400), or a failure to retry (500).
import { type ApiResult, failure, json } from '#common/http.ts';
import { apiMessages } from '#shared/contract.ts';
import type { LinkOutcome } from './newsletter-links.ts';

export function linkAnswer(outcome: LinkOutcome, doneMessage: string): ApiResult {
  if (outcome === 'done') return json(200, { message: doneMessage });
  if (outcome === 'invalid') return failure('VALIDATION', apiMessages.newsletterLinkInvalid);
  return failure('INTERNAL', apiMessages.newsletterLinkFailed);
}
