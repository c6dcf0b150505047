// The ad scorecard's measures (pure): what a performance marketer checks in a short vertical ad —
// text on frame 0, the brand early, the product named, a price only with what it buys, no fact
// twice on screen, no dead air, the pace, a big product — each measured on an ad's timeline
// (ad-timeline.ts) and checked against its budget (docs/budgets.md, "Ad scorecard").
import { spokenWordCount } from '#generation/storyboard/spoken-words.ts';
import type { Style } from '#shared/contract.ts';
import { type AdTimeline, median, type ScreenText } from './ad-timeline.ts';

/** What the shop is and sells, as its page says (local/demo-shops/shops.ts). */
export interface ShopTruth {
  name: string;
  domain: string;
  product: { name: string; price: string | null } | null;
}

/** Letters and digits only, lower case, `&` read as "and": "EMBER & OAK" → "emberandoak". */
export const squashed = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The ways a text may name the brand: its whole name, its name without the last word when it has
 * three or more ("Ember & Oak" for "Ember & Oak Coffee"), or its domain's name ("emberoakcoffee").
 */
function brandForms({ name, domain }: ShopTruth): string[] {
  const words = name.split(/\s+/).filter(Boolean);
  const forms = [squashed(name), squashed(domain.split('.')[0] ?? '')];
  if (words.length >= 3) forms.push(squashed(words.slice(0, -1).join(' ')));
  return forms.filter((form) => form.length >= 3);
}

/** The product's whole name, or its last two words when it has three or more ("Salmon Bites"). */
function productForms(product: { name: string }): string[] {
  const words = product.name.split(/\s+/).filter(Boolean);
  const forms = [squashed(product.name)];
  if (words.length >= 3) forms.push(squashed(words.slice(-2).join(' ')));
  return forms;
}

const names = (text: string, forms: readonly string[]) => forms.some((form) => squashed(text).includes(form));

const tolerance = 1e-6;

/** When the first text is on screen (half opaque); text on frame 0 is text from 0 s. */
export function firstTextSeconds(timeline: AdTimeline): number | null {
  const starts = timeline.texts.map((text) => text.fromSeconds);
  return starts.length ? Math.min(...starts) : null;
}

export const textOnFrame0 = (timeline: AdTimeline) => (firstTextSeconds(timeline) ?? Infinity) <= tolerance;

/**
 * The first time the brand is on screen: its name in a text block (a wordmark, a headline, the end
 * card) or a logo/brand mark. A caption is the voice's words, not the brand's mark: not counted.
 */
export function brandSeconds(timeline: AdTimeline, shop: ShopTruth): { seconds: number; by: string } | null {
  const forms = brandForms(shop);
  const seen = [
    ...timeline.texts
      .filter((text) => text.role !== 'caption' && names(text.text, forms))
      .map((text) => ({ seconds: text.fromSeconds, by: `text (${text.role})` })),
    ...timeline.brandMarks.map((mark) => ({ seconds: mark.fromSeconds, by: mark.kind })),
  ].sort((a, b) => a.seconds - b.seconds);
  return seen[0] ?? null;
}

/** The voice's words as heard, one string. */
const heardText = (timeline: AdTimeline) => timeline.words.map((word) => word.word).join(' ');

/** Whether the product is said and shown; null when the shop names no product. */
export function productNamed(timeline: AdTimeline, shop: ShopTruth): { spoken: boolean; shown: boolean } | null {
  if (!shop.product) return null;
  const forms = productForms(shop.product);
  return {
    spoken: names(heardText(timeline), forms),
    shown: timeline.texts.some((text) => text.role !== 'caption' && names(text.text, forms)),
  };
}

const pricePattern = /[$€£]\s?\d[\d,]*(?:\.\d+)?/g;
export const pricesIn = (text: string) => (text.match(pricePattern) ?? []).map((price) => price.replace(/\s/g, ''));

/**
 * Prices on screen, and those shown in a scene whose on-screen text never names the product (a
 * price without what it buys). With no product named by the shop, every price counts as shown alone.
 */
