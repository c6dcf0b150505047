// The template storyboard writer (the twin, CI, and Bedrock's fallback): the same order always gives
// the same storyboard, built by fixed rules from the site's own facts. The hook is the first rung of
// the ladder the site offers (its headline, an offer, a number with its noun, its product's own
// review), said and shown whole; the next scene names what is sold with its price; the rest says
// each remaining fact once; the end card carries the offer (or the product and price, or a reason)
// and a specific verb. Every line fills its scene at the style's pace; how the style says a fact,
// frames its shots and looks is its definition's (styles/<style>.ts).
import { safeZone } from '#generation/compose/geometry.ts';
import { drawnLineCount } from '#generation/compose/text-blocks.ts';
import { styleDefinition } from '#generation/styles/styles.ts';
import { findOffer } from '#generation/website/fact-patterns.ts';
import type { Style } from '#shared/contract.ts';
import { copyOpenings, nameReveal } from './copy-openings.ts';
import {
  capitalised,
  ctaLabelOf,
  type Fact,
  factsOf,
  isHookRung,
  productNames,
  sameFact,
  screenLineOf,
  textOf,
} from './fact-pool.ts';
import { footageFor } from './footage-prompts.ts';
import { type Opening, openingOf, rungOf } from './openings.ts';
import { paletteFor } from './palette.ts';
import type { PlannedScene, SceneRole } from './scene-plans.ts';
import {
  adHeardBudget,
  emphasisOf,
  fillsBudget,
  fitChars,
  fitsBudget,
  type ScenePlace,
  scenePlace,
  type VoiceBudget,
  voiceBudget,
} from './scene-words.ts';
import { comparable, type SiteCopy, siteCopy } from './site-copy.ts';
import { siteViewOf } from './site-view.ts';
import { speakable, spokenWordCount } from './spoken-words.ts';
import {
  type HookRung,
  openingIds,
  type Storyboard,
  type StoryboardScene,
  storyboardVersion,
  textLimits,
} from './storyboard.ts';
import { showsProductEarly, storyboardProblems } from './storyboard-checks.ts';
import { storyboardSchema } from './storyboard-schema.ts';
import { listCountOf, wrapCaption } from './text-lines.ts';
import { endCardAsset, planShots, storyboardAssets } from './visuals.ts';
import { fitLinesToVoice, predictVoice, voiceFits, voiceFitsAnyRead } from './voice-fit.ts';
import type { StoryboardInput, StoryboardWriter } from './writer.ts';

/** One story scene's words before it is placed: what it shows and what it says. */
interface SceneWords {
  fact?: Fact;
  text: string[];
  /** Every candidate voice line, longest first; `voiceLine` is the one chosen. */
  candidates: string[];
  voiceLine: string;
  budget: VoiceBudget;
  callout?: string;
  /** The style's headline draws `text` (`drawable`); a scene that it cannot draw sends the ad to the safe layout. */
  drawable?: boolean;
}

interface EndCardWords {
  title: string;
  /** The fact the title carries: it may repeat a scene's fact (the offer surviving to the end). */
  titleFact?: Fact;
  offer?: string;
  cta: string;
}

export function writeTemplateStoryboard(input: StoryboardInput): Storyboard {
  // The other openings come first from facts the body does not say. Facts held back from the body for
  // them stay out of it only when the body still says as many facts (opening A is never a weaker
  // ad for having alternatives); a held fact that makes no opening (its storyboard fails a
  // check, its voice does not fit) goes back to the body.
  const plain = writeWithOpenings(input, () => false);
  let holding = writeWithOpenings(input, () => true);
  if (holding.opened.length < holding.held.length) {
    const opened = new Set(holding.opened.map((fact) => JSON.stringify(fact)));
    holding = writeWithOpenings(input, (fact) => opened.has(JSON.stringify(fact)));
  }
  // Only for more openings: with as many, opening A keeps the body it would have had.
  const openings = (written: typeof plain) => written.storyboard.openings?.length ?? 1;
  // A body changed for the openings must also fit the voice whatever its reads (voice-fit.ts), and
  // break no rule the plain body keeps (storyboard-checks.ts).
  const { storyboard } = holding;
  const copy = siteCopy(input.site);
  const kept = new Set(storyboardProblems(plain.storyboard, copy));
  const better =
    holding.bodyFacts >= plain.bodyFacts &&
    openings(holding) > openings(plain) &&
    storyboardProblems(storyboard, copy).every((problem) => kept.has(problem)) &&
    voiceFitsAnyRead(
      storyboard,
      storyboard.scenes.map((scene) => scene.voiceLine),
    );
  return (better ? holding : plain).storyboard;
}

