// The copy a performance marketer would run, held for four shops × three styles × three lengths:
// a hook that is a whole rung of the ladder (the site's headline, an offer, a number with its noun,
// the product's own review), the product named on screen and in the voice in the first half, no
// price without what it buys, the offer on the end card, no fact twice, every voice line filling
// its scene at the style's pace, the brand's name once on the end card. The rules are computed
// here from the storyboard itself, not by the writer's own checks.
import { describe, expect, it } from 'vitest';
import { safeZone } from '#generation/compose/geometry.ts';
import { drawnLineCount } from '#generation/compose/text-blocks.ts';
import { pacing } from '#generation/storyboard/scene-plans.ts';
import { siteCopy } from '#generation/storyboard/site-copy.ts';
import { spokenWordCount } from '#generation/storyboard/spoken-words.ts';
import { type Storyboard, wordsOf } from '#generation/storyboard/storyboard.ts';
import { copyProblems, storyboardProblems } from '#generation/storyboard/storyboard-checks.ts';
import { storyboardSchema } from '#generation/storyboard/storyboard-schema.ts';
import { namedThing } from '#generation/storyboard/style-lines.ts';
import { writeTemplateStoryboard } from '#generation/storyboard/template-writer.ts';
import { listCountOf } from '#generation/storyboard/text-lines.ts';
import type { StoryboardInput } from '#generation/storyboard/writer.ts';
import { styleDefinition } from '#generation/styles/styles.ts';
import { styles } from '#shared/contract.ts';
import { catTreats, coffeeRoaster, motorcycleGarage, nameOnly } from '#tests/unit/fixtures/ad-copy-sites.ts';

const durations = [4, 8, 12] as const;

interface Shop {
  name: string;
  site: StoryboardInput['site'];
  /** Every rung of the hook ladder the site offers, as a whole on-screen line. */
  rungs: string[];
  /** The site's own whole lines a 4 s hook falls back to when no rung can be said in 1.3 s. */
  shortLines: string[];
  product?: { name: string; price: string };
  offer?: string;
}

const shops: Shop[] = [
  {
    name: 'coffee roaster',
    site: coffeeRoaster,
    rungs: [
      'Coffee roasted the day it ships',
      'POV: you found coffee roasted the day it ships',
      'Subscribe and save 15%',
      'Free shipping on orders over $40',
      '4.8 stars from 212 reviews',
      'House Blend — $16',
      'House Blend',
      '“The freshest bag I have ever opened”',
    ],
    shortLines: ['Roasted to order'],
    product: { name: 'House Blend', price: '$16' },
    offer: 'Subscribe and save 15%',
  },
  {
    name: 'cat-treat shop',
    site: catTreats,
    rungs: [
      'Salmon treats picky cats actually finish',
      'POV: you found salmon treats picky cats actually finish',
      'Buy 3, get 1 free',
    ],
    shortLines: ['Nothing else added'],
    offer: 'Buy 3, get 1 free',
  },
  {
    name: 'motorcycle garage',
    site: motorcycleGarage,
    rungs: [
      'Restored classic motorcycles, ready to ride',
      'POV: you found restored classic motorcycles, ready to ride',
      'Yamaha XS400 — $4,200',
      'Yamaha XS400',
      '12-month warranty on every bike',
    ],
    shortLines: ['Road-tested before sale', 'Rebuilt in our own shop'],
    product: { name: 'Yamaha XS400', price: '$4,200' },
  },
];

const ads = [...shops, { name: 'name-only site', site: nameOnly, rungs: [], shortLines: [] } as Shop].flatMap((shop) =>
  styles.flatMap((style) =>
    durations.map((duration) => ({
      ...shop,
      style,
      duration,
      storyboard: writeTemplateStoryboard({
        site: shop.site,
        order: { style, durationSeconds: duration, uploadKey: null },
      }),
    })),
  ),
);
const shopAds = ads.filter((ad) => ad.name !== 'name-only site');

const compact = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const shows = (text: string, part: string) => compact(text).includes(compact(part));
const seconds = (scene: Storyboard['scenes'][number]) => scene.endSeconds - scene.startSeconds;
const storyScenes = (storyboard: Storyboard) => storyboard.scenes.filter((scene) => scene.role !== 'cta');
const onScreen = (scene: Storyboard['scenes'][number]) =>
  [scene.text.join(' '), scene.callout ?? '', scene.phoneElement?.text ?? ''].join(' ');

