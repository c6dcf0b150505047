// The template storyboard writer (the twin, CI, and Bedrock's fallback): the same order always gives
// the same storyboard, built by fixed rules from the site's own facts. The hook says a claim or a
// number the site makes (else asks about what its headline names), the body says its benefits,
// proof and price, the CTA names its domain; nothing is said that the site did not say, and with
// no site at all the ad says only the business's name.
import type { Style } from '#shared/contract.ts';
import { FactPool, roleOf, type SceneContent } from './fact-pool.ts';
import { footageFor } from './footage-prompts.ts';
import { paletteFor } from './palette.ts';
import { type AdDuration, type PlannedScene, type SceneRole, scenePlans } from './scene-plans.ts';
import {
  adHeardBudget,
  cutLine,
  emphasisOf,
  fitChars,
  fitsBudget,
  fittingLine,
  screenText,
  shortForms,
  type VoiceBudget,
  voiceBudget,
} from './scene-words.ts';
import { type Claim, comparable, type SiteCopy, siteCopy } from './site-copy.ts';
import { speakable, spokenWordCount } from './spoken-words.ts';
import { type Storyboard, type StoryboardScene, storyboardSchema, storyboardVersion } from './storyboard.ts';
import { styleLines } from './style-lines.ts';
import { endCardAsset, planShots, storyboardAssets } from './visuals.ts';
import type { StoryboardInput, StoryboardWriter } from './writer.ts';

/**
 * How scenes give way while a whole ad holds more than its voice can say: the body scenes lose
 * their spill (the 0.3 s a line may run past its scene, scene-words.ts), then the CTA, then the end
 * card falls silent (its text still shows the name and domain), then the hook loses its spill.
 * sayAtPace writes a version per squeeze and keeps the best.
 */
interface Squeeze {
  body: boolean;
  hook: boolean;
  cta: 'spill' | 'fit' | 'silent';
}
const squeezes: Squeeze[] = [
  { body: false, hook: false, cta: 'spill' },
  { body: true, hook: false, cta: 'spill' },
  { body: true, hook: false, cta: 'fit' },
  { body: false, hook: false, cta: 'silent' },
  { body: true, hook: false, cta: 'silent' },
  { body: true, hook: true, cta: 'silent' },
];

/** The order body slots get their words in: the numbers before the wordier benefits. */
const slotRanks: Partial<Record<SceneRole, number>> = { offer: 1, proof: 2 };
/** What a body slot says before anything else, when the site has it. */
const slotKinds: Partial<Record<SceneRole, SceneContent['kind']>> = { offer: 'offer', proof: 'claim' };

/** Heard words the shortest whole line takes ("Free shipping.", "$34."): kept for each scene still to come. */
const minLineHeard = 2;

const ctaLabelVerbs: Record<SiteCopy['business'], string> = {
  software: 'Try',
  service: 'Book',
  shop: 'Shop',
  other: 'Visit',
};

export function writeTemplateStoryboard(input: StoryboardInput): Storyboard {
  const { style, durationSeconds } = input.order;
  const copy = siteCopy(input.site);
  const plan = scenePlans[style][durationSeconds as AdDuration];
  const ctaLabel = ctaLabelFor(copy);
  const { cta, said } = sayAtPace(style, copy, ctaLabel, plan);
  const roles: SceneRole[] = [...said.map(({ content }, index) => roleOf(content, index)), 'cta'];
  const { assets, backdrops } = storyboardAssets(input.order.uploadKey, copy.images);
  const shots = planShots(style, plan, roles, assets, backdrops);

  let startSeconds = 0;
  const scenes = plan.map((planned, index): StoryboardScene => {
    const endSeconds = Math.round((startSeconds + planned.seconds) * 1000) / 1000;
    const scene = said[index];
    const words = scene
      ? {
          text: screenText(scene.content, copy.name, planned.seconds),
          voiceLine: scene.voiceLine,
        }
      : cta;
    const emphasis = scene ? emphasisOf(scene.content, words.text) : ctaLabel;
    const footage = footageFor(style, roles[index]!, copy, assets, backdrops);
    const placed: StoryboardScene = {
      role: roles[index]!,
      startSeconds,
      endSeconds,
      ...words,
      ...(emphasis ? { emphasis } : {}),
      shots: shots[index]!,
      ...(footage ? { footage } : {}),
    };
    startSeconds = endSeconds;
    return placed;
  });
  const contents = said.map(({ content }) => content);
  withPhoneElements(style, durationSeconds, scenes, contents, copy);
  withCallouts(style, scenes, contents, copy);

  return storyboardSchema.parse({
    version: storyboardVersion,
    style,
    durationSeconds,
    persona: style === 'ugc' ? 'first-person' : 'brand',
    writer: 'template',
    brand: { name: fitChars(copy.name, 60), domain: fitChars(copy.domain, 48) },
    palette: paletteFor(style, input.site.themeColor),
    assets,
    scenes,
    endCard: {
      title: fitChars(copy.name, 32),
      cta: ctaLabel,
      domain: fitChars(copy.domain, 48),
      asset: endCardAsset(assets),
    },
  } satisfies Storyboard);
}

