// What /newsletter/confirm and /newsletter/unsubscribe say: the pages a newsletter email's links
// open. Opening one changes nothing (mail scanners open every link); its button does.
import { paths } from '#shared/paths.ts';

export type NewsletterLinkPageKind = 'confirm' | 'unsubscribe';

export interface NewsletterLinkContent {
  title: string;
  text: string;
  button: string;
  /** Where the reader lands after the button, with `?status=` when it did not work. */
  resultPage: typeof paths.newsletterConfirmed | typeof paths.newsletterUnsubscribed;
}

export const newsletterLinkContent: Record<NewsletterLinkPageKind, NewsletterLinkContent> = {
  confirm: {
    title: 'Confirm your subscription',
    text: 'One more step: press the button to start receiving our tips on video ads.',
    button: 'Confirm my subscription',
    resultPage: paths.newsletterConfirmed,
  },
  unsubscribe: {
    title: 'Unsubscribe from the newsletter',
    text: 'Press the button and we remove your email address from our newsletter.',
    button: 'Remove my email address',
    resultPage: paths.newsletterUnsubscribed,
  },
};
