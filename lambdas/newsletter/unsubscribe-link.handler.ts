// GET /api/newsletter/unsubscribe?token=… → 302 to the unsubscribe page, whose button POSTs. The
// List-Unsubscribe URL is this one: a mail client without one-click support opens it in a browser.
import { apiHandler, redirect } from '#common/http.ts';
import { paths } from '#shared/paths.ts';
import { linkPage } from './newsletter-links.ts';

export const handler = apiHandler(async (event) =>
  redirect(linkPage(paths.newsletterUnsubscribe, event.queryStringParameters?.token)),
);
