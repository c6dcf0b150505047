// GET /api/newsletter/confirm?token=… → 302 to the confirm page (/newsletter/confirm?token=…),
// whose button POSTs the token. A GET confirms nothing: mail scanners follow every link.
import { apiHandler, redirect } from '#common/http.ts';
import { paths } from '#shared/paths.ts';
import { linkPage } from './newsletter-links.ts';

export const handler = apiHandler(async (event) =>
  redirect(linkPage(paths.newsletterConfirm, event.queryStringParameters?.token)),
);
