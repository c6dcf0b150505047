// The ad scorecard's measures (tests/bench/ad-scorecard.ts) on hand-made ad timelines, and the
// timeline itself (tests/bench/ad-timeline.ts) read from a real layout and a compose command: what
// is on screen and heard, and when, is what the bench judges every ad by.
import { describe, expect, it } from 'vitest';
import { captionTrack } from '#generation/compose/captions.ts';
import { buildComposeCommand, type TextLayer } from '#generation/compose/filter-graph.ts';
import { frame, safeZone } from '#generation/compose/geometry.ts';
import { layoutStoryboard } from '#generation/compose/layout.ts';
import type { PlacedLine } from '#generation/compose/voice-track.ts';
import { spokenWordCount } from '#generation/storyboard/spoken-words.ts';
import { checkAd, measureAd, type ShopTruth } from '#tests/bench/ad-scorecard.ts';
import { type AdTimeline, adTimeline, type ScreenText, textFadeIns } from '#tests/bench/ad-timeline.ts';
import { handWrittenStoryboard } from '#tests/integration/support/hand-written-storyboards.ts';

const emberOak: ShopTruth = {
  name: 'Ember & Oak Coffee',
  domain: 'emberoakcoffee.test',
  product: { name: 'House Blend', price: '$16' },
};

const text = (value: string, sceneIndex: number, fromSeconds: number, toSeconds: number, role = 'headline') =>
  ({ text: value, role, sceneIndex, fromSeconds, toSeconds }) satisfies ScreenText;

/** Words heard one after another from `startSeconds`, each 0.3 s with 0.05 s between. */
function spoken(line: string, sceneIndex: number, startSeconds: number) {
  return line.split(' ').map((word, index) => ({
    word,
    sceneIndex,
    startSeconds: startSeconds + index * 0.35,
    endSeconds: startSeconds + index * 0.35 + 0.3,
  }));
}

/** The end card's line: it ends 0.2 s before the ad does. */
const ending = () => spoken('Shop Ember and Oak for fresh coffee', 3, 9.4);

/** A 12 s ad that does what the budgets ask: a hook on frame 0, the brand at once, no dead air. */
function goodAd(): AdTimeline {
  return {
    durationSeconds: 12,
    endCardSeconds: 9,
    texts: [
      text('Ember & Oak House Blend', 0, 0, 3),
      text('House Blend, $16 a bag', 1, 3, 6),
      text('Subscribe and save 15%', 2, 6, 9),
      text('Shop Ember & Oak', 3, 9, 12, 'end-title'),
    ],
    words: [
      ...spoken('Meet House Blend from Ember and Oak', 0, 0.05),
      ...spoken('Dark chocolate and almond', 1, 2.5),
      ...spoken('Sixteen dollars a bag', 1, 3.9),
      ...spoken('Subscribe and save fifteen percent', 2, 5.3),
      ...spoken('on every bag', 2, 7.1),
      ...ending(),
    ],
    brandMarks: [],
    productShares: [0.62, 0.55, 0.7],
  };
}