function writeWithOpenings(
  input: StoryboardInput,
  mayHold: (fact: Fact) => boolean,
): { storyboard: Storyboard; held: Fact[]; opened: Fact[]; bodyFacts: number } {
  const { style, durationSeconds } = input.order;
  const definition = styleDefinition(style);
  const copy = siteCopy(input.site);
  const plan = definition.plan[durationSeconds];
  const facts = copy.hasFacts || copy.product ? factsOf(copy) : [];
  const card = endCardWords(style, copy, facts);
  // Every fact the story says, the hook's included.
  const said = new Set<Fact>();
  // Facts the body leaves for the other openings.
  const held: Fact[] = [];
  const story = asList(style, copy, storyWords(style, copy, facts, plan.slice(0, -1), card, said, held, mayHold));
  const cardScene = plan.at(-1)!;
  const cardBudget = voiceBudget(style, cardScene.seconds, 'end-card');
  const cardCandidates = definition.copy.lines.cta(card.cta, copy).map(speakable);
  const cardWords = {
    candidates: cardCandidates,
    voiceLine:
      chooseLine(cardCandidates, cardBudget) ??
      chooseLine([speakable(definition.copy.lines.lastCta(copy))], cardBudget) ??
      '',
    budget: cardBudget,
  };
  withinAdBudget(style, durationSeconds, [...story, cardWords]);

  const roles: SceneRole[] = [...story.map((words, index) => roleOf(words.fact, index)), 'cta'];
  const { assets, backdrops } = storyboardAssets(input.order.uploadKey, copy.images);
  const siteView = siteViewOf(input.site, copy, assets);
  const shots = planShots(definition.visuals, plan, roles, assets, backdrops, { siteScroll: siteView !== undefined });
  let startSeconds = 0;
  const scenes = plan.map((planned, index): StoryboardScene => {
    const endSeconds = Math.round((startSeconds + planned.seconds) * 1000) / 1000;
    const words = story[index];
    const text = words ? words.text : [card.cta];
    const emphasis = words ? emphasisOf(words.text) : undefined;
    // At most two scenes of generated footage an ad: the first body scenes that gain from it.
    // Never over the site view: that scene shows the shop's own page.
    const drawn = shots[index]!.every((shot) => shot.framing !== 'site-scroll');
    const footage =
      index <= 2 && drawn
        ? footageFor(definition.visuals.footageCamera, roles[index]!, copy, assets, backdrops)
        : undefined;
    const placed: StoryboardScene = {
      role: roles[index]!,
      startSeconds,
      endSeconds,
      text,
      ...(emphasis ? { emphasis } : {}),
      voiceLine: words ? words.voiceLine : cardWords.voiceLine,
      shots: shots[index]!,
      ...(words?.callout ? { callout: words.callout } : {}),
      ...(footage ? { footage } : {}),
    };
    startSeconds = endSeconds;
    return placed;
  });
  // The lines fitted to the whole ad's voice, not each to its scene alone (voice-fit.ts).
  const fitted = fitLinesToVoice(
    { style, durationSeconds, scenes },
    [...story, cardWords],
    adHeardBudget(style, durationSeconds),
  );
  fitted.forEach((line, index) => {
    scenes[index]!.voiceLine = line;
    if (story[index]) story[index]!.voiceLine = line;
  });
  if (definition.copy.phoneElements) withPhoneElements(durationSeconds, scenes, story, copy);

  const board = {
    version: storyboardVersion,
    style,
    durationSeconds,
    persona: definition.copy.persona,
    writer: 'template',
    brand: { name: fitChars(copy.name, 60), domain: fitChars(copy.domain, 48) },
    product: copy.product
      ? { name: fitChars(copy.product.name, 60), ...(copy.product.price ? { price: copy.product.price } : {}) }
      : null,
    palette: paletteFor(definition.look.palette, input.site.themeColor),
    assets,
    scenes,
    ...(siteView && shots.flat().some((shot) => shot.framing === 'site-scroll') ? { siteView } : {}),
    endCard: {
      title: card.title,
      ...(card.offer ? { offer: card.offer } : {}),
      cta: card.cta,
      domain: fitChars(copy.domain, 48),
      asset: endCardAsset(assets),
    },
  } satisfies Storyboard;
  const main = story[0]!.fact ? rungOf(story[0]!.fact) : listCountOf(scenes) !== null ? 'list' : 'name';
  // The held facts first; then any other the body does not say (a reason kept for the end card
  // aside; the offer may open and close the ad).
  const free = facts.filter(
    (fact) => held.includes(fact) || (!said.has(fact) && (fact !== card.titleFact || fact.kind === 'offer')),
  );
  const others = otherOpenings(board, copy, [...new Set([...held, ...free])], plan.slice(0, -1), [main]);
  return {
    storyboard: storyboardSchema.parse({
      ...board,
      openings: [openingOf(scenes[0]!, 'A', main), ...others.map(({ opening }) => opening)],
    }),
    held,
    opened: others.flatMap(({ fact }) => (fact && held.includes(fact) ? [fact] : [])),
    bodyFacts: story.slice(1).filter((words) => words.fact).length,
  };
}

/** A line that carries on from one before it ("and the deal: …"): it cannot open an ad. */
const continuing = /^(and|or|but|plus|also)\b/i;