describe('the hook: the first rung of the ladder the site offers, whole', () => {
  it.each(shopAds)('$name, $style, $duration s', ({ storyboard, rungs, shortLines, duration, style, site }) => {
    // Assess
    const hook = storyboard.scenes[0]!;
    const text = hook.text.join(' ');
    // A creator's list ("3 things I found at …", UGC 12 s) opens on its title, said whole.
    const listCount = listCountOf(storyboard.scenes);
    if (listCount !== null) {
      expect(text).toBe(`${listCount} things I found at ${storyboard.brand.name}`);
      expect(hook.voiceLine).toMatch(/^(three things I found at|three finds from) .+\.$/i);
      return;
    }
    // A 4 s ad's hook lasts 1.3 s: when no rung can be said in it, the site's own shortest whole line,
    // and at the calm pace (three heard words) perhaps only the brand's name.
    const fallbacks = duration === 4 ? [...shortLines, ...(style === 'cinematic' ? [site.businessName] : [])] : [];
    expect([...rungs, ...fallbacks]).toContain(text);
    expect(text).not.toMatch(/^(within|with|in|on|at|for|from|by|under|over|and|plus)\b/i);
    expect(hook.voiceLine).toMatch(/[.!?"”]$/);
    expect(hook.voiceLine).not.toMatch(/^(within|with|in|on|at|for|from|by|under|over|and|plus)\b/i);
    // The voice says the line the screen shows (UGC's "POV: you found" aside), or names its product;
    // in UGC, what a headline names when the hook cannot say its clause at the style's pace.
    const shown = text.replace(/^POV: you found /, '').replace(/ — .*$/, '');
    const thing = style === 'ugc' ? namedThing(shown) : undefined;
    // A 4 s cinematic ad whose product takes longer than 1.3 s to name says the brand over it.
    const said =
      shows(hook.voiceLine, shown) ||
      (thing !== undefined && shows(hook.voiceLine, thing)) ||
      (duration === 4 && shows(hook.voiceLine, site.businessName));
    expect(said, `${hook.voiceLine} / ${text}`).toBe(true);
  });

  it('takes the headline when there is time to say it, else the offer, else the product with its price', () => {
    // Act
    const hookOf = (site: StoryboardInput['site'], style: Storyboard['style'], duration: 4 | 8 | 12) =>
      writeTemplateStoryboard({ site, order: { style, durationSeconds: duration } }).scenes[0]!.text.join(' ');

    // Assess
    expect(hookOf(coffeeRoaster, 'cinematic', 12)).toBe('Coffee roasted the day it ships');
    expect(hookOf(coffeeRoaster, 'cinematic', 8)).toBe('Subscribe and save 15%');
    expect(hookOf(coffeeRoaster, 'direct-response', 4)).toBe('House Blend');
    expect(hookOf(catTreats, 'direct-response', 12)).toBe('Salmon treats picky cats actually finish');
    expect(hookOf(catTreats, 'ugc', 8)).toBe('POV: you found salmon treats picky cats actually finish');
    expect(hookOf(motorcycleGarage, 'cinematic', 8)).toBe('Yamaha XS400 — $4,200');
  });

  it('quotes the product’s own review as a customer’s words, never a page’s rating, when it is the rung left', () => {
    // Prepare: no headline, no offer, no price: the review is the first rung that fits.
    const site = {
      ...coffeeRoaster,
      headline: 'Ember & Oak',
      offers: [],
      benefits: [],
      description: '',
      products: [{ name: 'House Blend', review: { quote: 'The freshest bag I have ever opened' } }],
    };

    // Act
    const storyboard = writeTemplateStoryboard({ site, order: { style: 'direct-response', durationSeconds: 12 } });

    // Assess
    expect(storyboard.scenes[0]!.text.join(' ')).toBe('“The freshest bag I have ever opened”');
    expect(storyboard.scenes[0]!.voiceLine).toContain('"The freshest bag I have ever opened."');
    expect(storyboard.scenes.map((scene) => scene.text.join(' ')).join(' ')).not.toMatch(/4\.8\/5/);
  });
});

describe('what is sold: named, said and shown, never a price alone', () => {
  it.each(shopAds.filter((ad) => ad.product && !(ad.duration === 4 && ad.style === 'cinematic')))(
    '$name, $style, $duration s: the product on screen and in the voice in the first half',
    ({ storyboard, product }) => {
      // Assess
      const firstHalf = storyboard.scenes.filter((scene) => scene.startSeconds < storyboard.durationSeconds / 2);
      expect(firstHalf.some((scene) => shows(scene.text.join(' '), product!.name))).toBe(true);
      expect(firstHalf.some((scene) => shows(scene.voiceLine, product!.name))).toBe(true);
      expect(storyboard.product).toEqual(product);
    },
  );

  it.each(shopAds)(
    '$name, $style, $duration s: every price is shown with what it buys',
    ({ storyboard, product, site }) => {
      // Assess
      for (const scene of storyScenes(storyboard)) {
        // An offer's threshold ("Free shipping on orders over $40") is its condition, not a price.
        if (site.offers?.includes(scene.text.join(' '))) continue;
        if (/[$€£]\s?\d/.test(onScreen(scene))) expect(shows(onScreen(scene), product?.name ?? '—')).toBe(true);
      }
      if (/[$€£]\s?\d/.test(storyboard.endCard.title)) {
        expect(shows(storyboard.endCard.title, product?.name ?? '—')).toBe(true);
      }
    },
  );
});

describe('the end card: the offer, a specific verb, the brand once', () => {
  it.each(ads)('$name, $style, $duration s', ({ storyboard, offer, product, site }) => {
    // Assess
    const { endCard, brand } = storyboard;
    if (offer) expect(endCard).toMatchObject({ title: offer, offer });
    else if (product) expect(endCard.title).toBe(`${product.name} — ${product.price}`);
    expect(endCard.cta).toMatch(/^(Shop|Claim|Book|Try|Visit|Get) \S/);
    const named = (compact(`${endCard.title} ${endCard.cta}`).match(new RegExp(compact(brand.name), 'g')) ?? []).length;
    expect(named).toBeLessThanOrEqual(1);
    if (site !== nameOnly) expect(compact(endCard.title)).not.toBe(compact(brand.name));
    expect(endCard.domain).toBe(site.domain);
  });

  it('shops the product by name, or claims the discount when there is no product', () => {
    // Act
    const cta = (site: StoryboardInput['site']) =>
      writeTemplateStoryboard({ site, order: { style: 'cinematic', durationSeconds: 8 } }).endCard.cta;

    // Assess
    expect(cta(coffeeRoaster)).toBe('Shop House Blend');
    expect(cta({ ...coffeeRoaster, products: [] })).toBe('Claim 15% off');
  });

  it('names the product once: a title with the product and its price leaves the button to the verb and the brand', () => {
    // Act: the garage makes no offer, so its card's title is its bike and price.
    const { endCard } = writeTemplateStoryboard({
      site: motorcycleGarage,
      order: { style: 'cinematic', durationSeconds: 8 },
    });

    // Assess: never "Yamaha XS400 — $4,200" over "Shop Yamaha XS400" (the model number, 400, twice).
    expect(endCard.title).toBe('Yamaha XS400 — $4,200');
    expect(endCard.cta).toBe('Shop Redline Moto Garage');
  });
});

describe('no fact twice', () => {
  it.each(ads)(
    '$name, $style, $duration s: never twice in a frame, never in two scenes, never over a third of the ad',
    ({ storyboard }) => {
      // Assess
      const facts = storyScenes(storyboard).map((scene) => scene.text.join(' '));
      const brandLines = new Set([compact(storyboard.brand.name), compact(storyboard.brand.domain)]);
      for (const scene of storyScenes(storyboard)) {
        const numbers = onScreen(scene).match(/\d[\d,.]*/g) ?? [];
        expect(new Set(numbers).size, onScreen(scene)).toBe(numbers.length);
        if (scene.callout) expect(shows(scene.text.join(' '), scene.callout)).toBe(false);
        const fact = scene.text.join(' ');
        if (brandLines.has(compact(fact))) continue;
        const time = storyScenes(storyboard)
          .filter((other) => compact(other.text.join(' ')) === compact(fact))
          .reduce((sum, other) => sum + seconds(other), 0);
        expect(time).toBeLessThanOrEqual(storyboard.durationSeconds * pacing.factMaxShare + 1e-6);
        expect(facts.filter((other) => shows(other, fact) || shows(fact, other))).toHaveLength(1);
      }
    },
  );
});

describe('pace: every voice line fills its scene at the style’s words per second', () => {
  it.each(ads)('$name, $style, $duration s', ({ storyboard, style, name }) => {
    // Assess
    const { pace } = styleDefinition(style);
    storyboard.scenes.forEach((scene, index) => {
      const heard = spokenWordCount(scene.voiceLine);
      const time = seconds(scene);
      const endCard = scene.role === 'cta';
      // A story line may run 0.3 s into the next story scene, never into the end card.
      const spill = index < storyboard.scenes.length - 2 ? pacing.lineSpillSeconds : 0;
      // At most what the fastest pace says in the scene.
      expect(heard, scene.voiceLine).toBeLessThanOrEqual(Math.floor((time + spill) * pace.max + 1e-6));
      // At least what leaves ≤ 0.5 s of silence at the slowest pace (to the nearest word); the end
      // card may open on a one-second beat.
      const silence = endCard ? 1 : pacing.maxVoiceGapSeconds;
      if (name !== 'name-only site' || endCard) {
        expect(heard, `${scene.role}: ${scene.voiceLine}`).toBeGreaterThanOrEqual(
          Math.round((time - silence) * pace.min),
        );
      }
      expect(scene.voiceLine).not.toBe('');
      expect(scene.voiceLine).toMatch(/[.!?"”]$/);
    });
    const total = storyboard.scenes.reduce((sum, scene) => sum + spokenWordCount(scene.voiceLine), 0);
    expect(total).toBeLessThanOrEqual(Math.floor(storyboard.durationSeconds * pace.max + 1e-6));
  });

  it('keeps one words-per-second range per style, in the single place the schema reads it', () => {
    // Assess
    expect(Object.fromEntries(styles.map((style) => [style, styleDefinition(style).pace]))).toEqual({
      cinematic: { min: 2.0, max: 2.4 },
      'direct-response': { min: 2.6, max: 3.0 },
      ugc: { min: 2.4, max: 2.8 },
    });
    // A cinematic line of 9 written words in a 2.5 s scene is over the calm pace: the schema says so.
    const storyboard = ads.find((ad) => ad.style === 'cinematic' && ad.duration === 12)!.storyboard;
    const slow = structuredClone(storyboard);
    slow.scenes[0]!.voiceLine = 'one two three four five six seven eight nine ten.';
    expect(storyboardSchema.safeParse(slow).success).toBe(false);
  });
});

describe('UGC, honestly', () => {
  it.each(shopAds.filter((ad) => ad.style === 'ugc'))(
    '$name, $duration s: first person, no filler twice, no doubt left unanswered',
    ({ storyboard }) => {
      // Assess
      expect(storyboard.persona).toBe('first-person');
      const said = storyboard.scenes.map((scene) => scene.voiceLine).join(' ');
      expect(said).not.toMatch(/honestly|legit|is that true/i);
      for (const scene of storyboard.scenes) {
        if (scene.phoneElement?.kind !== 'comment-reply') continue;
        // The comment's question is answered by the scene it sits on: a number or a price said.
        expect(scene.voiceLine).toMatch(/\d/);
      }
      const bubble = storyboard.scenes.at(-1)!.phoneElement;
      if (bubble) expect(bubble.text).toMatch(/where is this from|who is this/);
    },
  );
});

describe('the writer’s checks, which the Bedrock writer hands back to the model', () => {
  it('name every defect of a storyboard written the old way', () => {
    // Prepare: a fragment for a hook, a bare price stamped twice, the brand twice on the end card.
    const storyboard = structuredClone(ads.find((ad) => ad.site === coffeeRoaster && ad.duration === 12)!.storyboard);
    storyboard.scenes[0]!.text = ['Within 24 hours'];
    storyboard.scenes[1]!.text = ['$16'];
    storyboard.scenes[1]!.callout = '$16';
    storyboard.endCard = { ...storyboard.endCard, title: 'Ember & Oak', cta: 'Shop Ember & Oak' };
    delete storyboard.endCard.offer;
    const garage = structuredClone(ads.find((ad) => ad.site === motorcycleGarage && ad.duration === 12)!.storyboard);
    garage.endCard = { ...garage.endCard, title: 'Yamaha XS400 — $4,200', cta: 'Shop Yamaha XS400' };

    // Act
    const problems = copyProblems(storyboard, siteCopy(coffeeRoaster));
    const garageProblems = copyProblems(garage, siteCopy(motorcycleGarage));

    // Assess
    expect(problems).toEqual(
      expect.arrayContaining([
        'scenes.0.text: "Within 24 hours" is a fragment; the hook is a whole line',
        'scenes.1.text: $16, $16 is shown without what it buys',
        'scenes.1: a fact is on screen twice at once',
        'endCard.title: carry the site\'s offer ("Subscribe and save 15%") to the end card',
        "endCard: the brand's name is on the card 2 times; once is enough",
      ]),
    );
    expect(garageProblems).toContain("endCard: the product's name is on the card 2 times; once is enough");
  });

  it('take a product’s name without the detail in its closing brackets as naming it, and no other short cut', () => {
    // Prepare: the roaster's 12 s ad shows and says "House Blend" in its first half.
    const ad = ads.find((each) => each.site === coffeeRoaster && each.duration === 12)!.storyboard;
    const named = (name: string) => {
      const storyboard = structuredClone(ad);
      storyboard.product = { ...storyboard.product!, name };
      return copyProblems(storyboard, siteCopy(coffeeRoaster)).filter((problem) => problem.includes('first half'));
    };

    // Act + Assess: "House Blend (12 oz)" is named by "House Blend", the shop's own short name for it
    expect(named('House Blend')).toEqual([]);
    expect(named('House Blend (12 oz)')).toEqual([]);
    expect(named('House Blend Decaf')).toEqual([
      'scenes: show "House Blend Decaf" on screen in the first half of the ad',
      'scenes: say "House Blend Decaf" in the first half of the ad',
    ]);
  });

  it.each(shopAds)(
    'find nothing wrong with the template’s $name, $style, $duration s',
    ({ storyboard, site, style, duration }) => {
      // Assess: 4 s cinematic ads cannot say the product's name in 1.3 s (see above).
      const problems = storyboardProblems(storyboard, siteCopy(site));
      const allowed = style === 'cinematic' && duration === 4 ? /say ".*" in the first half/ : /^$/;
      expect(problems.filter((problem) => !allowed.test(problem))).toEqual([]);
      expect(wordsOf(storyboard.scenes[0]!.voiceLine).length).toBeGreaterThan(0);
    },
  );
});

describe('the "things I found" list (UGC, 12 s)', () => {
  const listAds = shopAds.filter(({ style, duration }) => style === 'ugc' && duration === 12);

  it.each(listAds)(
    '$name: numbers three different facts of the site, what is sold first',
    ({ name, storyboard, site, product }) => {
      // Assess: the garage's and the roaster's beats would each take another line with their numbers
      // (the roaster's "2. 4.8 stars from 212 reviews" is 29 characters, yet drawn on two lines), so
      // they keep their ladder hook.
      if (name === 'motorcycle garage' || name === 'coffee roaster') {
        expect(listCountOf(storyboard.scenes)).toBeNull();
        return;
      }
      expect(listCountOf(storyboard.scenes)).toBe(3);
      const beats = storyboard.scenes.slice(1, -1).map((scene) => scene.text.join(' '));
      expect(beats.map((beat) => beat.slice(0, 3))).toEqual(['1. ', '2. ', '3. ']);
      if (product) expect(beats[0]).toContain(product.name);
      // Three different beats, each held to every copy rule (numbers only the site's own, none twice).
      expect(new Set(beats.map((beat) => compact(beat.slice(3)))).size).toBe(3);
      expect(storyboardProblems(storyboard, siteCopy(site))).toEqual([]);
    },
  );

  it("counts a beat's lines as the style draws them, not by characters: a number that wraps it makes no list", () => {
    // Prepare: a beat of 29 characters (one storyboard line) and the same beat without its number.
    const headline = styleDefinition('ugc').look.type.headline;
    const drawn = (text: string) => drawnLineCount(text, headline, safeZone.width, [text]);

    // Act
    const numbered = drawn('2. 4.8 stars from 212 reviews');
    const plain = drawn('4.8 stars from 212 reviews');
    const board = writeTemplateStoryboard({ site: coffeeRoaster, order: { style: 'ugc', durationSeconds: 12 } });

    // Assess: the number pushes the drawn beat onto a second line, so the roaster's ad is no list.
    expect(plain).toBe(1);
    expect(numbered).toBe(2);
    expect(listCountOf(board.scenes)).toBeNull();
    expect(board.scenes.some((scene) => scene.text.join(' ').includes('4.8 stars'))).toBe(true);
  });

  it('is never chosen with fewer than three beats, for a site that gave too little, or in another style', () => {
    // Act
    const write = (site: StoryboardInput['site'], style: Storyboard['style'], duration: 4 | 8 | 12) =>
      writeTemplateStoryboard({ site, order: { style, durationSeconds: duration } });

    // Assess
    for (const board of [
      write(catTreats, 'ugc', 8),
      write(catTreats, 'ugc', 4),
      write(nameOnly, 'ugc', 12),
      write(catTreats, 'cinematic', 12),
      write(catTreats, 'direct-response', 12),
    ]) {
      expect(listCountOf(board.scenes)).toBeNull();
      expect(board.scenes[0]!.text.join(' ')).not.toMatch(/things I found/);
    }
  });
});
