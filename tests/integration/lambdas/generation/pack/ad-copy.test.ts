// The pack's ad copy (lambdas/generation/pack/ad-copy.ts): every demo shop's texts, in every style
// and length, fit what each platform shows, TikTok's carries no link, every number is the site's
// own, a site without a price gets none, and a text that must be shortened loses whole words only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFactProblems, writeAdCopy } from '#generation/pack/ad-copy.ts';
import { copyText } from '#generation/pack/copy-files.ts';
import {
  charCount,
  copyFields,
  copyLimitProblems,
  hasLink,
  leadOf,
  sentencesWithin,
  shortenAtWord,
} from '#generation/pack/copy-limits.ts';
import { siteCopy } from '#generation/storyboard/site-copy.ts';
import { templateStoryboardWriter } from '#generation/storyboard/template-writer.ts';
import type { WebsiteAnalysis } from '#generation/website/analyze-website.ts';
import { setTestSiteHosts } from '#generation/website/fetch-public-page.ts';
import { demoShopHosts, serveDemoShops } from '#local/demo-shops/serve.ts';
import { demoShops, demoUploadKey } from '#local/demo-shops/shops.ts';
import { type AdDuration, styles } from '#shared/contract.ts';
import { readDemoShop } from '#tests/unit/support/read-demo-shop.ts';

const sites = new Map<string, WebsiteAnalysis>();

beforeAll(async () => {
  const shops = await serveDemoShops();
  setTestSiteHosts(demoShopHosts);
  try {
    for (const shop of demoShops) sites.set(shop.slug, await readDemoShop(shops.url(shop.slug)));
  } finally {
    setTestSiteHosts(null);
    await shops.close();
  }
});

afterAll(() => sites.clear());

const lengths: AdDuration[] = [4, 8, 12];
const orders = demoShops.flatMap((shop) =>
  styles.flatMap((style) => lengths.map((durationSeconds) => ({ shop, style, durationSeconds }))),
);

async function copyFor(site: WebsiteAnalysis, order: (typeof orders)[number]) {
  const storyboard = await templateStoryboardWriter.write({
    site,
    order: {
      style: order.style,
      durationSeconds: order.durationSeconds,
      uploadKey: 'buyerPhoto' in order.shop ? demoUploadKey : null,
    },
  });
  return { storyboard, copy: writeAdCopy(storyboard, siteCopy(site)) };
}

