import { describe, expect, it } from 'vitest';
import { siteCopy } from '#generation/storyboard/site-copy.ts';
import { northwindFacts } from '#tests/integration/support/ad-fixtures.ts';
import { siteFactsOf } from '#tests/unit/fixtures/sites.ts';

describe('what a storyboard can say, sorted from the site’s facts', () => {
  it('finds claims and offers inside benefits and descriptions read before they were extracted apart', () => {
    // Act
    const copy = siteCopy({ ...northwindFacts, source: 'site' });

    // Assess
    expect(copy.claims).toEqual([{ text: 'delivered in 48 hours', kind: 'speed', core: 'in 48 hours' }]);
    expect(copy.offers).toEqual(['Free shipping over $30']);
    expect(copy.benefits).toEqual([
      'Roasted to order',
      'Cancel any time',
      'Fresh beans from growers we know',
      'Small-batch coffee',
      'roasted the day it ships',
    ]);
    expect(copy).toMatchObject({ subject: 'Small-batch coffee', business: 'shop', hasFacts: true });
  });

  it('keeps one claim per fact: a rating said twice is said once, the strongest way first', () => {
    // Act
    const copy = siteCopy({
      ...siteFactsOf('candleShop'),
      claims: ['Rated 4.8 out of 5 by 1,240 customers', '4.8/5 from 1,240 reviews'],
    });

    // Assess
    expect(copy.claims.filter((claim) => claim.kind === 'rating')).toEqual([
      { text: 'Rated 4.8 out of 5 by 1,240 customers', kind: 'rating', core: 'Rated 4.8 out of 5' },
    ]);
  });

  it('ignores the headline the analysis makes up for a site it could not read', () => {
    // Act
    const copy = siteCopy({
      businessName: 'Juniper Yoga',
      domain: 'juniperyoga.studio',
      headline: 'Discover Juniper Yoga',
      description: '',
      benefits: [],
      source: 'fallback',
    });

    // Assess
    expect(copy).toMatchObject({ hasFacts: false, claims: [], offers: [], prices: [], benefits: [], images: [] });
    expect(copy).not.toHaveProperty('subject');
  });

  it.each([
    ['candleShop', 'shop'],
    ['saas', 'software'],
    ['plumber', 'service'],
    ['bare', 'other'],
  ] as const)('tells a %s site is a %s business, for the CTA’s verb', (page, kind) => {
    expect(siteCopy(siteFactsOf(page)).business).toBe(kind);
  });

  it('takes the one share image of facts that list no images', () => {
    // Act
    const copy = siteCopy({ ...northwindFacts, imageUrl: 'https://northwind.coffee/og.jpg', source: 'site' });

    // Assess
    expect(copy.images).toEqual([{ url: 'https://northwind.coffee/og.jpg', source: 'og-image' }]);
  });
});
