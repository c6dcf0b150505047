// The links newsletter email carries, and where the site shows what a link did.
import { config } from '#shared/config.ts';
import { paths } from '#shared/paths.ts';
import { apiRoutes } from '#shared/routes.ts';
import { envNames } from '#shared/runtime-env.ts';

type LinkRoute = 'NewsletterConfirm' | 'NewsletterUnsubscribe';

function linkUrl(route: LinkRoute, token: string): string {
  const siteUrl = process.env[envNames.siteUrl] ?? config.siteUrl;
  const path = apiRoutes.find((candidate) => candidate.name === route)?.path;
  const url = new URL(path ?? '/', siteUrl);
  url.searchParams.set('token', token);
  return url.href;
}

export const confirmUrl = (token: string) => linkUrl('NewsletterConfirm', token);
export const unsubscribeUrl = (token: string) => linkUrl('NewsletterUnsubscribe', token);

export type LinkOutcome = 'done' | 'invalid' | 'error';

/** The site page that tells the reader what the link did. */
export function linkLandingPage(
  page: typeof paths.newsletterConfirmed | typeof paths.newsletterUnsubscribed,
  outcome: LinkOutcome,
): string {
  return outcome === 'done' ? page : paths.newsletterLinkProblem(page, outcome);
}