/**
 * Two more openings for the same body (openings.ts), each on a rung of the hook ladder the ad has
 * not opened on yet: first from a fact the body does not say; then from the copy alone, which
 * needs no fact of its own (copy-openings.ts: the headline asked as a question, the name reveal).
 * Never a fact the body says later: a fact is on screen once (storyboard-checks.ts). Each fills
 * the hook's time — in a hook too short for its own line the voice says the name and the screen
 * the rest — the whole voice still fitting the ad (voice-fit.ts), and the storyboard it makes
 * passing every check the main one passes (storyboard-checks.ts).
 */
function otherOpenings(
  board: Storyboard,
  copy: SiteCopy,
  /** The facts it may open on, in the order they are tried. */
  facts: readonly Fact[],
  story: readonly PlannedScene[],
  rungs: HookRung[],
): { opening: Opening; fact?: Fact }[] {
  const openings: { opening: Opening; fact?: Fact }[] = [];
  const body = board.scenes.slice(1).map((scene) => scene.voiceLine);
  const limit = adHeardBudget(board.style, board.durationSeconds);
  const budget = voiceBudget(board.style, story[0]!.seconds, scenePlace(0, story.length + 1));
  const { lines } = styleDefinition(board.style).copy;
  const name = nameReveal(board.style, copy).says.map(speakable);
  const product = copy.product;
  // What is sold by each name the site gives it, the short one for a hook too short for the whole.
  const productNamesShown = product ? productNames(product.name) : [];
  const productSaid = product
    ? [
        ...new Set(
          productNamesShown.flatMap((name) =>
            lines.says({ kind: 'product', product: { ...product, name } }, copy, true).map(speakable),
          ),
        ),
      ]
    : [];
  // What the voice may say over an opening, in the order tried: its own lines; over an opening that
  // shows what is sold, each followed by it (the opening heard, not only A's line again); each
  // followed by the name (a short line filled by the brand, heard in the first seconds); what is
  // sold alone; the name alone (in a hook too short for the opening's own line, the screen carries
  // the opening and the voice the brand).
  const shortestSold = [...productSaid].sort((a, b) => spokenWordCount(a) - spokenWordCount(b))[0];
  const voices = (own: readonly string[], showsProduct: boolean, nameAlone: boolean) => {
    const sold =
      showsProduct && shortestSold
        ? own
            .filter((line) => !productNamesShown.some((each) => comparable(line).includes(comparable(each))))
            .map((line) => speakable(`${line} ${capitalised(shortestSold)}`))
        : [];
    const named = own
      .filter((line) => !comparable(line).includes(comparable(copy.name)))
      .map((line) => speakable(`${line} ${name.at(-1)!}`));
    return [...new Set([...own, ...sold, ...named, ...(showsProduct ? productSaid : []), ...(nameAlone ? name : [])])];
  };
  // An ad whose body does not show what is sold in time (its hook did: a 4 s ad, or one that opens
  // on the product) may open on a fact with the product's name beside it.
  const bodyShowsProduct = showsProductEarly(board, 1);
  const withProduct = (text: string[], rung: HookRung): string[][] => {
    // Beside what is sold only where the body does not show it in time: never its name twice in a row.
    if (text.length !== 1 || bodyShowsProduct) return [];
    return productNamesShown
      .filter((name) => name.length <= textLimits.charsPerLine)
      .map((name) => (rung === 'question' || rung === 'headline' ? [text[0]!, name] : [name, text[0]!]));
  };
  const choices: { rung: HookRung; fact?: Fact; text: string[]; own: string[]; callout?: string }[] = [];
  // A selling point with its number ("12-month buy-back guarantee") stands on the number rung here:
  // the ad's own hook keeps to the ladder (fact-pool.ts isHookRung), an alternative may take it.
  const numbered = (fact: Fact) => fact.kind === 'benefit' && /\d/.test(fact.text);
  for (const fact of facts.filter((each) => isHookRung(each) || numbered(each))) {
    const words = factWords(board.style, copy, fact, 0, story, name);
    if (!words) continue;
    const own = words.candidates.filter((line) => !name.includes(line));
    const rung = rungOf(fact);
    choices.push({ rung, fact, text: words.text, own, ...(words.callout ? { callout: words.callout } : {}) });
    if (fact.kind === 'product') continue;
    for (const shown of withProduct(words.text, rung)) choices.push({ rung, fact, text: shown, own });
    // The fact in fewer words, for a style whose type cannot draw it whole beside what is sold.
    for (const short of shortLines(fact)) {
      choices.push({ rung, fact, text: [short], own });
      for (const shown of withProduct([short], rung)) choices.push({ rung, fact, text: shown, own });
    }
  }
  // Without a logo the brand mark is the name set in type (compose/layout.ts brandMark); a hook that
  // shows the name replaces it there, so the name is on frame 0 once. The name alone is then tried
  // after the name over what is sold (which also says what is on offer), not before it.
  const logo = board.assets.some((asset) => asset.source === 'logo');
  const nameOnly = (choice: { text: string[] }) => comparable(choice.text.join(' ')) === comparable(copy.name);
  const fromCopy = copyOpenings(board.style, copy, textLimits.charsPerLine);
  for (const choice of logo
    ? fromCopy
    : [...fromCopy.filter((each) => !nameOnly(each)), ...fromCopy.filter(nameOnly)]) {
    const text = choice.text.length === 1 ? wrapCaption(choice.text[0]!, textLimits.lines) : choice.text;
    if (!text || text.some((line) => line.endsWith('…') || line.length > textLimits.charsPerLine)) continue;
    const own = choice.says.map(speakable);
    choices.push({ rung: choice.rung, text, own });
    if (choice.rung === 'name') continue;
    for (const shown of withProduct(text, choice.rung)) choices.push({ rung: choice.rung, text: shown, own });
  }
  // What is sold with its price, last, for an ad that never shows the price: a hook too short for
  // the product's own line shows its name alone ("Greek Silver Coin Set (8 coins)", no "$4,200").
  const price = product?.price;
  const shown = [...board.scenes.flatMap((scene) => [...scene.text, scene.callout ?? '']), board.endCard.title];
  if (price && !shown.some((line) => line.includes(price))) {
    // On the headline's lines as opening A's price would be, else as the price stamp beside the name.
    for (const each of productNamesShown) {
      const text = wrapCaption(`${each} — ${price}`, textLimits.lines);
      if (text) choices.push({ rung: 'price', text, own: productSaid });
    }
    if (price.length <= textLimits.callout) {
      for (const each of productNamesShown)
        choices.push({ rung: 'price', text: [each], own: productSaid, callout: price });
    }
  }
  // An opening fits the voice as well as the ad's own hook does, and never worse than at the
  // style's middle pace (voice-fit.ts); it passes the checks as the ad's own hook does: it adds no
  // problem to those the body has anyway (the body is every opening's).
  const mainFit = Math.max(
    1,
    voiceFitLevel(
      board,
      board.scenes.map((scene) => scene.voiceLine),
    ),
  );
  const mainProblems = new Set(storyboardProblems(board, copy));
  // Whether the ad's own scenes can all be drawn in the style's designed look (else it renders safe).
  const designed = board.scenes.slice(0, -1).every((scene) => drawable(board.style, scene.text));
  const heardElsewhere = body.reduce((sum, line) => sum + spokenWordCount(line), 0);
  const { emphasis: _emphasis, callout: _callout, ...hook } = board.scenes[0]!;
  // First the openings whose voice says their own words; then those over which it says the name.
  for (const [choice, nameAlone] of [
    ...choices.map((each) => [each, false] as const),
    ...choices.map((each) => [each, true] as const),
  ]) {
    const id = openingIds[openings.length + 1];
    if (!id) break;
    // An opening the style's headline cannot draw would send its whole ad to the safe look while
    // the ad's own is designed: the openings would then differ in more than their first seconds.
    if (rungs.includes(choice.rung) || (designed && !drawable(board.style, choice.text))) continue;
    const emphasis = emphasisOf(choice.text);
    const showsProduct = choice.text.some((line) =>
      productNamesShown.some((name) => comparable(line).includes(comparable(name))),
    );
    // What is sold is said over an opening that shows it, unless the body says it next.
    const scene = voices(choice.own, showsProduct && !bodyShowsProduct, nameAlone)
      .filter(
        (line) =>
          // A line the body says already would be heard twice.
          !continuing.test(line) &&
          !body.includes(line) &&
          fillsBudget(line, budget) &&
          spokenWordCount(line) + heardElsewhere <= limit,
      )
      .map(
        (voiceLine): StoryboardScene => ({
          ...hook,
          text: choice.text,
          ...(emphasis ? { emphasis } : {}),
          voiceLine,
          ...(choice.callout ? { callout: choice.callout } : {}),
        }),
      )
      .find((candidate) => {
        if (voiceFitLevel(board, [candidate.voiceLine, ...body]) < mainFit) return false;
        const variant = storyboardSchema.safeParse({ ...board, scenes: [candidate, ...board.scenes.slice(1)] });
        return variant.success && storyboardProblems(variant.data, copy).every((problem) => mainProblems.has(problem));
      });
    if (!scene) continue;
    openings.push({ opening: openingOf(scene, id, choice.rung), ...(choice.fact ? { fact: choice.fact } : {}) });
    rungs.push(choice.rung);
  }
  return openings;
}

