// What /newsletter/confirmed and /newsletter/unsubscribed say, from the page and the `status`
// query the API's redirect adds when a link did not work.
import { config } from '#shared/config.ts';
export type NewsletterStatusPageKind = 'confirmed' | 'unsubscribed';

export interface NewsletterStatusContent {
  title: string;
  text: string;
}

const content: Record<NewsletterStatusPageKind | 'invalid' | 'error', NewsletterStatusContent> = {
  confirmed: {
    title: 'You are subscribed',
    text: 'Thanks for confirming. Every email we send has a link to unsubscribe with one click.',
  },
  unsubscribed: {
    title: 'You are unsubscribed',
    text: 'We have removed your email address from our newsletter. You will not get any more newsletter emails.',
  },
  invalid: {
    title: 'This link does not work',
    text: `The link is invalid or has expired. Confirmation links work for ${config.limits.newsletterConfirmDays} days: sign up again at the bottom of our home page to get a new one.`,
  },
  error: {
    title: 'Something went wrong',
    text: 'We could not process your link right now. Please open it again in a few minutes.',
  },
};

export function newsletterStatusContent(
  page: NewsletterStatusPageKind,
  status: string | null,
): NewsletterStatusContent {
  if (status === 'invalid' || status === 'error') return content[status];
  return content[page];
}