describe("each demo shop's copy", () => {
  it('reads every shop the panel says is readable (the copy below is written from their facts)', () => {
    // Assess
    const read = demoShops.filter((shop) => sites.get(shop.slug)?.source === 'site').map((shop) => shop.slug);
    expect(read).toEqual(demoShops.filter((shop) => shop.answers === 'page').map((shop) => shop.slug));
  });

  it.each(orders.map((order) => [order.shop.slug, order.style, order.durationSeconds, order] as const))(
    '%s, %s, %i s: fits every limit, says only the site’s numbers, and links nowhere on TikTok',
    async (slug, _style, _seconds, order) => {
      // Act
      const { storyboard, copy } = await copyFor(sites.get(slug)!, order);

      // Assess
      expect(copyLimitProblems(copy)).toEqual([]);
      expect(copyFactProblems(copy, siteCopy(sites.get(slug)!))).toEqual([]);
      expect(copy.tiktokAdText).not.toContain(storyboard.brand.domain);
      expect(copy.tiktokAdText).not.toMatch(/https?:|www\.|[@#]/);
      // Each names what the ad sells when the site names it, with the site's own price.
      if (order.shop.product) {
        expect(copy.metaPrimaryText).toContain(order.shop.product.name.split(' (')[0]);
        expect(copy.tiktokAdText).toContain(`${order.shop.product.price}`);
      }
    },
  );

  it("opens the Meta primary text with the site's own line inside the 72 characters Reels show", async () => {
    // Act
    const { copy } = await copyFor(sites.get('ember-oak-coffee')!, orders[0]!);

    // Assess
    expect(leadOf(copy.metaPrimaryText)).toBe('Small-batch coffee, roasted over oak.');
    expect(copy.metaHeadline).toBe('House Blend, $16');
    expect(copy.googleHeadline).toBe('Small-batch coffee, roasted over oak');
    expect(copy.metaDescription).toBe('4.8 stars from 212 reviews');
  });

  it('gives a shop whose site shows no price no price anywhere', async () => {
    // Prepare: Ember & Oak's page with every price taken off it
    const ember = sites.get('ember-oak-coffee')!;
    const priced = /[$€£]\s?\d/;
    const unpriced: WebsiteAnalysis = {
      ...ember,
      prices: [],
      offers: (ember.offers ?? []).filter((offer) => !priced.test(offer)),
      benefits: ember.benefits.filter((benefit) => !priced.test(benefit)),
      claims: (ember.claims ?? []).filter((claim) => !priced.test(claim)),
      description: priced.test(ember.description) ? '' : ember.description,
      products: (ember.products ?? []).map(({ price: _price, ...product }) => product),
    };

    // Act
    const { storyboard, copy } = await copyFor(unpriced, orders.find((order) => order.style === 'direct-response')!);

    // Assess
    expect(storyboard.product).toEqual({ name: 'House Blend' });
    expect(Object.values(copy).filter((text) => priced.test(text))).toEqual([]);
    expect(copy.tiktokAdText).toContain('House Blend');
    expect(copyLimitProblems(copy)).toEqual([]);
  });

  it("keeps a site's links, mentions and hashtags out of the TikTok text, saying the rest", async () => {
    // Prepare: a page whose headline and offer carry what TikTok refuses
    const ember = sites.get('ember-oak-coffee')!;
    const linked: WebsiteAnalysis = {
      ...ember,
      headline: 'Order at emberoakcoffee.shop today',
      offers: ['Follow @emberoak for 15% off'],
      benefits: ['#1 small-batch roaster', ...ember.benefits],
    };

    // Act
    const { copy } = await copyFor(linked, orders.find((order) => order.style === 'direct-response')!);

    // Assess
    expect(hasLink(copy.tiktokAdText)).toBe(false);
    expect(copy.tiktokAdText).not.toMatch(/emberoakcoffee|@|#/);
    expect(copy.tiktokAdText).toContain('House Blend, $16.');
    expect(copyLimitProblems(copy)).toEqual([]);
  });

  it('still writes TikTok text, with no link, for a shop whose every line names its domain', async () => {
    // Prepare
    const site = sites.get('closed-bakery')!;
    const { storyboard } = await copyFor(site, orders.find((order) => order.shop.slug === 'closed-bakery')!);
    const named = {
      ...storyboard,
      brand: { ...storyboard.brand, name: 'closedbakery.test' },
      endCard: { ...storyboard.endCard, cta: 'Visit closedbakery.test' },
    };

    // Act
    const copy = writeAdCopy(named, siteCopy(site));

    // Assess
    expect(copy.tiktokAdText).toBe('Visit now.');
    expect(copyLimitProblems(copy)).toEqual([]);
  });

  it('flags a number the site never gave', async () => {
    // Prepare
    const site = siteCopy(sites.get('picky-paws')!);
    const { copy } = await copyFor(sites.get('picky-paws')!, orders[0]!);

    // Act
    const problems = copyFactProblems({ ...copy, metaHeadline: 'Wild Salmon Bites, $9' }, site);

    // Assess
    expect(problems).toEqual(['metaHeadline: 9 is not a number the site gives']);
  });

  it('groups copy.txt by platform, each text on its own line under its field', async () => {
    // Prepare
    const { storyboard, copy } = await copyFor(sites.get('launchpad-prints')!, orders[0]!);

    // Act
    const text = copyText(copy, storyboard);

    // Assess
    const headings = text.split('\n').filter((line) => line.startsWith('== '));
    expect(headings).toEqual([
      '== TikTok ==',
      '== Facebook and Instagram (Meta) ==',
      '== YouTube (Google Ads) ==',
      '== Captions ==',
    ]);
    const lines = text.split('\n');
    for (const value of Object.values(copy)) expect(lines).toContain(value);
    expect(lines.indexOf(copy.tiktokAdText)).toBeLessThan(lines.indexOf('== Facebook and Instagram (Meta) =='));
  });
});

describe('the limits', () => {
  it('names each broken limit: too long, a first sentence Reels would cut, a link in TikTok text', () => {
    // Prepare
    const fine = {
      tiktokAdText: 'Salmon treats picky cats actually finish.',
      metaPrimaryText: 'Salmon treats picky cats actually finish. Wild Salmon Bites, $12.',
      metaHeadline: 'Wild Salmon Bites, $12',
      metaDescription: 'Rated 4.9 stars',
      googleHeadline: 'Salmon treats picky cats actually finish',
      googleDescription: 'Wild Salmon Bites, $12.',
    };

    // Act
    const problems = copyLimitProblems({
      ...fine,
      tiktokAdText: 'Shop at pickypaws.com today.',
      metaPrimaryText: `${'Salmon treats that even the pickiest cats in the house finish every single time'}. Shop.`,
      metaHeadline: 'Wild Salmon Bites for picky cats',
    });

    // Assess
    expect(copyLimitProblems(fine)).toEqual([]);
    expect(problems).toEqual([
      'TikTok ad text carries a link, a mention or a hashtag',
      "Meta primary text's first sentence has 80 characters; 72 are shown",
      'Meta headline has 32 characters; 27 are shown',
    ]);
  });

  it('sees a link in any form TikTok refuses, and not in a price or a rating', () => {
    expect(['https://a.b', 'www.shop.com', 'shop.com', 'Ember.coffee', '@pickypaws', '#cats'].map(hasLink)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['$4,200', 'Rated 4.9/5', 'Done. Next', 'No. 1 in town'].map(hasLink)).toEqual([false, false, false, false]);
  });

  it('shortens at a word boundary, never mid-word, and keeps a text that fits whole', () => {
    // Prepare
    const text = 'Hand-set letterpress wedding invitations on heavy cotton paper, printed in Richmond';

    // Act
    const cuts = [10, 27, 40, 72].map((limit) => shortenAtWord(text, limit));

    // Assess
    expect(cuts).toEqual([
      'Hand-set…',
      'Hand-set letterpress…',
      'Hand-set letterpress wedding…',
      'Hand-set letterpress wedding invitations on heavy cotton paper, printed…',
    ]);
    for (const [index, cut] of cuts.entries()) {
      expect(charCount(cut)).toBeLessThanOrEqual([10, 27, 40, 72][index]!);
      const words = cut.replace(/…$/, '').split(' ');
      expect(text.split(' ').slice(0, words.length).join(' ').replace(/,$/, '')).toBe(words.join(' '));
    }
    expect(shortenAtWord(text, 200)).toBe(text);
    expect(shortenAtWord('Supercalifragilistic', 8)).toBe('');
  });

  it('takes whole sentences in order, skipping one that does not fit for a later one that does', () => {
    // Act
    const text = sentencesWithin(
      ['Salmon treats picky cats finish.', 'Buy 3, get 1 free on every order this week only.', 'Shop now.'],
      { maxChars: 45 },
    );

    // Assess
    expect(text).toBe('Salmon treats picky cats finish. Shop now.');
  });

  it('holds the Meta primary text to 125 characters and its lead to 72, TikTok to 100', () => {
    expect(copyFields.metaPrimaryText).toMatchObject({ maxChars: 125, leadChars: 72 });
    expect(copyFields.tiktokAdText).toMatchObject({ maxChars: 100, noLinks: true });
    expect(copyFields.metaHeadline.maxChars).toBe(27);
  });
});