/**
 * A fact's on-screen line in fewer words, each the site's own: a rating's stars ("4.9 stars"), a
 * claim's number with its noun (its core, site-copy.ts). The voice may still say the whole.
 */
export function shortLines(fact: Fact): string[] {
  if (fact.kind === 'rating') return [`${fact.value} stars`];
  // A headline without the place it ends on ("Hold 2,300 years of history in your hand" → "Hold
  // 2,300 years of history"): what it says stays, one line shorter. Never an offer's condition
  // ("Free delivery with every order"), nor a place with a number in it.
  if (fact.kind === 'headline') {
    if (findOffer(fact.text)) return [];
    const head = /^(.+)\s+(?:in|into|at|with)\s+[^,\d]+$/i.exec(fact.text)?.[1];
    const headless = head && head.split(/\s+/).length >= 3 && !/[,;:]$/.test(head) ? [head] : [];
    return [...headless, ...numberPhrase(headless[0] ?? fact.text)].map(capitalised);
  }
  if (fact.kind !== 'claim' || comparable(fact.claim.core) === comparable(fact.claim.text)) return [];
  // A number with its noun ("30-day returns"), not a time or a measure that says nothing without the
  // rest ("Within 24 hours", "Since 1988", "100 years"): on frame 0 those would read as a riddle.
  const words = fact.claim.core.split(/\s+/);
  const bare = (word: string) => /\d/.test(word) || measures.test(word);
  return prepositions.test(words[0]!) || words.every(bare) ? [] : [capitalised(fact.claim.core)];
}