export const templateStoryboardWriter: StoryboardWriter = {
  write: async (input) => writeTemplateStoryboard(input),
};

interface SaidScene {
  content: SceneContent;
  voiceLine: string;
  /** No whole line fitted: the line is a candidate cut to fewer words. */
  cut?: boolean;
}

/**
 * Every scene's words, each within its scene's budget and all within the ad's. Each squeeze gives
 * a version; the best is the one within the ad's budget, with no line cut off mid-phrase, whose
 * hook says the most (its claim, number and all), whose end card, if longer than a second, speaks,
 * with the most scenes saying a fact rather than the name, then with the most said at the end: a
 * 4 s ad keeps its hook's number and a fact over a name on its 1 s end card, a 12 s ad its domain.
 */
function sayAtPace(
  style: Style,
  copy: SiteCopy,
  ctaLabel: string,
  plan: readonly PlannedScene[],
): { cta: Pick<StoryboardScene, 'text' | 'voiceLine'>; said: SaidScene[] } {
  const limit = adHeardBudget(
    style,
    plan.reduce((sum, planned) => sum + planned.seconds, 0),
    plan.length,
  );
  // An end card of more than a second says the name or the domain.
  const ctaSpeaks = plan.at(-1)!.seconds > 1;
  const versions = squeezes.map((squeeze) => {
    const cta = ctaWords(style, copy, ctaLabel, plan.at(-1)!, squeeze.cta);
    const said = sayFacts(style, copy, plan, squeeze, limit - spokenWordCount(cta.voiceLine));
    const heard = [cta, ...said].reduce((sum, scene) => sum + spokenWordCount(scene.voiceLine), 0);
    const score = [
      heard <= limit,
      said.every((scene) => !scene.cut),
      spokenWordCount(said[0]?.voiceLine ?? ''),
      ctaSpeaks && cta.voiceLine !== '',
      said.filter((scene) => scene.content.kind !== 'name').length,
      spokenWordCount(cta.voiceLine),
    ].map(Number);
    return { cta, said, score };
  });
  // Compared criterion by criterion; on a tie the earlier (less squeezed) version stays.
  const best = versions.reduce((chosen, version) => {
    const at = version.score.findIndex((value, index) => value !== chosen.score[index]);
    return at >= 0 && version.score[at]! > chosen.score[at]! ? version : chosen;
  });
  return { cta: best.cta, said: best.said };
}

/**
 * What every scene before the CTA says, in two passes. First each scene takes the best fact its
 * role asks for that can be said in its time (the hook: the strongest claim, a numbered offer, a
 * question about the headline's subject; a body slot: its own role's fact, else another body
 * role's — no price means a proof or a benefit, never an invented offer). Then scenes with time to
 * spare say the facts no scene took, until they hold the style's pace.
 */
