// The template writer on the demo shops' own facts (local/demo-shops), where the ads bench found an
// ad over a budget: the coin shop's direct-response 8 s ad drawn in the safe layout (a line its
// heavy capitals could not draw in two lines; the safe layout's bigger type left the product 48 %
// of the safe zone).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeZone } from '#generation/compose/geometry.ts';
import { drawnLineCount } from '#generation/compose/text-blocks.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { writeTemplateStoryboard } from '#generation/storyboard/template-writer.ts';
import { styleDefinition } from '#generation/styles/styles.ts';
import { analyzeWebsite, type WebsiteAnalysis } from '#generation/website/analyze-website.ts';
import { setTestSiteHosts } from '#generation/website/fetch-public-page.ts';
import { demoShopHosts, serveDemoShops } from '#local/demo-shops/serve.ts';
import { type DemoShopSlug, demoShops, demoUploadKey } from '#local/demo-shops/shops.ts';
import type { Style } from '#shared/contract.ts';

const sites = new Map<string, WebsiteAnalysis>();

beforeAll(async () => {
  const shops = await serveDemoShops();
  setTestSiteHosts(demoShopHosts);
  try {
    for (const slug of ['ember-oak-coffee', 'agora-coins'] as const)
      sites.set(slug, await analyzeWebsite(shops.url(slug)));
  } finally {
    setTestSiteHosts(null);
    await shops.close();
  }
});

afterAll(() => sites.clear());

function write(slug: DemoShopSlug, style: Style, durationSeconds: 8 | 12): Storyboard {
  const shop = demoShops.find((each) => each.slug === slug)!;
  return writeTemplateStoryboard({
    site: sites.get(slug)!,
    order: { style, durationSeconds, uploadKey: 'buyerPhoto' in shop ? demoUploadKey : null },
  });
}

describe('the template writer on the demo shops’ facts', () => {
  it.each(['direct-response', 'ugc'] as const)(
    'agora-coins, %s, 8 s: every scene’s text drawn by the style’s own type (never the safe layout’s)',
    (style) => {
      // Act
      const storyboard = write('agora-coins', style, 8);

      // Assess: each story headline within the style's lines at its least size across the safe zone.
      const { headline, endTitle } = styleDefinition(style).look.type;
      for (const scene of storyboard.scenes.filter((each) => each.role !== 'cta')) {
        expect(
          drawnLineCount(scene.text.join(' '), headline, safeZone.width, scene.text),
          scene.text.join(' '),
        ).not.toBeNull();
      }
      expect(
        drawnLineCount(storyboard.endCard.title, endTitle, safeZone.width),
        storyboard.endCard.title,
      ).not.toBeNull();
    },
  );
});