/**
 * A headline's number with what it counts, without the one verb before it ("Hold 2,300 years of
 * history" → "2,300 years of history"): a tagline a heavy type can set beside what is sold. Never
 * when the word before the number bounds it ("Over 500 …", "Less than 5 …"): without it the
 * number would say something the site does not.
 */
function numberPhrase(headline: string): string[] {
  const words = headline.split(/\s+/);
  const counted = words.slice(1);
  if (words.length < 4 || !/^\d[\d,.]*$/.test(counted[0]!) || bounds.test(words[0]!)) return [];
  return counted.slice(1).every((word) => measures.test(word) || /\d/.test(word)) ? [] : [counted.join(' ')];
}

/** Words that bound or place the number after them: dropping one changes what the number says. */
const bounds =
  /^(over|under|less|more|fewer|up|only|just|nearly|almost|about|around|roughly|than|to|from|within|since|by|at|in|on|for|with|of|no|not|top|best|first|last)$/i;

const prepositions = /^(within|with|in|on|at|for|from|by|of|to|under|over|since|than|after|before|up)$/i;
const measures = /^(years?|months?|weeks?|days?|hours?|minutes?|seconds?|stars?|percent|%|[+x×])$/i;

/**
 * How well the lines fit the voice: 2 with a spread of reads, 1 at the style's middle pace, 0 not
 * (voice-fit.ts). An opening fits at least as well as the ad's own hook.
 */
function voiceFitLevel(board: Storyboard, lines: readonly string[]): number {
  if (voiceFitsAnyRead(board, lines)) return 2;
  return voiceFits(predictVoice(board, lines)) ? 1 : 0;
}

export const templateStoryboardWriter: StoryboardWriter = {
  write: async (input) => writeTemplateStoryboard(input),
};

/**
 * The end card: its title carries the site's offer, else the product with its price, else a
 * reason to buy; its button a specific verb. The brand's name is said once on the card at most:
 * a title that must be the name (a site with nothing else) takes a button without it.
 */
function endCardWords(style: Style, copy: SiteCopy, facts: Fact[]): EndCardWords {
  const max = textLimits.charsPerLine;
  // A title the style's end-card type can draw (drawable), not only one short enough in characters.
  const fits = (fact: Fact) => screenLineOf(fact).length <= max && drawable(style, [screenLineOf(fact)], 'endTitle');
  const offer = facts.find((fact) => fact.kind === 'offer' && fits(fact));
  const product = facts.find((fact) => fact.kind === 'product' && fits(fact));
  const reason = facts.find((fact) => (fact.kind === 'claim' || fact.kind === 'benefit') && fits(fact));
  const titleFact = offer ?? (product?.kind === 'product' && product.product.price ? product : undefined) ?? reason;
  // A title that names the product leaves the button to the verb: never its name twice on one card.
  const cta = ctaLabelOf(titleFact?.kind === 'product' ? { ...copy, product: undefined } : copy, max);
  if (titleFact) {
    return {
      title: screenLineOf(titleFact),
      titleFact,
      ...(titleFact.kind === 'offer' ? { offer: screenLineOf(titleFact) } : {}),
      cta: cta.label,
    };
  }
  const title = copy.product ? fitChars(copy.product.name, max) : fitChars(copy.name, max);
  const unnamed = cta.namesBrand && !copy.product ? ctaLabelOf({ ...copy, name: '' }, max).label.trim() : cta.label;
  return { title, cta: unnamed.split(/\s+/).length < 2 ? 'Visit now' : unnamed };
}

/**
 * Every story scene's words: the hook from the ladder, then what is sold (the product with its
 * price), then each remaining fact once, strongest first. A fact whose line cannot be said whole
 * in its scene's time gives way to the next; a scene with no fact left says the name.
 */
