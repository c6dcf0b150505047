// The template storyboard writer (the twin, CI, and Bedrock's fallback): the same order always gives
// the same storyboard, built by fixed rules from the site's own facts. The hook says a claim or a
// number the site makes (else asks about what its headline names), the body says its benefits,
// proof and price, the CTA names its domain; nothing is said that the site did not say, and with
// no site at all the ad says only the business's name.
import { paletteFor } from '#generation/script/palette';
import type { Style } from '#shared/contract';
import { FactPool, roleOf, type SceneContent } from './fact-pool.ts';
import { type AdDuration, type PlannedScene, pacing, type SceneRole, scenePlans } from './scene-plans.ts';
import {
  cutLine,
  emphasisOf,
  fitChars,
  fitsBudget,
  fittingLine,
  screenText,
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
 * Heard words a second taken off the scenes' caps, in turn, while an ad is too fast: the body
 * first, the hook last (a short ad's hook and domain leave its one body scene little time).
 */
const squeezes = [
  { body: 0.3, hook: 0 },
  { body: 0.3, hook: 0.3 },
  { body: 0.6, hook: 0.3 },
  { body: 0.9, hook: 0.3 },
];

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
  const cta = ctaWords(style, copy, ctaLabel, plan.at(-1)!);
  const said = sayFactsAtPace(style, copy, plan, spokenWordCount(cta.voiceLine));
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
    const placed: StoryboardScene = {
      role: roles[index]!,
      startSeconds,
      endSeconds,
      ...words,
      ...(emphasis ? { emphasis } : {}),
      shots: shots[index]!,
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
}

/** Squeezes each scene's share until the whole ad is within natural speech (a 4 s ad overflows first). */
function sayFactsAtPace(style: Style, copy: SiteCopy, plan: readonly PlannedScene[], ctaHeard: number): SaidScene[] {
  const heard = (scenes: SaidScene[]) => scenes.reduce((sum, scene) => sum + spokenWordCount(scene.voiceLine), 0);
  let said = sayFacts(style, copy, plan, ctaHeard, { body: 0, hook: 0 });
  for (const squeeze of squeezes) {
    if (heard(said) + ctaHeard <= adMaxHeard(plan)) break;
    said = sayFacts(style, copy, plan, ctaHeard, squeeze);
  }
  return said;
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
  ctaHeard: number,
  squeeze: { body: number; hook: number },
): SaidScene[] {
  const lines = styleLines[style];
  const pool = new FactPool(copy);
  const scenes = plan.slice(0, -1).map((planned, index): SaidScene & { budget: VoiceBudget } => {
    const budget = voiceBudget(style, planned.seconds, index === 0 ? squeeze.hook : squeeze.body);
    const linesFor = (content: SceneContent) =>
      index === 0 ? lines.hook(content, copy) : lines.body(content, copy, index === 1);
    const options = pool.options(planned.role);
    // In the body, a fact said whole beats a stronger fact cut to its core ("24/7."); the hook
    // takes the strongest fact, cut to what a second and a half can hold.
    const whole = (content: SceneContent) => linesFor(content).filter((line) => saysWhole(line, content));
    const fitting = (index === 0 ? [linesFor] : [whole, linesFor])
      .flatMap((candidates) =>
        options.map((content) => ({ content, voiceLine: fittingLine(candidates(content), budget) })),
      )
      .find((option) => option.voiceLine !== undefined);
    const content = fitting?.content ?? options[0]!;
    pool.take(content);
    return { content, voiceLine: fitting?.voiceLine ?? cutLine(linesFor(content), budget), budget };
  });
  // The whole ad stays within natural speech, whatever each scene could hold.
  const adHeard = () => scenes.reduce((sum, scene) => sum + spokenWordCount(scene.voiceLine), 0) + ctaHeard;
  for (const scene of scenes.slice(1)) {
    for (const extra of pool.leftovers()) {
      if (spokenWordCount(scene.voiceLine) >= scene.budget.target - 1) break;
      const longer = speakable(`${scene.voiceLine} ${lines.more(extra.text, copy)}`);
      const added = spokenWordCount(longer) - spokenWordCount(scene.voiceLine);
      if (fitsBudget(longer, scene.budget) && adHeard() + added <= adMaxHeard(plan)) {
        scene.voiceLine = longer;
        pool.take(extra.content);
      }
    }
  }
  return scenes.map(({ content, voiceLine }) => ({ content, voiceLine }));
}

/** The most heard words an ad of this plan holds at natural speech (2.8 a second). */
function adMaxHeard(plan: readonly PlannedScene[]): number {
  return plan.reduce((sum, planned) => sum + planned.seconds, 0) * pacing.wordsPerSecond.max;
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
): Pick<StoryboardScene, 'text' | 'voiceLine'> {
  const candidates = styleLines[style].cta(copy);
  const budget = voiceBudget(style, planned.seconds);
  const voiceLine = fittingLine(candidates, budget) ?? cutLine(candidates, budget);
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
