// The words of newsletter email, as plain text and HTML. Every newsletter email is built by
// `newsletterLayout`, which cannot be called without an unsubscribe link: each one carries the
// unsubscribe page in the body and the one-click URL in the List-Unsubscribe header (RFC 2369)
// with List-Unsubscribe-Post, so a mail client can unsubscribe with one POST (RFC 8058).

import { emailButton, emailDocument, type RenderedEmail } from '#notifications/email-layout.ts';
import { config } from '#shared/config.ts';
import { escapeHtml } from '#shared/html.ts';

const brand = config.brand.name;

export interface NewsletterEmail extends RenderedEmail {
  headers: Record<string, string>;
}

/** An email's way out: the page with the button (body) and the URL a mail client POSTs to (header). */
export interface UnsubscribeLinks {
  pageUrl: string;
  oneClickUrl: string;
}

export function renderConfirmationEmail(links: { confirmUrl: string; unsubscribe: UnsubscribeLinks }): NewsletterEmail {
  const days = config.limits.newsletterConfirmDays;
  return newsletterLayout({
    subject: `Confirm your ${brand} newsletter subscription`,
    heading: 'Please confirm your subscription',
    paragraphs: [
      `Someone, hopefully you, asked to receive the ${brand} newsletter at this address: tips on video ads and news about ${brand}.`,
      `To start receiving it, confirm within ${days} days. If you did not ask for it, ignore this email: without a confirmation we delete the address after ${days} days.`,
    ],
    button: { label: 'Confirm my subscription', href: links.confirmUrl },
    unsubscribe: links.unsubscribe,
  });
}

interface NewsletterContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  button?: { label: string; href: string };
  unsubscribe: UnsubscribeLinks;
}

export function newsletterLayout(content: NewsletterContent): NewsletterEmail {
  const { heading, paragraphs, button, unsubscribe } = content;
  const unsubscribeUrl = unsubscribe.pageUrl;
  const footer = `You get this email because this address signed up for the ${brand} newsletter. Unsubscribe with one click`;
  const text = [
    heading,
    ...paragraphs,
    ...(button ? [`${button.label}: ${button.href}`] : []),
    `${footer}: ${unsubscribeUrl}`,
    brand,
  ].join('\n\n');
  const html = emailDocument(
    heading,
    [
      paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`).join('\n'),
      button ? emailButton(button.label, button.href) : '',
    ].join('\n'),
    `${escapeHtml(footer)}: <a href="${escapeHtml(unsubscribeUrl)}">unsubscribe</a>.<br>${escapeHtml(brand)}`,
  );
  return {
    subject: content.subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribe.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