function storyWords(
  style: Style,
  copy: SiteCopy,
  facts: Fact[],
  story: readonly PlannedScene[],
  card: EndCardWords,
  said: Set<Fact>,
  held: Fact[],
  mayHold: (fact: Fact) => boolean,
): SceneWords[] {
  // A reason on the end card is said there; the offer, or the product, may be said before too.
  const reserved = card.titleFact && card.titleFact.kind !== 'offer' && card.titleFact.kind !== 'product';
  const open = () =>
    facts.filter((fact) => !said.has(fact) && !held.includes(fact) && !(reserved && fact === card.titleFact));
  const wordsFor = (fact: Fact, index: number) => factWords(style, copy, fact, index, story);
  // The first fact whose line fills the scene; else the first whose line fits it. After the hook,
  // a fact the style's headline can draw first (one it cannot sends the whole ad to the safe
  // layout, its bigger type leaving the product less room), but never a name said instead of a fact.
  const take = (index: number, choices: Fact[]): SceneWords | undefined => {
    const fitting = choices.flatMap((fact) => {
      const words = wordsFor(fact, index);
      return words ? [words] : [];
    });
    // The hook keeps the ladder's first rung it can say, drawn or not (its opening is the ad's).
    const drawn = index === 0 ? fitting : fitting.filter((option) => option.drawable);
    const words =
      drawn.find((option) => fillsBudget(option.voiceLine, option.budget)) ??
      drawn[0] ??
      fitting.find((option) => fillsBudget(option.voiceLine, option.budget)) ??
      fitting[0];
    if (words?.fact) said.add(words.fact);
    return words;
  };
  // Lines the voice has said, so a scene the site gave nothing for does not say one again.
  const spoken = new Set<string>();
  return story.map((_, index) => {
    const left = open();
    // What is sold comes right after the hook, named and shown in the first half of the ad.
    const product = index === 0 ? [] : left.filter((fact) => fact.kind === 'product');
    const choices = index === 0 ? left.filter(isHookRung) : left.filter((fact) => fact.kind !== 'product');
    const words = take(index, product) ?? take(index, choices) ?? (index === 0 ? take(index, left) : undefined);
    // Nothing the site says fits: the name is said, over what is sold when it is not shown yet.
    const unshown = left.find((fact) => fact.kind === 'product');
    if (!words && unshown) said.add(unshown);
    const place = scenePlace(index, story.length + 1);
    const fallback = nameWords(style, copy, story[index]!.seconds, place, index, spoken, unshown);
    const scene = filled(words ?? fallback, copy, open, said, style);
    spoken.add(scene.voiceLine);
    if (index === 0) holdOpenings(scene.fact);
    return scene;
  });

  /**
   * Facts kept out of the body for the other openings (openings.ts): up to two, each on a rung the
   * hook did not take and able to open the ad whole, never what is sold (the body names it), and
   * only while the body keeps a fact of its own for each of its scenes.
   */
  function holdOpenings(hook: Fact | undefined): void {
    const rungs = [hook ? rungOf(hook) : 'name'];
    for (const fact of open()) {
      if (held.length === openingIds.length - 1 || open().length <= story.length - 1) return;
      if (!isHookRung(fact) || fact.kind === 'product' || rungs.includes(rungOf(fact)) || !mayHold(fact)) continue;
      if (!factWords(style, copy, fact, 0, story)?.drawable) continue;
      held.push(fact);
      rungs.push(rungOf(fact));
    }
  }
}

/** A fact's words in story scene `index` (0: the hook), or undefined when its line cannot be said whole in the time. */
function factWords(
  style: Style,
  copy: SiteCopy,
  fact: Fact,
  index: number,
  story: readonly PlannedScene[],
  /** Lines said when none of the fact's own fits (an opening's: the name, copy-openings.ts). */
  spare: readonly string[] = [],
): SceneWords | undefined {
  const { lines, priceStamp } = styleDefinition(style).copy;
  const hook = index === 0;
  const budget = voiceBudget(style, story[index]!.seconds, scenePlace(index, story.length + 1));
  const stamp = priceStamp && fact.kind === 'product' && fact.product.price;
  const shown = (hook && lines.hookText?.(fact)) || screenLineOf(fact, stamp ? 'stamp' : 'plain');
  const text = wrapCaption(shown, textLimits.lines);
  if (!text || text.some((line) => line.endsWith('…'))) return undefined;
  const own = lines.says(fact, copy, hook).map(speakable);
  // A hook whose own line fits only by running into the next scene may say less of it (a hook with
  // no line that fits gives way to the next rung instead).
  const shorter =
    hook && own.some((line) => fitsBudget(line, budget)) ? (lines.shorterHook?.(fact, copy) ?? []).map(speakable) : [];
  const candidates = [...new Set([...own, ...shorter, ...spare.map(speakable)])];
  const voiceLine = chooseLine(candidates, budget);
  if (!voiceLine) return undefined;
  const callout = stamp && fact.product.price!.length <= textLimits.callout ? fact.product.price : undefined;
  const shownText = stamp && !callout ? (wrapCaption(screenLineOf(fact), 2) ?? text) : text;
  return {
    fact,
    text: shownText,
    candidates,
    voiceLine,
    budget,
    ...(callout ? { callout } : {}),
    drawable: drawable(style, shownText),
  };
}

/**
 * The style's headline can draw these lines across the safe zone within its lines, at its least
 * size or larger. Characters say little about width: "Certificate of authenticity for every coin"
 * is two lines of 32 characters, but three in direct-response's heavy capitals, so its scene was
 * refused and the ad drawn in the safe layout, the product smaller under bigger type.
 */
export function drawable(style: Style, text: readonly string[], role: 'headline' | 'endTitle' = 'headline'): boolean {
  return drawnLineCount(text.join(' '), styleDefinition(style).look.type[role], safeZone.width, text) !== null;
}

