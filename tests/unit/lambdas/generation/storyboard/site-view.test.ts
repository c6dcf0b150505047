// The site view (storyboard `siteView`, `site-scroll` shots): what the schema accepts and limits,
// and when the template writer draws the shop's page (a UGC ad of a site that gave a product and a
// picture) or falls back to photos.
import { describe, expect, it } from 'vitest';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { parseStoryboard } from '#generation/storyboard/storyboard-schema.ts';
import { writeTemplateStoryboard } from '#generation/storyboard/template-writer.ts';
import { handWrittenStoryboard, withSiteView } from '#tests/integration/support/hand-written-storyboards.ts';
import { siteFactsOf } from '#tests/unit/fixtures/sites.ts';

const ugc12 = () => withSiteView(handWrittenStoryboard('ugc', 12));
const problemsOf = (board: unknown) => {
  const parsed = parseStoryboard(board);
  return 'problems' in parsed ? parsed.problems : [];
};

describe('the storyboard schema, for the site view', () => {
  it('accepts a UGC storyboard whose scene after the hook scrolls the site view', () => {
    // Act
    const board = ugc12();

    // Assess
    expect(problemsOf(board)).toEqual([]);
    expect(board.scenes[1]!.shots.map((shot) => [shot.framing, shot.motion])).toEqual([
      ['site-scroll', 'scroll'],
      ['site-scroll', 'scroll'],
    ]);
  });

  it('still reads a version 3 storyboard written before the view existed', () => {
    expect(problemsOf(handWrittenStoryboard('ugc', 12))).toEqual([]);
  });

  it.each([
    [
      'a product name over 40 characters',
      (board: Storyboard) => {
        board.siteView!.products[0]!.name = 'A'.repeat(41);
      },
      'siteView.products.0.name',
    ],
    [
      'a price over 16 characters',
      (board: Storyboard) => {
        board.siteView!.products[0]!.price = '$1,234.00 per month';
      },
      'siteView.products.0.price',
    ],
    [
      'a headline over 80 characters',
      (board: Storyboard) => {
        board.siteView!.headline = 'word '.repeat(20);
      },
      'siteView.headline',
    ],
    [
      'five products',
      (board: Storyboard) => {
        board.siteView!.products.push(...board.siteView!.products.slice(0, 2));
      },
      'siteView.products',
    ],
    [
      'a rating over 5',
      (board: Storyboard) => {
        board.siteView!.products[0]!.rating = 9;
      },
      'siteView.products.0.rating',
    ],
    [
      'an image that is not an asset',
      (board: Storyboard) => {
        board.siteView!.hero = 'https://evil.test/x.png';
      },
      'siteView',
    ],
    [
      'a site-scroll shot without a site view',
      (board: Storyboard) => {
        delete board.siteView;
      },
      'scenes.1.shots.0.framing',
    ],
    [
      'a scroll on a photo',
      (board: Storyboard) => {
        board.scenes[2]!.shots[0]!.motion = 'scroll';
      },
      'scenes.2.shots.0.motion',
    ],
  ])('refuses %s', (_, spoil, path) => {
    // Prepare
    const board = structuredClone(ugc12());
    spoil(board);

    // Act
    const problems = problemsOf(board);

    // Assess
    expect(problems.some((problem) => problem.startsWith(`${path}:`))).toBe(true);
  });
});

describe('the template writer and the site view', () => {
  it("draws the shop's page after the hook of an 8 and a 12 s UGC ad, from the site's own facts", () => {
    for (const durationSeconds of [8, 12] as const) {
      // Act
      const board = writeTemplateStoryboard({
        site: siteFactsOf('candleShop'),
        order: { style: 'ugc', durationSeconds, uploadKey: null },
      });

      // Assess
      expect(board.siteView).toEqual({
        headline: 'Cedar & Smoke Soy Candle',
        offer: 'Free shipping on orders over $50',
        hero: 'site-4',
        logo: 'site-5',
        products: [{ name: 'Cedar & Smoke Soy Candle', price: '$34', rating: 4.8, image: 'site-1' }],
      });
      expect(board.scenes[1]!.shots.every((shot) => shot.framing === 'site-scroll')).toBe(true);
      expect(board.scenes[1]!.footage).toBeUndefined();
      const others = board.scenes.filter((_, index) => index !== 1).flatMap((scene) => scene.shots);
      expect(others.some((shot) => shot.framing === 'site-scroll')).toBe(false);
    }
  });

  it('falls back to photos when the site names no product, and in the other styles', () => {
    // Act
    const plumber = writeTemplateStoryboard({
      site: siteFactsOf('plumber'),
      order: { style: 'ugc', durationSeconds: 12, uploadKey: null },
    });
    const cinematic = writeTemplateStoryboard({
      site: siteFactsOf('candleShop'),
      order: { style: 'cinematic', durationSeconds: 12, uploadKey: null },
    });

    // Assess
    for (const board of [plumber, cinematic]) {
      expect(board.siteView).toBeUndefined();
      expect(board.scenes.flatMap((scene) => scene.shots).some((shot) => shot.framing === 'site-scroll')).toBe(false);
    }
  });
});
