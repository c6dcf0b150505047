// Rules a storyboard can pass the schema and still break: a number the site never gave (an
// invented price, rating or discount), a line that would fit any business, a line that takes longer
// to say than its time (or leaves the voice silent) at the style's pace, and the copy rules a buyer
// notices — a hook that is a fragment, what is sold never named, a price shown without what it
// buys, a fact shown twice, the offer lost before the end card, the brand's name twice on the card.
// The Bedrock writer hands these back to the model as problems; tests hold the template writer to them.
import { styleDefinition } from '#generation/styles/styles.ts';
import { numbersIn } from '#generation/website/fact-patterns.ts';
import { productNames, sameFact } from './fact-pool.ts';
import { adHeardBudget, scenePlace, voiceBudget } from './scene-words.ts';
import { comparable, type SiteCopy } from './site-copy.ts';
import { spokenWordCount } from './spoken-words.ts';
import { type Storyboard, textLimits } from './storyboard.ts';
import { listCountOf, withoutListMarker } from './text-lines.ts';

/** Lines any business could run: they say nothing about this one. */
export const genericLinePatterns: readonly RegExp[] = [
  /\bget started today\b/i,
  /\bstop scrolling\b/i,
  /^discover\b/i,
  /\bmeet \p{Lu}/u,
  /\b(check it out|see it for yourself|take a closer look|made with intention|every detail considered)\b/i,
  /\b(don't wait|you won't believe|game[- ]changer|best in class|world[- ]class)\b/i,
];

/** Words a fragment opens on ("Within 24 hours", "With a 12-month warranty"): a hook is a whole line. */
/** Ads this short have 1.3 s scenes. */
const shortAdSeconds = 4;
const fragmentOpeners = /^(within|with|in|on|at|for|from|by|of|to|under|over|and|or|but|plus|since|than)\b/i;
/** A price as a line shows it: a currency sign and its amount. */
const pricePattern = /[$€£¥]\s?\d[\d,.]*/g;

/** Every problem of the storyboard beyond the schema's, each naming where it is. */
export function storyboardProblems(storyboard: Storyboard, copy: Pick<SiteCopy, 'siteText' | 'offers'>): string[] {
  const known = new Set([...numbersIn(copy.siteText), ...numbersIn(storyboard.brand.domain)]);
  const problems: string[] = [];
  const said = (path: string, text: string | undefined) => {
    if (!text) return;
    const invented = numbersIn(text).filter((number) => !known.has(number));
    if (invented.length > 0) problems.push(`${path}: ${invented.join(', ')} is not a number the site gives`);
    const generic = genericLinePatterns.find((pattern) => pattern.test(text));
    if (generic) problems.push(`${path}: "${text}" would fit any business; say what this site says`);
  };
  // A creator's list shows its count in the hook and numbers its beats: those are not the site's numbers.
  const listCount = listCountOf(storyboard.scenes);
  const shownText = (scene: Storyboard['scenes'][number], index: number) => {
    const text = scene.text.join(' ');
    if (listCount === null || index === 0 || scene.role === 'cta') return text;
    return withoutListMarker(text);
  };
  storyboard.scenes.forEach((scene, index) => {
    const text = shownText(scene, index);
    // The hook's title names the count first ("3 things I found at …").
    const title = listCount !== null && index === 0 && /\d+/.exec(text)?.[0] === String(listCount);
    said(`scenes.${index}.text`, title ? text.replace(String(listCount), '') : text);
    said(`scenes.${index}.voiceLine`, scene.voiceLine);
    said(`scenes.${index}.callout`, scene.callout);
    said(`scenes.${index}.phoneElement.text`, scene.phoneElement?.text);
  });
  said('endCard.title', storyboard.endCard.title);
  said('endCard.cta', storyboard.endCard.cta);
  return [...problems, ...paceProblems(storyboard), ...copyProblems(storyboard, copy)];
}

/** Each line fills its scene at the style's pace and runs over by no more than the spill; the whole ad fits. */
export function paceProblems(storyboard: Storyboard): string[] {
  const problems: string[] = [];
  const { min, max } = styleDefinition(storyboard.style).pace;
  storyboard.scenes.forEach((scene, index) => {
    const seconds = scene.endSeconds - scene.startSeconds;
    const heard = spokenWordCount(scene.voiceLine);
    const budget = voiceBudget(storyboard.style, seconds, scenePlace(index, storyboard.scenes.length));
    if (heard > budget.max || heard < budget.min) {
      problems.push(
        `scenes.${index}.voiceLine: ${heard} spoken words (numbers and domains read out) in ${seconds} s; a ${storyboard.style} voice says ${min}–${max} words a second, so ${budget.min}–${budget.max}`,
      );
    }
  });
  const heard = storyboard.scenes.reduce((sum, scene) => sum + spokenWordCount(scene.voiceLine), 0);
  const limit = adHeardBudget(storyboard.style, storyboard.durationSeconds);
  if (heard > limit) {
    problems.push(
      `scenes: the voice-over takes ${heard} spoken words in ${storyboard.durationSeconds} s; at most ${limit}`,
    );
  }
  return problems;
}

/**
 * The copy rules: a whole hook; the product named on screen and in the voice in the first half; no
 * price without its product; no fact twice in a frame or in two scenes (the end card's offer
 * aside); the site's offer on the end card; the brand's name at most once there, never as its title
 * when there is something better to say.
 */