/** A list needs this many beats: fewer read as a slideshow with numbers. */
export const listMinItems = 3;

/**
 * The story as a creator's numbered list, in a style that has one (style-lines.ts `list`): the hook
 * becomes the list's title ("3 things I found at Picky Paws", said whole) and each body scene's
 * text is numbered ("1. Wild Salmon Bites — $12"). Only when every body scene says a different
 * fact of the site and all of it still fits; otherwise the story as it was.
 */
function asList(style: Style, copy: SiteCopy, story: SceneWords[]): SceneWords[] {
  const list = styleDefinition(style).copy.lines.list;
  const [hook, ...body] = story;
  if (!list || !hook || body.length < listMinItems) return story;
  const facts = body.map((words) => words.fact);
  if (facts.some((fact) => !fact) || new Set(facts).size !== facts.length) return story;
  // What is sold stays on screen in the first half: the list's first beat, when the site names it.
  if (copy.product && facts[0]?.kind !== 'product') return story;
  const whole = (lines: string[] | null): lines is string[] =>
    lines !== null && !lines.some((line) => line.endsWith('…'));
  const title = wrapCaption(list.title(body.length, copy), textLimits.lines);
  const numbered = body.map((words, index) => wrapCaption(`${index + 1}. ${words.text.join(' ')}`, textLimits.lines));
  const candidates = list.says(body.length, copy).map(speakable);
  const voiceLine = chooseLine(candidates, hook.budget);
  if (!whole(title) || !numbered.every(whole) || !voiceLine || !fillsBudget(voiceLine, hook.budget)) return story;
  // A number that pushes a beat onto another line takes room from the picture: no list then. Lines
  // are counted as the style's headline draws them across the safe zone, not by their characters.
  const headline = styleDefinition(style).look.type.headline;
  const drawn = (lines: readonly string[]) =>
    drawnLineCount(lines.join(' '), headline, safeZone.width, lines) ?? Number.POSITIVE_INFINITY;
  if (drawn(title) > drawn(hook.text) || numbered.some((lines, index) => drawn(lines) > drawn(body[index]!.text))) {
    return story;
  }
  return [
    { text: title, candidates, voiceLine, budget: hook.budget },
    ...body.map((words, index) => ({ ...words, text: numbered[index]! })),
  ];
}

/**
 * A line too short to fill its scene says one more fact after it, if one fits (it is heard, not
 * shown); a fact said so is said once.
 */
function filled(words: SceneWords, copy: SiteCopy, open: () => Fact[], said: Set<Fact>, style: Style): SceneWords {
  if (spokenWordCount(words.voiceLine) >= words.budget.min || !words.fact) return words;
  for (const fact of open()) {
    if (fact.kind === 'product' || sameFact(textOf(fact), words.text.join(' '))) continue;
    const more = styleDefinition(style)
      .copy.lines.says(fact, copy, false)
      .map((line) => speakable(`${words.voiceLine} ${line.charAt(0).toUpperCase()}${line.slice(1)}`))
      .find((line) => fitsBudget(line, words.budget));
    if (more) {
      said.add(fact);
      return { ...words, voiceLine: more, candidates: [more, ...words.candidates] };
    }
  }
  // No fact fits after it: the brand's name does, heard beside its logo (a spoken brand helps the
  // viewer remember the one on screen) rather than half a second of silence.
  if (comparable(words.voiceLine).includes(comparable(copy.name))) return words;
  const line = words.voiceLine.replace(/[.!?]+$/, '');
  const end = words.voiceLine.endsWith('!') ? '!' : '.';
  const branded = [`${line}, from ${copy.name}${end}`, `${line}${end} ${copy.name}${end}`]
    .map(speakable)
    .find((candidate) => fitsBudget(candidate, words.budget));
  return branded ? { ...words, voiceLine: branded, candidates: [branded, ...words.candidates] } : words;
}

/**
 * A scene the site gave nothing for that can be said in its time: the business's name, and where to
 * find it, in a line the ad has not said yet; shown over the product and its price when they have
 * not been shown yet.
 */
