// The links newsletter email carries, and where the site shows what a link did. A link opens a
// page of the site whose button acts (a mail scanner's GET changes nothing); the List-Unsubscribe
// header carries the API's one-click URL (RFC 8058), which a mail client POSTs to.
import { config } from '#shared/config.ts';
import { newsletterTokenSchema } from '#shared/contract.ts';
import { paths } from '#shared/paths.ts';
import { apiRoutes } from '#shared/routes.ts';
import { envNames } from '#shared/runtime-env.ts';

type LinkPage = typeof paths.newsletterConfirm | typeof paths.newsletterUnsubscribe;

function siteUrl(path: string, token: string): string {
  const url = new URL(path, process.env[envNames.siteUrl] ?? config.siteUrl);
  url.searchParams.set('token', token);
  return url.href;
}

export const confirmPageUrl = (token: string) => siteUrl(paths.newsletterConfirm, token);
export const unsubscribePageUrl = (token: string) => siteUrl(paths.newsletterUnsubscribe, token);
export const oneClickUnsubscribeUrl = (token: string) =>
  siteUrl(apiRoutes.find((route) => route.name === 'NewsletterUnsubscribe')?.path ?? '/', token);

export type LinkOutcome = 'done' | 'invalid' | 'error';

/**
 * Where a GET of a link's API URL goes (links mailed before the pages existed, and a mail client
 * that opens the List-Unsubscribe URL in a browser): the page with the button, or, for a token
 * that cannot be one, the page that says the link does not work. Nothing is read or changed.
 */
export function linkPage(page: LinkPage, rawToken: string | undefined): string {
  const token = newsletterTokenSchema.safeParse(rawToken);
  if (token.success) return `${page}?token=${token.data}`;
  const result = page === paths.newsletterConfirm ? paths.newsletterConfirmed : paths.newsletterUnsubscribed;
  return paths.newsletterLinkProblem(result, 'invalid');
}