function sayFacts(
  style: Style,
  copy: SiteCopy,
  plan: readonly PlannedScene[],
  squeeze: Squeeze,
  maxHeard: number,
): SaidScene[] {
  const lines = styleLines[style];
  const pool = new FactPool(copy);
  const story = plan.slice(0, -1);
  // Words are handed out hook first, then the offer slots (the price) and the proof slots (a claim)
  // when the site has them, then the rest in order.
  const order = story
    .map((planned, index) => {
      const has = pool.options(planned.role).some((content) => content.kind === slotKinds[planned.role]);
      return { index, rank: index === 0 ? 0 : has ? (slotRanks[planned.role] ?? 3) : 3 };
    })
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ index }) => index);
  let said = 0;
  const written = new Map<number, SaidScene & { budget: VoiceBudget }>();
  order.forEach((index, turn) => {
    const planned = story[index]!;
    const own = voiceBudget(style, planned.seconds, !(index === 0 ? squeeze.hook : squeeze.body));
    // What the ad has left, keeping a short line's worth for each scene still to come.
    const left = maxHeard - said - minLineHeard * (story.length - turn - 1);
    const budget = { ...own, heard: Math.max(1, Math.min(own.heard, left)) };
    const linesFor = (content: SceneContent) =>
      index === 0 ? lines.hook(content, copy) : lines.body(content, copy, index === 1);
    const options = pool.options(planned.role);
    const facts = options.filter((content) => content.kind !== 'name');
    const names = options.filter((content) => content.kind === 'name');
    // An offer slot says the site's price or offer, a proof slot its claim, short if they must,
    // before any other fact: the number is what the slot is for (direct-response stamps it).
    const slotKind = index === 0 ? undefined : slotKinds[planned.role];
    const mine = facts.filter((content) => content.kind === slotKind);
    const others = facts.filter((content) => !mine.includes(content));
    // Otherwise, in the body, a fact said whole beats a stronger fact cut to its core ("24/7."); the
    // hook takes the strongest fact, cut to what a second and a half can hold. A fact said short
    // ("Upfront pricing.") still beats saying the business's name again.
    const whole = (content: SceneContent) => linesFor(content).filter((line) => saysWhole(line, content));
    // An offer with its price is not shortened: the price alone and the offer alone are options of their own.
    const short = (content: SceneContent) =>
      content.kind === 'offer' && content.price && content.offer
        ? []
        : linesFor(content).map(speakable).flatMap(shortForms);
    const ways = (among: SceneContent[]) => [
      ...(index === 0 ? [] : [{ candidates: whole, among }]),
      { candidates: linesFor, among },
      { candidates: short, among },
    ];
    // The slot's own options come best first, each in every way: the price said short beats a second offer.
    const fitting = [
      ...mine.flatMap((content) => ways([content])),
      ...ways(others),
      { candidates: linesFor, among: names },
    ]
      .flatMap(({ candidates, among }) =>
        among.map((content) => ({ content, voiceLine: fittingLine(candidates(content), budget) })),
      )
      .find((option) => option.voiceLine !== undefined);
    const content = fitting?.content ?? options[0]!;
    pool.take(content);
    const scene = fitting?.voiceLine
      ? { content, voiceLine: fitting.voiceLine, budget: own }
      : { content, voiceLine: cutLine(linesFor(content), budget), cut: true, budget: own };
    said += spokenWordCount(scene.voiceLine);
    written.set(index, scene);
  });
  const scenes = story.map((_, index) => written.get(index)!);
  // More facts only while the whole ad stays within what its voice can say.
  const heard = () => scenes.reduce((sum, scene) => sum + spokenWordCount(scene.voiceLine), 0);
  for (const scene of scenes.slice(1)) {
    for (const extra of pool.leftovers()) {
      if (spokenWordCount(scene.voiceLine) >= scene.budget.heard - 1) break;
      const longer = speakable(`${scene.voiceLine} ${lines.more(extra.text, copy)}`);
      const added = spokenWordCount(longer) - spokenWordCount(scene.voiceLine);
      if (fitsBudget(longer, scene.budget) && heard() + added <= maxHeard) {
        scene.voiceLine = longer;
        pool.take(extra.content);
      }
    }
  }
  return scenes.map(({ budget: _budget, ...said }) => said);
}

