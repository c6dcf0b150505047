import { describe, expect, it } from 'vitest';
import { adHeardBudget, scenePlace, voiceBudget } from '#generation/storyboard/scene-words.ts';
import { siteCopy } from '#generation/storyboard/site-copy.ts';
import { spokenWordCount } from '#generation/storyboard/spoken-words.ts';
import { type Storyboard, wordsOf } from '#generation/storyboard/storyboard.ts';
import { genericLinePatterns, paceProblems, storyboardProblems } from '#generation/storyboard/storyboard-checks.ts';
import { storyboardSchema } from '#generation/storyboard/storyboard-schema.ts';
import { templateStoryboardWriter, writeTemplateStoryboard } from '#generation/storyboard/template-writer.ts';
import type { StoryboardInput } from '#generation/storyboard/writer.ts';
import { styleDefinition } from '#generation/styles/styles.ts';
import { styles } from '#shared/contract.ts';
import { northwindFacts } from '#tests/integration/support/ad-fixtures.ts';
import { type SitePage, siteFactsOf, unreachableSite as unreachable } from '#tests/unit/fixtures/sites.ts';

const durations = [4, 8, 12] as const;
const uploadKey = '0f8fad5b-d9cb-469f-a165-70867728950e.jpg';
const factSites: SitePage[] = ['candleShop', 'saas', 'plumber', 'bare'];

function board(site: StoryboardInput['site'], style: Storyboard['style'], durationSeconds: 4 | 8 | 12, upload = false) {
  return writeTemplateStoryboard({ site, order: { style, durationSeconds, uploadKey: upload ? uploadKey : null } });
}

const everyAd = [
  ...factSites.map((page) => [page, siteFactsOf(page)] as const),
  ['unreachable', unreachable] as const,
].flatMap(([name, site]) => styles.flatMap((style) => durations.map((duration) => ({ name, site, style, duration }))));
const northwind = { ...northwindFacts, source: 'site' } as const;
const northwindAds = styles.flatMap((style) =>
  durations.map((duration) => ({ name: 'northwind', site: northwind, style, duration })),
);

/** Heard words of the whole voice-over ("$34" is three words, a domain is read out). */
function heardWords(storyboard: Storyboard): number {
  return storyboard.scenes.reduce((sum, scene) => sum + spokenWordCount(scene.voiceLine), 0);
}

/** The site's own content words and numbers, its name and domain among them. */
function siteWords(site: StoryboardInput['site']): Set<string> {
  const text = [
    site.businessName.replace(/&/g, 'and'),
    site.domain,
    site.headline,
    site.description,
    ...site.benefits,
    ...(site.claims ?? []),
    ...(site.offers ?? []),
    ...(site.prices ?? []),
  ].join(' ');
  return new Set(contentWords(text));
}

function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\d][\p{L}\d.,'-]*/gu) ?? [])
    .map((word) => word.replace(/[.,]+$/, ''))
    .filter((word) => /\d/.test(word) || word.length >= 4);
}

describe('every storyboard the template writes', () => {
  it.each(everyAd)(
    '$name, $style, $duration s: valid by the schema, with nothing the site did not say',
    ({ site, style, duration }) => {
      // Act
      const storyboard = board(site, style, duration, true);

      // Assess
      expect(storyboardSchema.safeParse(storyboard).success).toBe(true);
      expect(storyboardProblems(storyboard, siteCopy(site)).filter((problem) => !/spoken words/.test(problem))).toEqual(
        [],
      );
      expect(storyboard.writer).toBe('template');
    },
  );

  it('is the same storyboard every time for the same order', () => {
    // Prepare
    const input: StoryboardInput = {
      site: siteFactsOf('candleShop'),
      order: { style: 'ugc', durationSeconds: 12, uploadKey },
    };

    // Act
    const first = writeTemplateStoryboard(input);
    const second = writeTemplateStoryboard(structuredClone(input));

    // Assess
    expect(second).toEqual(first);
  });

  it('is what the template writer hands over', async () => {
    // Prepare
    const input: StoryboardInput = { site: siteFactsOf('saas'), order: { style: 'cinematic', durationSeconds: 8 } };

    // Act
    const written = await templateStoryboardWriter.write(input);

    // Assess
    expect(written).toEqual(writeTemplateStoryboard(input));
  });
});