export function pricesShown(timeline: AdTimeline, shop: ShopTruth): { shown: string[]; withoutProduct: string[] } {
  const forms = shop.product ? productForms(shop.product) : [];
  const shown: string[] = [];
  const withoutProduct: string[] = [];
  for (const text of timeline.texts) {
    if (text.role === 'caption') continue;
    for (const price of pricesIn(text.text)) {
      shown.push(price);
      const scene = timeline.texts.filter((other) => other.sceneIndex === text.sceneIndex);
      if (!forms.length || !scene.some((other) => names(other.text, forms))) withoutProduct.push(price);
    }
  }
  return { shown, withoutProduct };
}

/** A name's words, lower case, punctuation aside: "Falcon 9 Launch Print" → falcon, 9, launch, print. */
const wordsOfName = (name: string) => name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The text with every run of two or more of the product's name's words taken out ("Our Falcon 9
 * Launch" → "Our"): a number inside a name (a model number: "Falcon 9", "XS400") belongs to the
 * name, it is not a fact of its own; a lone "$9" stays.
 */
function withoutName(text: string, name: string | undefined): string {
  const nameWords = new Set(name ? wordsOfName(name) : []);
  if (nameWords.size < 2) return text;
  const tokens = text.split(/(\s+)/);
  const isNameWord = (token: string) => {
    const words = wordsOfName(token);
    return words.length > 0 && words.every((word) => nameWords.has(word));
  };
  const kept = tokens.map((token) => token);
  let run: number[] = [];
  const close = () => {
    if (run.length >= 2) for (const index of run) kept[index] = ' ';
    run = [];
  };
  tokens.forEach((token, index) => {
    if (/^\s*$/.test(token)) return;
    if (isNameWord(token)) run.push(index);
    else close();
  });
  close();
  return kept.join('');
}

/**
 * The facts of a text: its numbers (prices, percentages, ratings, counts; a denominator such as
 * the 5 of "4.8/5" is not one, nor a number inside the product's name), the product's name when a
 * text block shows it whole (its name twice in one frame is a repeat, as a brand's is), and, for a
 * text block long enough to be a claim, the whole text. A caption's words are the voice's, so a
 * caption echoing a headline is not a second claim — but a number in it is a number on screen.
 */
export function factsIn(text: ScreenText, productName?: string): string[] {
  const rest = withoutName(text.text, productName);
  const numbers = [...rest.matchAll(/(?<![\d/])\d[\d,]*(?:\.\d+)?/g)].map((match) => match[0].replace(/,/g, ''));
  if (text.role === 'caption') return numbers;
  const named = productName && names(text.text, [squashed(productName)]) ? [`name: ${productName}`] : [];
  const claim = squashed(text.text);
  return claim.length >= 12 ? [...numbers, ...named, `"${claim}"`] : [...numbers, ...named];
}

/** Facts that appear twice or more among the texts on screen at one moment (each fact counted once per ad). */
export function repeatedFacts(timeline: AdTimeline, productName?: string): string[] {
  const moments = [...new Set(timeline.texts.flatMap((text) => [text.fromSeconds, text.toSeconds]))].sort(
    (a, b) => a - b,
  );
  const repeated = new Set<string>();
  moments.slice(0, -1).forEach((from, index) => {
    const at = (from + moments[index + 1]!) / 2;
    const onScreen: ScreenText[] = timeline.texts.filter((text) => text.fromSeconds <= at && at < text.toSeconds);
    const counts = new Map<string, number>();
    for (const text of onScreen) {
      for (const fact of new Set(factsIn(text, productName))) counts.set(fact, (counts.get(fact) ?? 0) + 1);
    }
    for (const [fact, count] of counts) if (count > 1) repeated.add(fact);
  });
  return [...repeated];
}

/**
 * The longest stretch without a word heard — before the first word, between words, after the last
 * — except one deliberate beat: the pause across the end card's start, when a line follows it.
 */
export function longestVoiceGap(timeline: AdTimeline): { seconds: number; fromSeconds: number } {
  const words = [...timeline.words].sort((a, b) => a.startSeconds - b.startSeconds);
  if (words.length === 0) return { seconds: timeline.durationSeconds, fromSeconds: 0 };
  const gaps: { fromSeconds: number; toSeconds: number }[] = [];
  let heardUntil = 0;
  for (const word of words) {
    gaps.push({ fromSeconds: heardUntil, toSeconds: word.startSeconds });
    heardUntil = Math.max(heardUntil, word.endSeconds);
  }
  gaps.push({ fromSeconds: heardUntil, toSeconds: timeline.durationSeconds });
  // The beat is a pause the end card's line ends; a voice that never comes back is dead air.
  const beat = gaps.findIndex(
    (gap, index) =>
      index < gaps.length - 1 &&
      gap.fromSeconds <= timeline.endCardSeconds + tolerance &&
      gap.toSeconds >= timeline.endCardSeconds - tolerance,
  );
  const counted = gaps.filter((_, index) => index !== beat);
  const longest = counted.reduce(
    (best, gap) => (gap.toSeconds - gap.fromSeconds > best.toSeconds - best.fromSeconds ? gap : best),
    {
      fromSeconds: 0,
      toSeconds: 0,
    },
  );
  return { seconds: longest.toSeconds - longest.fromSeconds, fromSeconds: longest.fromSeconds };
}

/**
 * Heard words ("$4,200" is four: spoken-words.ts) ÷ the seconds the voice speaks, each line from
 * its first word's start to its last word's end.
 */
export function heardWordsPerSecond(timeline: AdTimeline): number {
  const lines = new Map<number, { start: number; end: number }>();
  for (const word of timeline.words) {
    const line = lines.get(word.sceneIndex);
    lines.set(word.sceneIndex, {
      start: Math.min(line?.start ?? Infinity, word.startSeconds),
      end: Math.max(line?.end ?? -Infinity, word.endSeconds),
    });
  }
  const speaking = [...lines.values()].reduce((sum, line) => sum + (line.end - line.start), 0);
  const heard = timeline.words.reduce((sum, word) => sum + spokenWordCount(word.word), 0);
  return speaking > 0 ? heard / speaking : 0;
}

/** The median scene's product height as a share of the safe zone's; null when no scene shows a photo. */
export const keyAreaShare = (timeline: AdTimeline) =>
  timeline.productShares.length ? median(timeline.productShares) : null;

export interface AdMeasures {
  firstTextSeconds: number | null;
  textOnFrame0: boolean;
  brandSeconds: number | null;
  brandBy: string | null;
  productSpoken: boolean | null;
  productShown: boolean | null;
  pricesShown: string[];
  pricesWithoutProduct: string[];
  repeatedFacts: string[];
  longestVoiceGapSeconds: number;
  heardWordsPerSecond: number;
  keyAreaShare: number | null;
}

export function measureAd(timeline: AdTimeline, shop: ShopTruth): AdMeasures {
  const brand = brandSeconds(timeline, shop);
  const product = productNamed(timeline, shop);
  const prices = pricesShown(timeline, shop);
  return {
    firstTextSeconds: firstTextSeconds(timeline),
    textOnFrame0: textOnFrame0(timeline),
    brandSeconds: brand?.seconds ?? null,
    brandBy: brand?.by ?? null,
    productSpoken: product?.spoken ?? null,
    productShown: product?.shown ?? null,
    pricesShown: prices.shown,
    pricesWithoutProduct: prices.withoutProduct,
    repeatedFacts: repeatedFacts(timeline, shop.product?.name),
    longestVoiceGapSeconds: longestVoiceGap(timeline).seconds,
    heardWordsPerSecond: heardWordsPerSecond(timeline),
    keyAreaShare: keyAreaShare(timeline),
  };
}

/** Heard words per second each style's voice should keep (each style's `pace`, lambdas/generation/styles/). */
export const paceBudgets: Record<Style, { min: number; max: number }> = {
  'direct-response': { min: 2.6, max: 3.0 },
  ugc: { min: 2.4, max: 2.8 },
  cinematic: { min: 2.0, max: 2.4 },
};

export const adBudgets = {
  brandSeconds: 2.0,
  longestVoiceGapSeconds: 0.5,
  keyAreaShare: 0.5,
  render12Seconds: { 720: 15, 1080: 25 },
  lufs: { min: -15, max: -13 },
} as const;

export interface Check {
  measure: string;
  value: string;
  budget: string;
  pass: boolean;
}

export interface RenderFigures {
  durationSeconds: number;
  style: Style;
  /** False when the site could not be read and the buyer gave no photo: the ad is the name alone. */
  nameOnly?: boolean;
  render720Seconds: number | null;
  render1080Seconds: number | null;
  lufs: number | null;
}

const yes = (value: boolean) => (value ? 'yes' : 'no');

/** Each measure against its budget; a measure that does not apply to the ad (no product, no photo) is left out. */
export function checkAd(measures: AdMeasures, render: RenderFigures): Check[] {
  const checks: Check[] = [
    {
      measure: 'text on frame 0',
      value: measures.firstTextSeconds === null ? 'none' : `${measures.firstTextSeconds.toFixed(2)} s`,
      budget: '0 s',
      pass: measures.textOnFrame0,
    },
    {
      measure: 'brand on screen',
      value: measures.brandSeconds === null ? 'never' : `${measures.brandSeconds.toFixed(2)} s (${measures.brandBy})`,
      budget: `≤ ${adBudgets.brandSeconds} s`,
      pass: measures.brandSeconds !== null && measures.brandSeconds <= adBudgets.brandSeconds + tolerance,
    },
  ];
  if (render.nameOnly !== undefined) {
    checks.push({
      measure: 'no name-only ad',
      value: render.nameOnly ? 'made from the name alone' : 'no',
      budget: 'never (an unreadable site needs a photo)',
      pass: !render.nameOnly,
    });
  }
  if (measures.productSpoken !== null) {
    checks.push(
      { measure: 'product spoken', value: yes(measures.productSpoken), budget: 'yes', pass: measures.productSpoken },
      { measure: 'product shown', value: yes(!!measures.productShown), budget: 'yes', pass: !!measures.productShown },
    );
  }
  checks.push(
    {
      measure: 'price shown with its product',
      value: measures.pricesShown.length
        ? `${measures.pricesShown.length - measures.pricesWithoutProduct.length}/${measures.pricesShown.length}`
        : 'no price shown',
      budget: 'every price',
      pass: measures.pricesWithoutProduct.length === 0,
    },
    {
      measure: 'facts twice in a frame',
      value: measures.repeatedFacts.length
        ? `${measures.repeatedFacts.length} (${measures.repeatedFacts.join(', ')})`
        : '0',
      budget: '0',
      pass: measures.repeatedFacts.length === 0,
    },
    {
      measure: 'longest voice gap',
      value: `${measures.longestVoiceGapSeconds.toFixed(2)} s`,
      budget: `≤ ${adBudgets.longestVoiceGapSeconds} s`,
      pass: measures.longestVoiceGapSeconds <= adBudgets.longestVoiceGapSeconds + tolerance,
    },
    {
      measure: 'heard words/s',
      value: measures.heardWordsPerSecond.toFixed(2),
      budget: `${paceBudgets[render.style].min}–${paceBudgets[render.style].max}`,
      pass:
        measures.heardWordsPerSecond >= paceBudgets[render.style].min &&
        measures.heardWordsPerSecond <= paceBudgets[render.style].max,
    },
  );
  if (measures.keyAreaShare !== null) {
    checks.push({
      measure: "product's key area / safe zone height",
      value: `${Math.round(measures.keyAreaShare * 100)} %`,
      budget: `≥ ${adBudgets.keyAreaShare * 100} %`,
      pass: measures.keyAreaShare >= adBudgets.keyAreaShare,
    });
  }
  if (render.lufs !== null) {
    checks.push({
      measure: 'loudness',
      value: `${render.lufs} LUFS`,
      budget: `${adBudgets.lufs.min} to ${adBudgets.lufs.max} LUFS`,
      pass: render.lufs >= adBudgets.lufs.min && render.lufs <= adBudgets.lufs.max,
    });
  }
  if (render.durationSeconds === 12) {
    for (const [size, seconds] of [
      [720, render.render720Seconds],
      [1080, render.render1080Seconds],
    ] as const) {
      if (seconds === null) continue;
      checks.push({
        measure: `render at ${size === 720 ? '720x1280' : '1080x1920'}`,
        value: `${seconds.toFixed(1)} s`,
        budget: `≤ ${adBudgets.render12Seconds[size]} s`,
        pass: seconds <= adBudgets.render12Seconds[size],
      });
    }
  }
  return checks;
}