function nameWords(
  style: Style,
  copy: SiteCopy,
  seconds: number,
  place: ScenePlace,
  index: number,
  spoken: ReadonlySet<string>,
  product?: Fact,
): SceneWords {
  const budget = voiceBudget(style, seconds, place);
  const { name, domain } = copy;
  // The name and where to find it; then, for an ad that has said those already (a site we could
  // not read says little else), other ways to say them, so that no line is said twice.
  const usual =
    index % 2 === 0
      ? [`This is ${name}, at ${domain}.`, `This is ${name}.`, `${name}.`]
      : [`Find ${name} at ${domain}.`, `${domain}.`, `${name}.`];
  const others = [
    `This is ${domain}.`,
    ...(index === 0
      ? []
      : [`${name}, at ${domain}.`, `Find it at ${domain}.`, `Visit ${domain}.`, `Find ${name}.`, `Visit ${name}.`]),
  ];
  const unsaid = (lines: string[]) => lines.map(speakable).filter((line) => !spoken.has(line));
  const tiers = [unsaid(usual), unsaid(others)];
  // The first tier with a line that fills the scene, else with one that fits it; a line said already last.
  const candidates =
    tiers.find((lines) => lines.some((line) => fillsBudget(line, budget))) ??
    tiers.find((lines) => lines.some((line) => fitsBudget(line, budget))) ??
    usual.map(speakable);
  // What is sold with its price, else its name; the name or the domain: the first the style's
  // headline can draw (a domain is one long word; "Greek Silver Coin Set (8 coins) — $4,200" three
  // lines of cinematic's spaced capitals).
  const shownOptions = product
    ? [screenLineOf(product), ...(product.kind === 'product' ? [product.product.name] : [])]
    : index % 2 === 0
      ? [copy.name, copy.domain]
      : [copy.domain, copy.name];
  const textOf = (shown: string) => wrapCaption(shown, textLimits.lines) ?? [fitChars(shown, textLimits.charsPerLine)];
  const shown = shownOptions.find((each) => drawable(style, textOf(each))) ?? shownOptions[0]!;
  return {
    text: textOf(shown),
    // Every unsaid way to say it stays a candidate: the whole ad's fit may need a longer or a shorter one (voice-fit.ts).
    candidates: [...new Set([...candidates, ...tiers.flat()])],
    voiceLine: chooseLine(candidates, budget) ?? '',
    budget,
  };
}

/** The candidate that fills the scene nearest the style's middle pace, else the longest that fits. */
function chooseLine(candidates: string[], budget: VoiceBudget): string | undefined {
  const off = (line: string) => Math.abs(spokenWordCount(line) - budget.target);
  const filling = candidates.filter((line) => fillsBudget(line, budget));
  // The filling line nearest the style's middle pace; on a tie the richer (earlier) one.
  const nearest = filling.reduce<string | undefined>(
    (best, line) => (!best || off(line) < off(best) ? line : best),
    undefined,
  );
  return nearest ?? candidates.find((line) => fitsBudget(line, budget));
}

/**
 * Scenes may each run a little past their end; the whole ad may not. While it holds more than its
 * voice can say, the latest scene with a shorter line that still fills it takes that line.
 */
function withinAdBudget(
  style: Style,
  durationSeconds: number,
  scenes: Pick<SceneWords, 'candidates' | 'voiceLine' | 'budget'>[],
): void {
  const limit = adHeardBudget(style, durationSeconds);
  const total = () => scenes.reduce((sum, scene) => sum + spokenWordCount(scene.voiceLine), 0);
  for (let index = scenes.length - 1; index >= 0 && total() > limit; index -= 1) {
    const scene = scenes[index]!;
    const shorter = scene.candidates.find(
      (line) => spokenWordCount(line) < spokenWordCount(scene.voiceLine) && fillsBudget(line, scene.budget),
    );
    if (shorter) scene.voiceLine = shorter;
  }
}

/** The role a scene takes from what it says (a body slot may swap roles; the hook stays the hook). */
function roleOf(fact: Fact | undefined, index: number): SceneRole {
  if (index === 0) return 'hook';
  if (fact?.kind === 'offer' || fact?.kind === 'product') return 'offer';
  if (fact?.kind === 'claim' || fact?.kind === 'rating' || fact?.kind === 'review') return 'proof';
  return 'benefit';
}

/**
 * Phone-native moments (a style whose `copy.phoneElements` is on), each answered in the ad: a viewer's comment on the first scene whose
 * fact answers it ("how much is it?" over the price) and, in ads of 8 s and more, a friend's text on
 * the end card, which the domain answers.
 */
function withPhoneElements(
  durationSeconds: number,
  scenes: StoryboardScene[],
  story: SceneWords[],
  copy: SiteCopy,
): void {
  const answered = story.findIndex(
    (words, index) => index > 0 && words.fact && commentFor(words.fact, words.voiceLine),
  );
  if (answered > 0) {
    scenes[answered]!.phoneElement = {
      kind: 'comment-reply',
      text: commentFor(story[answered]!.fact!, story[answered]!.voiceLine)!,
    };
  }
  if (durationSeconds < 8) return;
  const asked = copy.business === 'software' || copy.business === 'service' ? 'who is this' : 'where is this from';
  scenes.at(-1)!.phoneElement = { kind: 'text-bubble', text: `wait ${asked}??` };
}

/** The question a viewer would ask that this scene's line answers. */
function commentFor(fact: Fact, voiceLine: string): string | undefined {
  if (fact.kind === 'product' && fact.product.price && voiceLine.includes(fact.product.price)) {
    return 'ok but how much is it?';
  }
  if (fact.kind === 'rating' || fact.kind === 'review') return 'do people actually like it?';
  if (fact.kind === 'offer') return 'is there a deal?';
  if (fact.kind !== 'claim') return undefined;
  const questions: Partial<Record<typeof fact.claim.kind, string>> = {
    speed: 'how fast is it really?',
    guarantee: 'what if something goes wrong?',
    count: 'does anyone actually use this?',
  };
  return questions[fact.claim.kind];
}