describe('the words, when the site gave facts', () => {
  const withFacts = everyAd.filter(({ name }) => name !== 'unreachable');

  it.each(withFacts)('$name, $style, $duration s: no line that would fit any business', ({ site, style, duration }) => {
    // Act
    const storyboard = board(site, style, duration);

    // Assess
    const lines = storyboard.scenes.flatMap((scene) => [scene.voiceLine, scene.text.join(' ')]);
    for (const line of lines) for (const pattern of genericLinePatterns) expect(line).not.toMatch(pattern);
    expect(lines.join(' ')).not.toMatch(/discover|stop scrolling|get started|meet /i);
  });

  it.each(withFacts.filter(({ name }) => name !== 'bare'))(
    '$name, $style, $duration s: the hook and every body line say the site’s own words or numbers',
    ({ site, style, duration }) => {
      // Act
      const storyboard = board(site, style, duration);

      // Assess
      const own = siteWords(site);
      for (const scene of storyboard.scenes.slice(0, -1)) {
        expect(
          contentWords(scene.voiceLine).filter((word) => own.has(word)),
          scene.voiceLine,
        ).not.toEqual([]);
        expect(
          contentWords(scene.text.join(' ')).filter((word) => own.has(word)),
          scene.text.join(' '),
        ).not.toEqual([]);
      }
    },
  );

  it('shows a price only beside the product it buys, and names the product the site sells', () => {
    for (const page of factSites) {
      const site = siteFactsOf(page);
      const sold = site.products?.[0]?.name ?? null;
      for (const style of styles) {
        // Act
        const storyboard = board(site, style, 12);

        // Assess
        for (const scene of storyboard.scenes) {
          // An offer's threshold ("Free shipping on orders over $50") is its condition, not a price.
          if (siteCopy(site).offers.includes(scene.text.join(' '))) continue;
          const shown = `${scene.text.join(' ')} ${scene.callout ?? ''}`;
          if (!/[$€£]\d/.test(shown)) continue;
          expect(sold, `${page}: "${shown}" shows a price with no product to name`).not.toBeNull();
          expect(shown.toLowerCase()).toContain(sold!.toLowerCase());
        }
        expect(storyboard.product?.name ?? null).toBe(sold);
      }
    }
  });

  it('turns the offer slot into another benefit or proof when the site shows no price or offer', () => {
    // Prepare: the plumber's page has no price; this copy of it has no offer either.
    const plumber = siteFactsOf('plumber');
    const site = { ...plumber, offers: [], benefits: plumber.benefits.filter((benefit) => !/free/i.test(benefit)) };

    for (const style of styles) {
      // Act
      const storyboard = board(site, style, 12);

      // Assess
      expect(storyboard.scenes.map((scene) => scene.role)).not.toContain('offer');
      expect(storyboard.scenes.map((scene) => scene.callout ?? '').join(' ')).not.toMatch(/\$|%|free/i);
    }
  });

  it('ends on a specific verb and the domain, the voice saying one of them', () => {
    for (const style of styles) {
      // Act
      const storyboard = board(siteFactsOf('saas'), style, 12);

      // Assess
      const cta = storyboard.scenes.at(-1)!;
      expect(cta.role).toBe('cta');
      expect(cta.text).toEqual([storyboard.endCard.cta]);
      expect(cta.voiceLine).toMatch(/tasklane\.io|free trial/i);
      // No upload and no product photo: the end card shows the logo; its title a reason, not the name.
      expect(storyboard.endCard).toMatchObject({ cta: 'Get your free trial', domain: 'tasklane.io', asset: 'site-3' });
      expect(storyboard.endCard.title).not.toBe('Tasklane');
    }
  });
});