export function copyProblems(storyboard: Storyboard, copy: Pick<SiteCopy, 'offers'>): string[] {
  const problems: string[] = [];
  const { scenes, endCard, product, brand } = storyboard;
  const hook = scenes[0]!.text.join(' ');
  if (fragmentOpeners.test(hook)) problems.push(`scenes.0.text: "${hook}" is a fragment; the hook is a whole line`);
  if (product) {
    const short = storyboard.durationSeconds <= shortAdSeconds;
    const early = earlyScenes(storyboard);
    if (!showsProductEarly(storyboard)) {
      problems.push(`scenes: show "${product.name}" on screen in the first half of the ad`);
    }
    // The voice says "&" as "and" (a line is written to be read aloud).
    const said = productNames(product.name).flatMap((name) => [name, name.replace(/\s*&\s*/g, ' and ')]);
    if (!short && !early.some((scene) => said.some((name) => includes(scene.voiceLine, name)))) {
      problems.push(`scenes: say "${product.name}" in the first half of the ad`);
    }
  }
  const story = scenes.filter((scene) => scene.role !== 'cta');
  const listed = listCountOf(scenes) !== null;
  story.forEach((scene, index) => {
    const text = listed && index > 0 ? withoutListMarker(scene.text.join(' ')) : scene.text.join(' ');
    const shown = [text, scene.callout ?? '', scene.phoneElement?.text ?? ''];
    // An offer's threshold ("Free shipping on orders over $40") is its condition, not a price.
    const isOffer = copy.offers.some((offer) => sameFact(offer, scene.text.join(' ')));
    const prices = shown.join(' ').match(pricePattern) ?? [];
    if (prices.length > 0 && !isOffer && !(product && includes(shown.join(' '), product.name))) {
      problems.push(`scenes.${index}.text: ${prices.join(', ')} is shown without what it buys`);
    }
    const numbers = shown.flatMap((part) => numbersIn(part));
    const twice = numbers.filter((number, at) => numbers.indexOf(number) !== at);
    const echoed = scene.callout && includes(scene.text.join(' '), scene.callout);
    if (twice.length > 0 || echoed) problems.push(`scenes.${index}: a fact is on screen twice at once`);
    story.slice(0, index).forEach((earlier, earlierIndex) => {
      const a = earlier.text.join(' ');
      const b = scene.text.join(' ');
      const brandOnly = [a, b].some((text) =>
        [brand.name, brand.domain].some((name) => comparable(name) === comparable(text)),
      );
      if (!brandOnly && sameFact(a, b))
        problems.push(`scenes.${index}.text: says again what scene ${earlierIndex} said`);
    });
  });
  const offer = copy.offers.find((candidate) => candidate.length <= textLimits.charsPerLine);
  const card = `${endCard.title} ${endCard.cta}`;
  if (
    offer &&
    !sameFact(endCard.title, offer) &&
    !numbersIn(offer).some((number) => numbersIn(card).includes(number))
  ) {
    problems.push(`endCard.title: carry the site's offer ("${offer}") to the end card`);
  }
  const named = occurrences(`${endCard.title} | ${endCard.cta}`, brand.name);
  if (named > 1) problems.push(`endCard: the brand's name is on the card ${named} times; once is enough`);
  // "Falcon 9 Launch Print — $48" over "Shop Falcon 9 Launch Print": the name, and its model
  // number, twice in one frame.
  const productNamed = product ? occurrences(`${endCard.title} | ${endCard.cta}`, product.name) : 0;
  if (productNamed > 1)
    problems.push(`endCard: the product's name is on the card ${productNamed} times; once is enough`);
  if ((product || offer) && comparable(endCard.title) === comparable(brand.name)) {
    problems.push('endCard.title: say the offer, the product and its price, or a reason, not the brand name');
  }
  return problems;
}

/**
 * The scenes that start in the ad's first half; in a 4 s ad every scene: its 1.3 s scenes cannot say
 * a long name ("Cedar & Smoke Soy Candle" is five words), so the end card's button may be where it
 * is shown, and the voice names it only if it fits.
 */
function earlyScenes(storyboard: Pick<Storyboard, 'scenes' | 'durationSeconds'>): Storyboard['scenes'] {
  const short = storyboard.durationSeconds <= shortAdSeconds;
  const half = short ? storyboard.durationSeconds : storyboard.durationSeconds / 2;
  return storyboard.scenes.filter((scene) => scene.startSeconds < half);
}

/**
 * Whether a scene from `from` on shows what is sold in time (the first half; a 4 s ad: anywhere),
 * by any name the site gives it (fact-pool.ts productNames). True for an ad that sells no product.
 */
export function showsProductEarly(
  storyboard: Pick<Storyboard, 'scenes' | 'durationSeconds' | 'product'>,
  from = 0,
): boolean {
  const { product } = storyboard;
  if (!product) return true;
  const names = productNames(product.name);
  return earlyScenes(storyboard)
    .filter((scene) => storyboard.scenes.indexOf(scene) >= from)
    .some((scene) =>
      names.some((name) => sameFact(scene.text.join(' '), name) || includes(scene.text.join(' '), name)),
    );
}

function includes(text: string, part: string): boolean {
  const key = comparable(part);
  return key !== '' && comparable(text).includes(key);
}

function occurrences(text: string, name: string): number {
  const key = comparable(name);
  return key === '' ? 0 : comparable(text).split(key).length - 1;
}
