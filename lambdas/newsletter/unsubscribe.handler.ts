// GET /api/newsletter/unsubscribe?token=… → 302 to /newsletter/unsubscribed (with ?status= on a problem).
import { apiHandler, redirect } from '#common/http.ts';
import { paths } from '#shared/paths.ts';
import { unsubscribeLink } from './link-actions.ts';
import { linkLandingPage } from './newsletter-links.ts';

export const handler = apiHandler(async (event) =>
  redirect(linkLandingPage(paths.newsletterUnsubscribed, await unsubscribeLink(event.queryStringParameters?.token))),
);
