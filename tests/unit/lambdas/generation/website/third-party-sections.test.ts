// Review, comment and third-party sections are never the ad's claims, offers or benefits
// (lambdas/generation/website/third-party-sections.ts), while the business's own words still are.
import { describe, expect, it } from 'vitest';
import { extractSiteFacts } from '#generation/website/extract-site-facts.ts';
import { hostsNamedIn } from '#generation/website/third-party-sections.ts';

const ownCopy = `<h1>Small-batch coffee</h1>
<p class="rating">Rated 4.9/5 by 2,000 coffee lovers</p>
<p class="offer">Free shipping on orders over $40</p>
<section class="features"><ul><li>Roasted to order</li><li>Compostable bags</li></ul></section>`;

const facts = (section: string) =>
  extractSiteFacts(`<main>${ownCopy}${section}</main>`, 'https://harborroast.example/');
const said = (section: string) => {
  const read = facts(section);
  return [...read.benefits, ...(read.claims ?? []), ...(read.offers ?? []), ...(read.prices ?? [])].join('\n');
};

describe('third-party sections of a page', () => {
  it.each([
    ['a Trustpilot widget', '<div class="trustpilot-widget"><p>Rated 5/5 by 40,000 customers</p></div>'],
    ['a Yotpo widget', '<div class="yotpo yotpo-main-widget"><p>Rated 5/5 by 40,000 customers</p></div>'],
    ['a Judge.me widget', '<div id="judgeme_product_reviews"><p>Rated 5/5 by 40,000 customers</p></div>'],
    ['an Okendo widget', '<div data-oke-widget><p>Rated 5/5 by 40,000 customers</p></div>'],
    ['a Stamped widget', '<div id="stamped-main-widget"><p>Rated 5/5 by 40,000 customers</p></div>'],
    ['a reviews.io widget', '<div class="reviewsio-carousel"><p>Rated 5/5 by 40,000 customers</p></div>'],
    ['a customer review', '<section class="product-reviews"><p>Rated 5/5 by 40,000 customers</p></section>'],
    ['a testimonial', '<div class="testimonials"><blockquote>Rated 5/5 by 40,000 customers</blockquote></div>'],
    ['a comment', '<ol class="comment-list"><li>Rated 5/5 by 40,000 customers</li></ol>'],
    ['a sponsored slot', '<div class="sponsored"><p>Rated 5/5 by 40,000 customers</p></div>'],
    ['a block linking off-site', '<p><a href="https://deals.example/">Rated 5/5 by 40,000 customers</a></p>'],
    ['another domain’s offer', '<p>90% off every bag at harbor-outlet-deals.example</p>'],
  ])('never takes %s as a claim, an offer or a benefit', (_kind, section) => {
    const text = said(section);

    expect(text).not.toContain('40,000');
    expect(text).not.toContain('90% off');
  });

  it("keeps the business's own claims, offers and benefits beside them", () => {
    const read = facts('<div class="trustpilot-widget"><p>Rated 5/5 by 40,000 customers</p></div>');

    expect(read.claims).toContain('Rated 4.9/5 by 2,000 coffee lovers');
    expect(read.offers).toContain('Free shipping on orders over $40');
    expect(read.benefits).toEqual(['Roasted to order', 'Compostable bags']);
  });

  it('keeps a block that names or links to the site itself, and a product preview', () => {
    const text = said(
      '<p>20% off your first order at shop.harborroast.example</p><div class="product-preview"><p>Rated 5/5 by 300 tasters</p></div><p><a href="https://harborroast.example/sale">Save 10% today</a></p>',
    );

    expect(text).toContain('20% off');
    expect(text).toContain('300 tasters');
    expect(text).toContain('Save 10%');
  });
});

describe('hosts named in text', () => {
  it.each([
    ['90% off every bag at harbor-outlet-deals.example', ['harbor-outlet-deals.example']],
    ['Visit https://www.acme.co.uk/sale now!', ['www.acme.co.uk']],
    ['(see shop.example.)', ['shop.example']],
    ['Rated 4.9/5 by 2,000 customers', []],
    ['Write to hello@acme.com', []],
    ['Version 2.5 is out', []],
  ])('finds them in "%s"', (text, hosts) => {
    expect(hostsNamedIn(text)).toEqual(hosts);
  });
});