/** Whether a line says every word of its fact, not just the fact's core. */
function saysWhole(line: string, content: SceneContent): boolean {
  const fact =
    content.kind === 'claim'
      ? content.claim.text
      : content.kind === 'offer'
        ? `${content.offer ?? ''} ${content.price ?? ''}`
        : content.kind === 'question'
          ? content.subject
          : content.kind === 'benefit'
            ? content.text
            : undefined;
  if (fact === undefined) return false;
  const wordsIn = (text: string) =>
    new Set(
      (
        speakable(text)
          .toLowerCase()
          .match(/[\p{L}\p{N}$€£][\p{L}\p{N}.,'/&$-]*/gu) ?? []
      ).map((word) => word.replace(/[.,]+$/, '')),
    );
  const said = wordsIn(line);
  return [...wordsIn(fact)].every((word) => said.has(word));
}

function ctaWords(
  style: Style,
  copy: SiteCopy,
  ctaLabel: string,
  planned: PlannedScene,
  squeeze: Squeeze['cta'],
): Pick<StoryboardScene, 'text' | 'voiceLine'> {
  const candidates = styleLines[style].cta(copy);
  // No time for even the name (a long one on a 1 s end card): the end card is held silent, its
  // text says the rest; a name cut short would be worse.
  const voiceLine =
    squeeze === 'silent'
      ? ''
      : (fittingLine(candidates, voiceBudget(style, planned.seconds, squeeze === 'spill')) ?? '');
  const domain = fitChars(copy.domain, 32);
  return { text: comparable(ctaLabel) === comparable(domain) ? [ctaLabel] : [ctaLabel, domain], voiceLine };
}

/** The end card's button: the site's own free offer when it has one, else a verb and the name. */
function ctaLabelFor(copy: SiteCopy): string {
  const offers = copy.offers.join(' ');
  if (copy.business === 'software' && /free trial/i.test(offers)) return 'Start your free trial';
  const freeQuote = /free (estimate|quote|consultation)/i.exec(offers)?.[1];
  if (freeQuote) return `Get a free ${freeQuote.toLowerCase()}`;
  const named = `${ctaLabelVerbs[copy.business]} ${copy.name}`;
  return named.length <= 32 ? named : `${ctaLabelVerbs[copy.business]} now`;
}

/**
 * UGC's phone-native moments: a viewer's comment the voice answers (on the proof scene, else the
 * last benefit) and, in ads of 8 s and more, a friend's text the CTA answers with the domain.
 */
function withPhoneElements(
  style: Style,
  durationSeconds: number,
  scenes: StoryboardScene[],
  contents: SceneContent[],
  copy: SiteCopy,
): void {
  if (style !== 'ugc' || durationSeconds < 8) return;
  const answering = [
    contents.findIndex((content, index) => index > 0 && content.kind === 'claim'),
    contents.findLastIndex((content, index) => index > 0 && content.kind === 'benefit'),
  ].find((index) => index > 0);
  const comment = answering && commentFor(contents[answering]!, copy);
  if (answering && comment) scenes[answering]!.phoneElement = { kind: 'comment-reply', text: comment };
  const asked = copy.business === 'software' || copy.business === 'service' ? 'who is this' : 'where is this from';
  scenes.at(-1)!.phoneElement = { kind: 'text-bubble', text: `wait ${asked}??` };
}

/** The question a viewer would ask that this scene's fact answers. */
function commentFor(content: SceneContent, copy: SiteCopy): string | undefined {
  if (content.kind === 'benefit') {
    const named = `ok but is ${copy.name} actually good?`;
    return named.length <= 60 ? named : 'ok but is it actually good?';
  }
  if (content.kind !== 'claim') return undefined;
  const questions: Record<Claim['kind'], string> = {
    rating: 'do people actually like it?',
    count: 'does anyone actually use this?',
    speed: 'how fast is it really?',
    guarantee: "what if I don't like it?",
    heritage: 'are they legit?',
    figure: 'is that true?',
  };
  return questions[content.claim.kind];
}

/**
 * Direct-response stamps the site's price or discount on its offer scene and a proof's number on its
 * proof scene; an ad too short for an offer scene stamps the price on its last body scene.
 */
function withCallouts(style: Style, scenes: StoryboardScene[], contents: SceneContent[], copy: SiteCopy): void {
  if (style !== 'direct-response') return;
  const stamp = (text: string | undefined) => (text && text.length <= 16 ? text : undefined);
  contents.forEach((content, index) => {
    if (index === 0) return;
    const callout =
      content.kind === 'offer'
        ? (stamp(content.price) ??
          stamp(/\d+\s?%\s?off/i.exec(content.offer ?? '')?.[0]?.toUpperCase()) ??
          stamp(/free \w+/i.exec(content.offer ?? '')?.[0]?.toUpperCase()))
        : content.kind === 'claim'
          ? stamp(content.claim.core)
          : undefined;
    if (callout) scenes[index]!.callout = callout;
  });
  const priceShown = contents.some((content) => content.kind === 'offer' && content.price);
  const lastBody = scenes[scenes.length - 2];
  const price = stamp(copy.prices[0]);
  if (!priceShown && price && scenes.length > 2 && lastBody && !lastBody.callout) lastBody.callout = price;
}