describe('pace: what the style’s voice can say in the time', () => {
  it.each([...everyAd, ...northwindAds])(
    '$name, $style, $duration s: every line within its scene’s budget, the whole voice-over within the ad’s',
    ({ site, style, duration }) => {
      // Act
      const storyboard = board(site, style, duration);

      // Assess
      for (const scene of storyboard.scenes) {
        const seconds = scene.endSeconds - scene.startSeconds;
        const budget = voiceBudget(
          style,
          seconds,
          scenePlace(storyboard.scenes.indexOf(scene), storyboard.scenes.length),
        );
        expect(spokenWordCount(scene.voiceLine), scene.voiceLine).toBeLessThanOrEqual(budget.max);
        expect(wordsOf(scene.voiceLine).length).toBeLessThanOrEqual(budget.words);
      }
      expect(heardWords(storyboard)).toBeLessThanOrEqual(adHeardBudget(style, duration));
    },
  );

  // A 4 s ad's 1.3 s scenes hold three or four heard words: a site whose every fact is longer says
  // its name there (copy-rules.test.ts holds the shops' 4 s ads to every scene's minimum).
  it.each(
    [...everyAd, ...northwindAds].filter(
      ({ name, duration }) => name !== 'bare' && name !== 'unreachable' && duration > 4,
    ),
  )(
    '$name, $style, $duration s: a site with facts fills most of what the voice can say',
    ({ site, style, duration }) => {
      // Act
      const storyboard = board(site, style, duration);

      // Assess
      expect(heardWords(storyboard)).toBeGreaterThanOrEqual(0.7 * adHeardBudget(style, duration));
    },
  );

  it.each([...everyAd, ...northwindAds])(
    '$name, $style, $duration s: every line is whole (never stopped mid-phrase), and the ad speaks to its end',
    ({ site, style, duration }) => {
      // Act
      const storyboard = board(site, style, duration);

      // Assess
      for (const scene of storyboard.scenes) {
        expect(scene.voiceLine).toMatch(/[.!?"]$/);
        const last = wordsOf(scene.voiceLine)
          .at(-1)!
          .replace(/[.!?]+$/, '')
          .toLowerCase();
        expect(
          ['a', 'an', 'the', 'and', 'for', 'to', 'of', 'with', 'in', "it's", 'plus', 'called'],
          scene.voiceLine,
        ).not.toContain(last);
      }
    },
  );
});

describe('the voice of each style', () => {
  it('UGC speaks in the first person, answers its comment, and never raises a doubt or says filler', () => {
    // Act
    const storyboard = board(siteFactsOf('saas'), 'ugc', 12);

    // Assess
    expect(storyboard.persona).toBe('first-person');
    expect(storyboard.scenes.map((scene) => scene.voiceLine).join(' ')).not.toMatch(/honestly|legit|is that true/i);
    const phone = storyboard.scenes.flatMap((scene) => (scene.phoneElement ? [scene.phoneElement.kind] : []));
    expect(phone.at(-1)).toBe('text-bubble');
  });

  it('UGC never speaks as a customer: no purchase, use or liking the voice could not have had', () => {
    for (const page of factSites) {
      for (const duration of durations) {
        // Act
        const storyboard = board(siteFactsOf(page), 'ugc', duration, true);

        // Assess
        for (const scene of storyboard.scenes) {
          expect(scene.voiceLine).not.toMatch(
            /\bI (got|bought|use|used|love|tried|ordered)\b|what I like|another customer/i,
          );
        }
      }
    }
  });

  it('cinematic never raises its voice, and leaves stamps and phone elements out', () => {
    for (const page of factSites) {
      // Act
      const storyboard = board(siteFactsOf(page), 'cinematic', 12);

      // Assess
      expect(storyboard.persona).toBe('brand');
      for (const scene of storyboard.scenes) {
        expect(scene.voiceLine).not.toContain('!');
        expect(scene).not.toHaveProperty('callout');
        expect(scene).not.toHaveProperty('phoneElement');
      }
    }
  });

  it('direct-response is urgent', () => {
    // Act
    const storyboard = board(siteFactsOf('saas'), 'direct-response', 12);

    // Assess
    expect(storyboard.scenes[0]!.voiceLine).toMatch(/[!?]$/);
    expect(storyboard.scenes.at(-1)!.voiceLine).toMatch(/!$/);
  });
});

describe('with no facts at all (the site could not be read)', () => {
  it.each(styles)('%s: says the name and the domain and nothing else', (style) => {
    for (const duration of durations) {
      // Act
      const storyboard = board(unreachable, style, duration);

      // Assess
      const said = storyboard.scenes.map((scene) => `${scene.voiceLine} ${scene.text.join(' ')}`).join(' ');
      expect(said).not.toMatch(/\d|discover/i);
      const allowed = new Set(['juniper', 'yoga', 'juniperyoga.studio', 'this', 'find', 'visit']);
      expect(contentWords(said).filter((word) => !allowed.has(word))).toEqual([]);
    }
  });
});

describe('the pictures', () => {
  it('shows the buyer’s photo first, then the site’s images as site-1…', () => {
    // Act
    const storyboard = board(siteFactsOf('candleShop'), 'cinematic', 12, true);

    // Assess
    expect(storyboard.assets.map((asset) => [asset.id, asset.source])).toEqual([
      ['upload', 'upload'],
      ['site-1', 'product'],
      ['site-2', 'product'],
      ['site-3', 'product'],
      ['site-4', 'og-image'],
      ['site-5', 'logo'],
    ]);
    expect(storyboard.assets[0]).toEqual({ id: 'upload', source: 'upload', key: uploadKey });
    expect(storyboard.scenes[0]!.shots[0]!.asset).toBe('upload');
    expect(storyboard.endCard.asset).toBe('upload');
  });

  it.each(everyAd)(
    '$name, $style, $duration s: a product is never cropped full-bleed, the logo only on the end card',
    ({ site, style, duration }) => {
      // Act
      const storyboard = board(site, style, duration, true);

      // Assess
      const sourceOf = new Map(storyboard.assets.map((asset) => [asset.id, asset.source]));
      for (const shot of storyboard.scenes.flatMap((scene) => scene.shots)) {
        const source = shot.asset ? sourceOf.get(shot.asset) : undefined;
        if (source === 'product' || source === 'upload') expect(shot.framing).not.toBe('full-bleed');
        if (source === 'logo') expect(['end-card', 'brand']).toContain(shot.framing);
      }
    },
  );

  it('ends on the best product photo without an upload, else the logo', () => {
    // Act
    const shop = board(siteFactsOf('candleShop'), 'ugc', 8);
    const plumber = board(siteFactsOf('plumber'), 'ugc', 8);
    const bare = board(siteFactsOf('bare'), 'ugc', 8);

    // Assess
    expect(shop.endCard.asset).toBe('site-1');
    expect(plumber.assets.find((asset) => asset.id === plumber.endCard.asset)?.source).toBe('logo');
    expect(bare).toMatchObject({ assets: [], endCard: { asset: null } });
    expect(bare.scenes[0]!.shots[0]).toMatchObject({ asset: null, framing: 'brand' });
  });

  it('moves the camera by style: slow pushes for cinematic, still cuts of 0.8–1.5 s for direct-response, a hand-held phone for UGC', () => {
    for (const duration of durations) {
      // Act
      const [cinematic, directResponse, ugc] = styles.map((style) => board(siteFactsOf('saas'), style, duration, true));

      // Assess
      const storyShots = (storyboard: Storyboard) =>
        storyboard.scenes.filter((scene) => scene.role !== 'cta').flatMap((scene) => scene.shots);
      expect(new Set(storyShots(cinematic!).map((shot) => shot.motion))).toEqual(new Set(['push-in', 'pull-out']));
      expect(new Set(storyShots(directResponse!).map((shot) => shot.motion))).toEqual(new Set(['static']));
      // UGC's photos are hand-held; the shop's page it scrolls (8 and 12 s) is scrolled.
      const photos = storyShots(ugc!).filter((shot) => shot.framing !== 'site-scroll');
      expect(new Set(photos.map((shot) => shot.motion))).toEqual(new Set(['handheld']));
      for (const shot of storyShots(ugc!)) expect(shot.motion === 'scroll').toBe(shot.framing === 'site-scroll');
      for (const shot of storyShots(directResponse!).slice(1)) {
        expect(shot.seconds).toBeGreaterThanOrEqual(0.8);
        expect(shot.seconds).toBeLessThanOrEqual(1.5);
      }
    }
  });

  it('follows the scene plan of every style and length', () => {
    for (const style of styles) {
      for (const duration of durations) {
        // Act
        const storyboard = board(siteFactsOf('candleShop'), style, duration, true);

        // Assess
        const plan = styleDefinition(style).plan[duration];
        expect(storyboard.scenes.map((scene) => [scene.endSeconds - scene.startSeconds, scene.shots.length])).toEqual(
          plan.map((planned) => [expect.closeTo(planned.seconds, 6), planned.shots]),
        );
      }
    }
  });

  it("ends a line too short for its scene with the brand's name rather than half a second of silence", () => {
    // Prepare: a roaster whose last selling point is two words, for a 2.3 s cinematic scene.
    const site = {
      businessName: 'Ember & Oak',
      domain: 'emberoak.coffee',
      headline: 'Small-batch coffee, roasted over oak',
      description: '',
      benefits: ['Compostable bags'],
      claims: ['Compostable bags'],
      offers: ['Free shipping on orders over $35'],
      products: [{ name: 'House Blend', price: '$16', rating: { value: 4.8, count: 212, best: 5 } }],
      source: 'site' as const,
    };

    // Act
    const storyboard = board(site, 'cinematic', 12, true);

    // Assess
    const bags = storyboard.scenes.find((scene) => scene.text.join(' ') === 'Compostable bags')!;
    expect(bags.voiceLine).toBe('Compostable bags. Ember and Oak.');
    expect(paceProblems(storyboard)).toEqual([]);
  });
});

describe('a site that could not be read, with the buyer’s photo', () => {
  const unreadableAds = styles.flatMap((style) => durations.map((duration) => ({ style, duration })));

  it.each(unreadableAds)(
    '$style, $duration s: every line fills its scene at the style’s pace and no story line is said twice',
    ({ style, duration }) => {
      // Act
      const storyboard = board(unreachable, style, duration, true);

      // Assess
      expect(paceProblems(storyboard)).toEqual([]);
      const story = storyboard.scenes.slice(0, -1).map((scene) => scene.voiceLine);
      expect(new Set(story).size).toBe(story.length);
    },
  );
});

describe('AI footage prompts', () => {
  it('ask UGC for hands and a setting around the product, never a person who could speak as a customer', () => {
    // Act
    const prompts = factSites.flatMap((page) =>
      board(siteFactsOf(page), 'ugc', 12, true).scenes.flatMap((scene) =>
        scene.footage ? [scene.footage.prompt] : [],
      ),
    );

    // Assess
    expect(prompts.length).toBeGreaterThan(0);
    for (const prompt of prompts) {
      expect(prompt).toMatch(/\bhands\b/);
      expect(prompt).toContain('no face in frame');
      expect(prompt).not.toMatch(/\b(person|customer|professional|smiling)\b/i);
    }
  });
});
