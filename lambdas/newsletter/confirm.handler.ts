// GET /api/newsletter/confirm?token=… → 302 to /newsletter/confirmed (with ?status= on a problem).
import { apiHandler, redirect } from '#common/http.ts';
import { paths } from '#shared/paths.ts';
import { confirmLink } from './link-actions.ts';
import { linkLandingPage } from './newsletter-links.ts';

export const handler = apiHandler(async (event) =>
  redirect(linkLandingPage(paths.newsletterConfirmed, await confirmLink(event.queryStringParameters?.token))),
);
