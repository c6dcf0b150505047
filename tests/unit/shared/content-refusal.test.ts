// What the prohibited-content list (shared/prohibited-content.ts) becomes for people: the terms
// page lists every category, the order form shows only the refusal when the preview refuses, the
// failure email of a refused order says why, and what the guardrail is sent stays bounded.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { contentCheckMaxChars, contentCheckText } from '#generation/website/content-check.ts';
import { renderOrderEmail } from '#notifications/order-email-templates.ts';
import { messages } from '#shared/contract.ts';
import { contentRefusedError, prohibitedCategories, refusedCategoryOf } from '#shared/prohibited-content.ts';
import { siteFactsOf } from '#tests/unit/fixtures/sites.ts';
import { TermsRoute } from '#web/app/routes/terms.tsx';

const order = {
  id: '3f1c2b7a-9d4e-4c1a-8b2f-6e5d4c3b2a19',
  email: 'buyer@example.com',
  website: 'https://cloud-nine-vapes.example/',
  style: 'cinematic',
  duration_seconds: 8,
  payment_status: 'refunded',
  amount_cents: 500,
  currency: 'usd',
  created_at: '2026-11-28T00:42:10.000Z',
} as const;
const links = { siteUrl: 'https://reelfive.example', deliverySeconds: 60 };

describe('the terms page', () => {
  const html = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(TermsRoute)));

  it('lists every prohibited category by its label', () => {
    for (const category of prohibitedCategories) expect(html).toContain(category.label.replaceAll('"', '&quot;'));
    expect(html).toContain('aria-label="Content we do not make ads for"');
  });
});

describe('the failure email of a refused order', () => {
  it("says it was refused because of the site's content, names the category and where the terms list it", () => {
    const email = renderOrderEmail('failed', { ...order, failure_reason: `${contentRefusedError}: tobacco` }, links);

    expect(email.subject).toBe('We did not make your ReelFive ad (3f1c2b7a...)');
    expect(email.text).toContain(
      `Your order for ${order.website} was refused because the site's content falls under "tobacco, vaping and nicotine products"`,
    );
    expect(email.text).toContain('https://reelfive.example/terms#terms-prohibited-content');
    expect(email.text).toContain('Your payment of $5.00 has been refunded.');
    expect(email.text).not.toContain('something went wrong');
  });

  it('keeps the generic words for any other failure, and for a category it does not know', () => {
    for (const reason of ['RenderFailed: blank picture', `${contentRefusedError}: no-such-category`, undefined]) {
      const email = renderOrderEmail('failed', { ...order, ...(reason ? { failure_reason: reason } : {}) }, links);
      expect(email.text).toContain('something went wrong');
    }
  });

  it('reads a category back only from the ContentRefused reason', () => {
    expect(refusedCategoryOf('ContentRefused: weapons')?.id).toBe('weapons');
    expect(refusedCategoryOf('RenderFailed: weapons')).toBeUndefined();
  });
});

describe('the refusal on the order form', () => {
  it('names the host and the category, and says an order would be refused and refunded', () => {
    expect(messages.contentRefused('acme.example', 'gambling, betting and casinos')).toBe(
      `We can't make an ad for acme.example: its page falls under "gambling, betting and casinos", which our terms do not allow. An order for it would be refused and refunded.`,
    );
  });
});

describe('what the guardrail is sent', () => {
  it('holds the products’ names, lines and customers’ words the ad may say', () => {
    // Prepare
    const facts = siteFactsOf('coffeeRoaster');

    // Act
    const lines = contentCheckText(facts).split('\n');

    // Assess
    expect(lines).toEqual(
      expect.arrayContaining([
        'House Blend',
        'A medium roast with notes of milk chocolate and toasted almond.',
        'Smooth, chocolatey and never bitter.',
      ]),
    );
  });

  it('is the facts the ad is made from, once each, cut at the cap', () => {
    const facts = {
      businessName: 'Acme',
      domain: 'acme.example',
      headline: 'Anvils',
      description: 'Anvils',
      benefits: ['y'.repeat(3_000)],
      claims: ['4.9/5'],
    };

    const text = contentCheckText(facts);

    expect(text.startsWith('Acme\nacme.example\nAnvils\nyyy')).toBe(true);
    expect(text.length).toBe(contentCheckMaxChars);
    expect(contentCheckText({ ...facts, benefits: [] })).toBe('Acme\nacme.example\nAnvils\n4.9/5');
  });
});
