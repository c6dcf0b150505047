// The template writer on the demo shops' own facts (local/demo-shops), where the ads bench found an
// ad over a budget: the coin shop's direct-response 8 s ad drawn in the safe layout (a line its
// heavy capitals could not draw in two lines; the safe layout's bigger type left the product 48 %
// of the safe zone); the roaster's UGC 8 s ad heard at 2.81 words a second (UGC's ceiling 2.8),
// its lines longer than their scenes hold at that pace, so the voice sped them up past it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeZone } from '#generation/compose/geometry.ts';
import { drawnLineCount } from '#generation/compose/text-blocks.ts';
import { readMaxSeconds } from '#generation/compose/voice-track.ts';
import { spokenWordCount } from '#generation/storyboard/spoken-words.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { writeTemplateStoryboard } from '#generation/storyboard/template-writer.ts';
import { styleDefinition } from '#generation/styles/styles.ts';
import type { WebsiteAnalysis } from '#generation/website/analyze-website.ts';
import { setTestSiteHosts } from '#generation/website/fetch-public-page.ts';
import { demoShopHosts, serveDemoShops } from '#local/demo-shops/serve.ts';
import { type DemoShopSlug, demoShops, demoUploadKey } from '#local/demo-shops/shops.ts';
import { type AdDuration, adDurations, type Style, styles } from '#shared/contract.ts';
import { readDemoShop } from '#tests/unit/support/read-demo-shop.ts';

const sites = new Map<string, WebsiteAnalysis>();

beforeAll(async () => {
  const shops = await serveDemoShops();
  setTestSiteHosts(demoShopHosts);
  try {
    for (const slug of ['ember-oak-coffee', 'agora-coins', 'picky-paws'] as const)
      sites.set(slug, await readDemoShop(shops.url(slug)));
  } finally {
    setTestSiteHosts(null);
    await shops.close();
  }
});

afterAll(() => sites.clear());

function write(slug: DemoShopSlug, style: Style, durationSeconds: AdDuration): Storyboard {
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

  it('ember-oak-coffee, ugc, 8 s: each story line can be said inside its scene at UGC’s fastest pace, the hook’s whole headline on screen', () => {
    // Act
    const storyboard = write('ember-oak-coffee', 'ugc', 8);

    // Assess: a line longer than this is sped up past the style's pace to fit (voice/pace.ts lineRate).
    const { pace } = styleDefinition('ugc');
    expect(storyboard.scenes[0]!.text.join(' ')).toBe('POV: you found small-batch coffee, roasted over oak');
    for (const scene of storyboard.scenes.filter((each) => each.role !== 'cta')) {
      const seconds = readMaxSeconds(scene.endSeconds - scene.startSeconds);
      expect(spokenWordCount(scene.voiceLine), scene.voiceLine).toBeLessThanOrEqual(seconds * pace.max);
    }
  });

  it('never opens on a line the body says again (the roaster’s cinematic 12 s opening B said "Our House Blend, $16." twice)', () => {
    for (const slug of ['ember-oak-coffee', 'agora-coins', 'picky-paws'] as const)
      for (const style of styles)
        for (const duration of adDurations) {
          // Act
          const storyboard = write(slug, style, duration);

          // Assess
          const body = storyboard.scenes.slice(1).map((scene) => scene.voiceLine);
          for (const opening of storyboard.openings ?? [])
            expect(body, `${slug} ${style} ${duration} s ${opening.id}`).not.toContain(opening.voiceLine);
        }
  });
});