describe('the ad scorecard', () => {
  it('passes an ad that opens on text, names the brand and the product and keeps the voice going', () => {
    // Prepare
    const timeline = goodAd();

    // Act
    const measures = measureAd(timeline, emberOak);
    const failed = checkAd(measures, {
      durationSeconds: 12,
      style: 'direct-response',
      render720Seconds: 14,
      render1080Seconds: null,
      lufs: -14,
    }).filter((check) => !check.pass);

    // Assess
    expect(measures).toMatchObject({
      textOnFrame0: true,
      brandSeconds: 0,
      productSpoken: true,
      productShown: true,
      pricesShown: ['$16'],
      pricesWithoutProduct: [],
      repeatedFacts: [],
      keyAreaShare: 0.62,
    });
    expect(measures.longestVoiceGapSeconds).toBeLessThanOrEqual(0.5);
    expect(failed.map((check) => check.measure)).toEqual([]);
  });

  it('fails "text on frame 0" when the hook text starts at 0.2 s', () => {
    // Prepare
    const timeline = goodAd();
    timeline.texts[0] = text('Ember & Oak House Blend', 0, 0.2, 3);

    // Act
    const measures = measureAd(timeline, emberOak);
    const check = checkAd(measures, {
      durationSeconds: 12,
      style: 'direct-response',
      render720Seconds: null,
      render1080Seconds: null,
      lufs: null,
    }).find((each) => each.measure === 'text on frame 0');

    // Assess
    expect(measures.firstTextSeconds).toBe(0.2);
    expect(check).toMatchObject({ value: '0.20 s', pass: false });
  });

  it('counts "$16" shown twice in one frame as one repeat, and "4.8/5" as one fact', () => {
    // Prepare
    const timeline = goodAd();
    timeline.texts.push(
      text('$16', 1, 3, 6, 'callout'),
      text('$16', 1, 4, 4.5, 'caption'),
      text('Rated 4.8/5', 2, 6, 9),
      text('4.8/5 stars', 2, 6, 9, 'callout'),
    );

    // Act
    const { repeatedFacts } = measureAd(timeline, emberOak);

    // Assess
    expect(repeatedFacts.sort()).toEqual(['16', '4.8']);
  });

  it('counts a claim shown in two text blocks at once, but not a caption that reads the headline', () => {
    // Prepare
    const twice = goodAd();
    twice.texts.push(text('Subscribe and save 15%', 2, 6, 9, 'callout'));
    const echoed = goodAd();
    echoed.texts.push(text('Ember & Oak House Blend', 0, 0.5, 1.2, 'caption'));

    // Act
    const [blocks, caption] = [twice, echoed].map((timeline) => measureAd(timeline, emberOak).repeatedFacts);

    // Assess
    expect(blocks?.sort()).toEqual(['"subscribeandsave15"', '15']);
    expect(caption).toEqual([]);
  });

  it("counts a model number inside the product's name as the name, and the name twice on one card as the repeat", () => {
    // Prepare: the print shop's product names a rocket, "Falcon 9"; its caption drops no word.
    const launchpad: ShopTruth = {
      name: 'Launchpad Prints',
      domain: 'launchpadprints.test',
      product: { name: 'Falcon 9 Launch Print', price: '$48' },
    };
    const scene = goodAd();
    scene.texts.push(text('FALCON 9 LAUNCH PRINT — $48', 1, 3, 6), text('Our Falcon 9 Launch', 1, 3.2, 4, 'caption'));
    const card = goodAd();
    card.texts.push(
      text('FALCON 9 LAUNCH PRINT — $48', 3, 9, 12, 'end-title'),
      text('SHOP FALCON 9 LAUNCH PRINT', 3, 9, 12, 'end-cta'),
    );
    const price = goodAd();
    price.texts.push(text('Falcon 9 Launch Print', 1, 3, 6), text('$9 off', 1, 3, 6, 'callout'), text('$9', 1, 3, 6));

    // Act
    const [inScene, onCard, lonePrice] = [scene, card, price].map(
      (timeline) => measureAd(timeline, launchpad).repeatedFacts,
    );

    // Assess: the name shown once and said once is one fact; on the card twice, the name (not its
    // "9") is what repeats; a price of $9 beside it is still a number of its own.
    expect(inScene).toEqual([]);
    expect(onCard).toEqual(['name: Falcon 9 Launch Print']);
    expect(lonePrice).toEqual(['9']);
  });

  it('does not count a fact shown in two scenes one after the other as a repeat', () => {
    // Prepare
    const timeline = goodAd();
    timeline.texts.push(text('Only $16', 2, 6, 9, 'callout'));

    // Act
    const { repeatedFacts } = measureAd(timeline, emberOak);

    // Assess
    expect(repeatedFacts).toEqual([]);
  });

  it('reports 9 s for a brand seen first on the end card at 9 s, and a caption does not count as the brand', () => {
    // Prepare
    const timeline = goodAd();
    timeline.texts[0] = text('Tired of bitter coffee?', 0, 0, 3);
    timeline.texts.push(text('Ember and Oak', 0, 1, 1.5, 'caption'));

    // Act
    const measures = measureAd(timeline, emberOak);
    const brand = checkAd(measures, {
      durationSeconds: 12,
      style: 'direct-response',
      render720Seconds: null,
      render1080Seconds: null,
      lufs: null,
    }).find((check) => check.measure === 'brand on screen');

    // Assess
    expect(measures.brandSeconds).toBe(9);
    expect(measures.brandBy).toBe('text (end-title)');
    expect(brand?.pass).toBe(false);
  });

  it('takes a logo on screen at 1.5 s as the brand, and reads "EMBER & OAK" and the domain as the brand name', () => {
    // Prepare
    const withLogo = goodAd();
    withLogo.texts[0] = text('Tired of bitter coffee?', 0, 0, 3);
    withLogo.brandMarks = [{ kind: 'logo', fromSeconds: 1.5 }];
    const shouted = goodAd();
    shouted.texts[0] = text('EMBER & OAK', 0, 0.4, 3);
    const domain = goodAd();
    domain.texts[0] = text('emberoakcoffee.test', 0, 0.8, 3, 'end-domain');

    // Act
    const seen = [withLogo, shouted, domain].map((timeline) => measureAd(timeline, emberOak).brandSeconds);

    // Assess
    expect(seen).toEqual([1.5, 0.4, 0.8]);
  });

  it('says the product was neither spoken nor shown when the ad only says "$16", and the price then stands alone', () => {
    // Prepare
    const timeline = goodAd();
    timeline.texts = [text('Fresh coffee, roasted daily', 0, 0, 3), text('Only $16', 1, 3, 6, 'callout')];
    timeline.words = spoken('Fresh coffee roasted daily for sixteen dollars', 0, 0.05);

    // Act
    const measures = measureAd(timeline, emberOak);

    // Assess
    expect(measures).toMatchObject({ productSpoken: false, productShown: false, pricesWithoutProduct: ['$16'] });
  });

  it('leaves the product checks out for a shop that names no product', () => {
    // Prepare
    const closed: ShopTruth = { name: 'Closedbakery', domain: 'closedbakery.test', product: null };

    // Act
    const measures = measureAd(goodAd(), closed);
    const checks = checkAd(measures, {
      durationSeconds: 12,
      style: 'ugc',
      render720Seconds: null,
      render1080Seconds: null,
      lufs: null,
    });

    // Assess
    expect(measures.productSpoken).toBeNull();
    expect(checks.map((check) => check.measure)).not.toContain('product spoken');
  });

  it('fails an ad made from the name alone of a site that could not be read', () => {
    // Prepare
    const closed: ShopTruth = { name: 'Closedbakery', domain: 'closedbakery.test', product: null };
    const figures = {
      durationSeconds: 8,
      style: 'ugc',
      render720Seconds: null,
      render1080Seconds: null,
      lufs: null,
    } as const;

    // Act
    const nameOnly = checkAd(measureAd(goodAd(), closed), { ...figures, nameOnly: true });
    const read = checkAd(measureAd(goodAd(), emberOak), { ...figures, nameOnly: false });

    // Assess
    expect(nameOnly.find((check) => check.measure === 'no name-only ad')?.pass).toBe(false);
    expect(read.find((check) => check.measure === 'no name-only ad')?.pass).toBe(true);
  });

  it('finds a 1.15 s silence mid-ad, ignores the one beat before the end card, and counts a silent ending', () => {
    // Prepare
    const midGap = goodAd();
    midGap.words = [...spoken('Meet House Blend', 0, 0.05), ...spoken('Dark chocolate', 1, 2.2)];
    midGap.words.push(...spoken('and almond and a clean finish to every cup', 1, 2.9), ...ending());
    // The last story word ends at 7.1 + 2 × 0.35 + 0.3 = 8.1 s; the end card's line starts at 9.4 s.
    const beatOnly = goodAd();
    const silentEnd = goodAd();
    silentEnd.words = silentEnd.words.filter((word) => word.sceneIndex !== 3);

    // Act
    const [mid, beat, end] = [midGap, beatOnly, silentEnd].map((timeline) => measureAd(timeline, emberOak));

    // Assess
    expect(mid!.longestVoiceGapSeconds).toBeCloseTo(2.2 - (0.05 + 2 * 0.35 + 0.3), 6);
    expect(beat!.longestVoiceGapSeconds).toBeLessThanOrEqual(0.2 + 1e-9);
    expect(end!.longestVoiceGapSeconds).toBeCloseTo(12 - 8.1, 6);
  });

  it('counts heard words (a price as said) over the seconds each line speaks, and the pace budget is per style', () => {
    // Prepare
    const timeline = goodAd();
    timeline.words = spoken('one two three four five six seven eight nine ten', 0, 0);

    // Act
    const measures = measureAd(timeline, emberOak);
    const pace = (style: 'cinematic' | 'direct-response') =>
      checkAd(measures, {
        durationSeconds: 12,
        style,
        render720Seconds: null,
        render1080Seconds: null,
        lufs: null,
      }).find((check) => check.measure === 'heard words/s')?.pass;

    // Assess
    expect(measures.heardWordsPerSecond).toBeCloseTo(10 / (9 * 0.35 + 0.3), 6);
    const priced = goodAd();
    priced.words = spoken('only $4,200', 0, 0);
    expect(measureAd(priced, emberOak).heardWordsPerSecond).toBeCloseTo(spokenWordCount('only $4,200') / 0.65, 6);
    expect(spokenWordCount('only $4,200')).toBeGreaterThan(2);
    expect([pace('direct-response'), pace('cinematic')]).toEqual([true, false]);
  });

  it('takes the median scene for the product size and checks a 12 s render against both frame sizes', () => {
    // Prepare
    const timeline = goodAd();
    timeline.productShares = [0.2, 0.25, 0.8];

    // Act
    const measures = measureAd(timeline, emberOak);
    const checks = checkAd(measures, {
      durationSeconds: 12,
      style: 'cinematic',
      render720Seconds: 16.2,
      render1080Seconds: 24,
      lufs: -14.2,
    });

    // Assess
    expect(measures.keyAreaShare).toBe(0.25);
    expect(checks.filter((check) => !check.pass).map((check) => check.measure)).toEqual(
      expect.arrayContaining(["product's key area / safe zone height", 'render at 720x1280']),
    );
    expect(checks.find((check) => check.measure === 'render at 1080x1920')?.pass).toBe(true);
  });
});

