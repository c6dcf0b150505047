import { describe, expect, it } from 'vitest';
import { newsletterLayout, renderConfirmationEmail } from '#newsletter/newsletter-email-templates.ts';
import { config } from '#shared/config.ts';

const links = {
  confirmUrl: 'https://reelfive.com/api/newsletter/confirm?token=abc',
  unsubscribeUrl: 'https://reelfive.com/api/newsletter/unsubscribe?token=def',
};

describe('newsletter email', () => {
  it('the confirmation carries the confirm link, the unsubscribe link and the confirm period', () => {
    const email = renderConfirmationEmail(links);

    expect(email.subject).toBe(`Confirm your ${config.brand.name} newsletter subscription`);
    for (const body of [email.text, email.html]) {
      expect(body).toContain(links.confirmUrl);
      expect(body).toContain(links.unsubscribeUrl);
      expect(body).toContain(`${config.limits.newsletterConfirmDays} days`);
    }
    expect(email.headers).toEqual({ 'List-Unsubscribe': `<${links.unsubscribeUrl}>` });
  });

  it('every newsletter email ends with the unsubscribe link, and its HTML escapes the words', () => {
    const email = newsletterLayout({
      subject: 'News',
      heading: 'Tips <b>& tricks</b>',
      paragraphs: ['Hooks "that" work'],
      unsubscribeUrl: links.unsubscribeUrl,
    });

    expect(email.text.trim().split('\n\n').at(-2)).toContain(links.unsubscribeUrl);
    expect(email.html).toContain(`href="${links.unsubscribeUrl}"`);
    expect(email.html).toContain('Tips &lt;b&gt;&amp; tricks&lt;/b&gt;');
    expect(email.html).toContain('Hooks &quot;that&quot; work');
  });
});
