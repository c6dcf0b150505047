// The three order emails' words: what was bought, what it cost, what happens next, and HTML that
// shows buyer text as text and loads nothing from outside the message.
import { describe, expect, it } from 'vitest';
import { type OrderEmailKind, orderEmailKinds } from '#notifications/email-kinds.ts';
import { chargedAmount, renderOrderEmail } from '#notifications/order-email-templates.ts';
import { config } from '#shared/config.ts';
import { escapeHtml } from '#shared/html.ts';
import { emailOrder, emailOrderId } from '#tests/unit/support/email-orders.ts';

const orderId = emailOrderId;
const siteUrl = 'https://reelfive.example';
const orderPage = `${siteUrl}/success?order_id=${orderId}`;

const order = emailOrder;

const render = (kind: OrderEmailKind, facts = order(), posterCid?: string) =>
  renderOrderEmail(kind, facts, { siteUrl, deliverySeconds: 60, ...(posterCid ? { posterCid } : {}) });

describe('the received email', () => {
  it('states the style, length, website and the $5.00 charged', () => {
    // Act
    const email = render('received');

    // Assess
    expect(email.subject).toBe('Your ReelFive order is confirmed (3f1c2b7a...)');
    expect(email.text).toContain('Website: https://northwind.coffee/');
    expect(email.text).toContain('Style: Direct Response');
    expect(email.text).toContain('Length: 8 seconds');
    expect(email.text).toContain('Charged: $5.00');
    expect(email.html).toContain('$5.00');
  });

  it('shows $2.50 for an order paid with the LAUNCH50 coupon', () => {
    // Act
    const email = render('received', order({ amount_cents: 250 }));

    // Assess
    expect(email.text).toContain('Charged: $2.50');
    expect(email.html).toContain('$2.50');
  });

  it('says Free for a 100 % coupon and promises no refund of nothing', () => {
    // Act
    const email = render('received', order({ payment_status: 'free', amount_cents: 0 }));

    // Assess
    expect(email.text).toContain('Charged: Free');
    expect(email.text).not.toMatch(/refund|payment/i);
  });

  it('explains what happens next, links the order page and promises the automatic refund', () => {
    // Act
    const email = render('received');

    // Assess
    expect(email.text).toContain('It usually takes about a minute.');
    expect(email.text).toContain(`Follow your order: ${orderPage}`);
    expect(email.text).toContain('your payment is refunded automatically');
    expect(email.html).toContain(`href="${orderPage}"`);
  });
});

describe('the receipt and the order id', () => {
  it('carries a receipt: date, list price, the coupon and what it took off, and the charge', () => {
    // Act
    const email = render('received', order({ amount_cents: 250, coupon_code: 'LAUNCH50' }));

    // Assess
    expect(email.text).toContain('Date: 28 November 2026, 00:42 UTC');
    expect(email.text).toContain('Price: $5.00');
    expect(email.text).toContain('Coupon: LAUNCH50 (-$2.50)');
    expect(email.text).toContain('Charged: $2.50');
    expect(email.html).toContain('LAUNCH50 (-$2.50)');
  });

  it('has no coupon line without a coupon', () => {
    expect(render('received').text).not.toContain('Coupon:');
  });

  it('gives the whole order id wherever support asks for it, in every email', () => {
    for (const kind of orderEmailKinds) {
      const email = render(kind);

      expect(email.text).toContain(`Order ID: ${orderId}`);
      expect(email.text).toContain(`mention order ${orderId}.`);
    }
  });
});

describe('the ready email', () => {
  it('shows the inline poster linked to the order page and says how long the video stays', () => {
    // Act
    const email = render('ready', order(), 'poster@reelfive');

    // Assess
    expect(email.subject).toBe('Your ReelFive ad is ready (3f1c2b7a...)');
    expect(email.html).toMatch(/<a href="[^"]+"><img src="cid:poster@reelfive"/);
    expect(email.html).toContain(`href="${orderPage}"`);
    expect(email.text).toContain(`Watch and download your ad: ${orderPage}`);
    expect(email.text).toContain(`for ${config.limits.fileRetentionDays} days`);
  });

  it('says the script was written from the website when the site was read', () => {
    const email = render('ready', order({ site_source: 'site' }));

    expect(email.text).toContain('the script was written from your website and read by an AI voice');
  });

  it('says what the script was written from when the site could not be read', () => {
    const email = render('ready', order({ site_source: 'fallback' }));

    expect(email.text).not.toContain('written from your website');
    expect(email.text).toContain(
      "could not read https://northwind.coffee/ when we made your ad, so its script was written from your business's name as your web address gives it, around the product photo you sent",
    );
  });

  it('still links the ad when the poster could not be attached', () => {
    // Act
    const email = render('ready');

    // Assess
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain(`href="${orderPage}"`);
  });
});

describe('the failed email', () => {
  it('states the refund of the full $5.00', () => {
    // Act
    const email = render('failed', order({ payment_status: 'refunded' }));

    // Assess
    expect(email.subject).toBe('We could not make your ReelFive ad');
    expect(email.text).toContain('Your payment of $5.00 has been refunded.');
    expect(email.html).toContain('Your payment of $5.00 has been refunded.');
  });

  it('states the real amount refunded after a LAUNCH50 order', () => {
    // Act
    const email = render('failed', order({ payment_status: 'refunded', amount_cents: 250 }));

    // Assess
    expect(email.text).toContain('Your payment of $2.50 has been refunded.');
  });

  it('mentions no refund for a free order and gives the support contact', () => {
    // Act
    const email = render('failed', order({ payment_status: 'free', amount_cents: 0 }));

    // Assess
    expect(email.text).not.toMatch(/refund/i);
    expect(email.text).toContain(config.supportEmail);
    expect(email.html).toContain(`href="mailto:${config.supportEmail}"`);
    expect(email.text).toContain(`mention order ${orderId}`);
  });
});

describe('every order email', () => {
  const hostile = order({ website: 'https://x.example/?q="><script>alert(1)</script><img src=//evil.example/p.gif>' });

  it.each(orderEmailKinds)('%s shows buyer text as text, never as markup', (kind) => {
    // Act
    const email = render(kind, hostile, 'poster@reelfive');

    // Assess
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('evil.example/p.gif>');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.text).toContain('<script>alert(1)</script>');
  });

  it.each(orderEmailKinds)('%s loads no remote image and links only the order page and support', (kind) => {
    // Act
    const email = render(kind, hostile, 'poster@reelfive');

    // Assess
    const images = [...email.html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)].map((match) => match[1]);
    expect(images.every((src) => src?.startsWith('cid:'))).toBe(true);
    expect(email.html).not.toMatch(/url\(|background=|<link\b|<script\b/i);
    const links = [...email.html.matchAll(/\bhref="([^"]*)"/g)].map((match) => match[1]);
    expect(links.length).toBeGreaterThan(0);
    // The ready email's revision link is a place on the order page (#revision).
    expect(new Set(links.map((link) => link?.replace(/#revision$/, '')))).toEqual(
      new Set([orderPage, `mailto:${config.supportEmail}`]),
    );
  });
});

describe('chargedAmount', () => {
  it('formats cents as dollars and nothing charged as Free', () => {
    // Assess
    expect([500, 250, 0, null].map((amount_cents) => chargedAmount({ amount_cents, currency: 'usd' }))).toEqual([
      '$5.00',
      '$2.50',
      'Free',
      'Free',
    ]);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that change HTML meaning', () => {
    // Assess
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
