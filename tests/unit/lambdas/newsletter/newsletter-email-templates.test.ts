import { describe, expect, it } from 'vitest';
import { newsletterLayout, renderConfirmationEmail } from '#newsletter/newsletter-email-templates.ts';
import { config } from '#shared/config.ts';

const links = {
  confirmUrl: 'https://reelfive.com/newsletter/confirm?token=abc',
  unsubscribe: {
    pageUrl: 'https://reelfive.com/newsletter/unsubscribe?token=def',
    oneClickUrl: 'https://reelfive.com/api/newsletter/unsubscribe?token=def',
  },
};

describe('newsletter email', () => {
  it('the confirmation carries the confirm page, the unsubscribe page and the confirm period', () => {
    const email = renderConfirmationEmail(links);

    expect(email.subject).toBe(`Confirm your ${config.brand.name} newsletter subscription`);
    for (const body of [email.text, email.html]) {
      expect(body).toContain(links.confirmUrl);
      expect(body).toContain(links.unsubscribe.pageUrl);
      expect(body).toContain(`${config.limits.newsletterConfirmDays} days`);
    }
  });

  it('every newsletter email offers one-click unsubscribe (RFC 8058) in its headers', () => {
    const email = renderConfirmationEmail(links);

    expect(email.headers).toEqual({
      'List-Unsubscribe': `<${links.unsubscribe.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('every newsletter email ends with the unsubscribe link, and its HTML escapes the words', () => {
    const email = newsletterLayout({
      subject: 'News',
      heading: 'Tips <b>& tricks</b>',
      paragraphs: ['Hooks "that" work'],
      unsubscribe: links.unsubscribe,
    });

    expect(email.text.trim().split('\n\n').at(-2)).toContain(links.unsubscribe.pageUrl);
    expect(email.html).toContain(`href="${links.unsubscribe.pageUrl}"`);
    expect(email.html).toContain('Tips &lt;b&gt;&amp; tricks&lt;/b&gt;');
    expect(email.html).toContain('Hooks &quot;that&quot; work');
    expect(email.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});