describe('the ad timeline', () => {
  it('reads each text layer’s fade-in from the compose command that drew it', () => {
    // Prepare
    const args = [
      '-y',
      '-i',
      '/w/designed-plate-0.png',
      '-i',
      '/w/designed-text-0-0.png',
      '-i',
      '/w/designed-text-1-1.png',
      '-i',
      '/w/designed-text-2-0.png',
      '-filter_complex',
      '[0:v]format=yuv420p[plate0];[1:v]format=rgba,fade=t=in:st=0:d=0.15:alpha=1,setpts=PTS-STARTPTS+0/TB[text0];' +
        '[2:v]format=rgba,fade=t=in:st=0.1:d=0.3:alpha=1,setpts=PTS-STARTPTS+3/TB[text1];[3:v]format=rgba,setpts=PTS-STARTPTS+6/TB[text2]',
    ];

    // Act
    const fadeIns = textFadeIns(args);

    // Assess
    expect([...fadeIns]).toEqual([
      ['0-0', 0.15],
      ['1-1', 0.4],
      ['2-0', 0],
    ]);
  });

  it('puts a real layout’s texts, captions and voice on the ad’s clock, half opaque halfway through their fade-in', () => {
    // Prepare
    const storyboard = handWrittenStoryboard('direct-response', 8);
    const layout = layoutStoryboard(storyboard, new Map([['upload', { width: 900, height: 900, opaque: true }]]), {
      safe: false,
    });
    const textLayers: TextLayer[] = layout.scenes.flatMap((scene) =>
      scene.texts.map((block, index) => ({
        path: `/w/designed-text-${scene.index}-${index}.png`,
        block,
        sceneIndex: scene.index,
        startFrame: scene.startFrame,
        endFrame: scene.endFrame,
      })),
    );
    const args = buildComposeCommand({
      layout,
      platePaths: layout.scenes.flatMap((scene) =>
        scene.shots.map((_, index) => `/w/plate-${scene.index}-${index}.png`),
      ),
      sweepPaths: layout.scenes.flatMap((scene) => scene.shots.map(() => null)),
      textLayers,
      captions: null,
      soundtrackPath: '/w/soundtrack.wav',
      outPath: '/w/ad.mp4',
    });
    const line: PlacedLine = {
      sceneIndex: 0,
      audioPath: '/w/line-0.wav',
      trim: { startSeconds: 0, endSeconds: 1 },
      startSeconds: 0.05,
      endSeconds: 1,
      words: [
        { word: 'Fresh', startSeconds: 0.05, endSeconds: 0.4 },
        { word: 'beans,', startSeconds: 0.45, endSeconds: 1 },
      ],
    };
    const bands = new Map(layout.scenes.flatMap((scene) => (scene.captions ? [[scene.index, scene.captions]] : [])));
    const captions = captionTrack([line], bands, storyboard.durationSeconds);

    // Act
    const timeline = adTimeline({ storyboard, layout, lines: [line], captions, fadeIns: textFadeIns(args) });

    // Assess
    const hook = timeline.texts.find((text) => text.sceneIndex === 0 && text.role === 'headline');
    const fadeIn = textFadeIns(args).get('0-0')!;
    expect(hook?.text.toLowerCase()).toBe(storyboard.scenes[0]!.text.join(' ').toLowerCase());
    expect(hook?.fromSeconds).toBeCloseTo(fadeIn / 2, 6);
    expect(timeline.texts.filter((text) => text.role === 'caption').map((text) => text.text)).toContain('Fresh beans');
    expect(timeline.words.map((word) => word.word)).toEqual(['Fresh', 'beans,']);
    expect(timeline.endCardSeconds).toBeCloseTo(layout.scenes.at(-1)!.startFrame / frame.fps, 6);
    expect(timeline.productShares.length).toBeGreaterThan(0);
    for (const share of timeline.productShares) expect(share).toBeLessThanOrEqual(1);
    expect(safeZone.height).toBeGreaterThan(0);
  });
});
