// POST /api/newsletter/confirm {token} → 200 {message} | 400 VALIDATION (the link does not work).
// Only this POST, sent by the confirm page's button, confirms: a GET of the mailed link (what mail
// scanners fetch) opens the page and changes nothing (confirm-link.handler.ts).
import { apiHandler } from '#common/http.ts';
import { apiMessages } from '#shared/contract.ts';
import { confirmLink } from './link-actions.ts';
import { linkAnswer } from './link-answer.ts';

export const handler = apiHandler(
  async (event) => {
    const body = event.body as unknown as { token?: unknown } | null;
    return linkAnswer(await confirmLink(body?.token), apiMessages.newsletterConfirmed);
  },
  { jsonBody: true },
);
