// POST /api/newsletter/unsubscribe?token=… with `List-Unsubscribe=One-Click` (RFC 8058) → 200
// {message} | 400 VALIDATION. The mail client's one-click and the unsubscribe page's button.
import { apiHandler, failure } from '#common/http.ts';
import { apiMessages } from '#shared/contract.ts';
import { unsubscribeLink } from './link-actions.ts';
import { linkAnswer } from './link-answer.ts';
import { isOneClickRequest } from './one-click.ts';

export const handler = apiHandler(async (event) => {
  if (!isOneClickRequest(event)) return failure('VALIDATION', apiMessages.newsletterOneClickBody);
  return linkAnswer(await unsubscribeLink(event.queryStringParameters?.token), apiMessages.newsletterUnsubscribed);
});
