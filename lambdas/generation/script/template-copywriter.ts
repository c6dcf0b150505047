// The default copywriter: a script built from the site's own facts by fixed rules, so the same
// order always gives the same ad and nothing is claimed that the site did not say (no prices,
// no invented offers; urgency stays generic).
import type { Style } from '#shared/contract';
import {
  type AdDuration,
  type AdScene,
  type AdScript,
  adScriptSchema,
  allowsOffer,
  captionBudget,
  type SceneKind,
} from './ad-script.ts';
import { type CaptionBudget, firstClause, fitCaption, fitWord, shortenToFit, wordsOf } from './caption-text.ts';
import type { Copywriter, CopywriterInput } from './copywriter.ts';
import { paletteFor } from './palette.ts';

/** The site's facts made fit for captions. */
interface Copy {
  name: string;
  domain: string;
  headline: string;
  /** Benefits first, then the description's first sentence: what the middle scenes can say. */
  sellingPoints: string[];
  /** A selling point that is an offer the site itself makes (free shipping, a trial…). */
  siteOffer?: string;
  sellsProducts: boolean;
}

interface StyleWriter {
  voice: AdScript['voice'];
  /** Candidates in order of preference; the first that fits as written wins, else the last is shortened. */
  hooks(copy: Copy): Candidate[];
  sellingPoint(point: string, index: number, copy: Copy): Candidate[];
  /** Said instead of selling points when the site gave too few. */
  fillers: string[];
  offers(copy: Copy): Candidate[];
  ctas(copy: Copy): Candidate[];
  subtitle(copy: Copy): string;
  emphasised: ReadonlySet<SceneKind>;
}

type Candidate = string | null | undefined | false;

/**
 * The end card's line under the name: the text when it reads as one short line, else nothing
 * (repeating the CTA button's words above the button reads as a mistake).
 */
const oneLine = (text: string | undefined) => (text && fitCaption(text, { maxWords: 8, maxLines: 1 }) ? text : '');

const ugcConnectors = ['honestly', 'plus', 'and'];

const styleWriters: Record<Style, StyleWriter> = {
  // Mood: few words, big type, the brand speaking.
  cinematic: {
    voice: 'brand',
    hooks: (copy) => [
      copy.headline,
      firstClause(copy.headline),
      copy.name && `This is ${copy.name}.`,
      'Made to be noticed.',
    ],
    sellingPoint: (point) => [point],
    fillers: ['Made with intention', 'Every detail considered', 'See it for yourself'],
    offers: () => [],
    ctas: (copy) => [copy.name && `Discover ${copy.name}`, 'Discover more'],
    subtitle: (copy) => oneLine(copy.headline),
    emphasised: new Set(['benefit']),
  },
  // Attention, benefits, the site's own offer, a clear action.
  'direct-response': {
    voice: 'brand',
    hooks: (copy) => [copy.name && `Stop scrolling. Meet ${copy.name}`, 'Stop scrolling.'],
    sellingPoint: (point) => [point],
    fillers: ["See what you're missing", 'Take a closer look', 'Check it out today'],
    offers: (copy) => [copy.siteOffer, "Don't wait. See it today"],
    ctas: (copy) => [copy.sellsProducts ? 'Shop now' : 'Get started today'],
    subtitle: (copy) => oneLine(copy.siteOffer) || oneLine(copy.headline),
    emphasised: new Set(['benefit', 'offer', 'cta']),
  },
  // A person talking to camera: first person, lower case, casual.
  ugc: {
    voice: 'first-person',
    hooks: (copy) => [
      copy.name && `ok so I found ${copy.name}`,
      copy.name && `obsessed with ${copy.name}`,
      'ok so I found this',
    ],
    sellingPoint: (point, index, copy) => [
      `${ugcConnectors[index % ugcConnectors.length]} ${casual(point, copy.name)}`,
      casual(point, copy.name),
    ],
    fillers: ["honestly didn't expect this", 'like, why did no one tell me', "I'm kind of obsessed"],
    offers: () => [],
    ctas: (copy) => [copy.sellsProducts ? 'go get yours' : 'go check it out'],
    subtitle: (copy) => oneLine(copy.headline),
    emphasised: new Set(),
  },
};

const hookSeconds = 2;
// Time is handed out in half seconds, so scene boundaries are exact in floating point.
const timeStep = 0.5;
const sellingPointLimits: Record<AdDuration, { min: number; max: number }> = {
  4: { min: 0, max: 0 },
  8: { min: 1, max: 2 },
  12: { min: 2, max: 3 },
};
const siteOfferPattern =
  /free (shipping|delivery|returns)|\d+\s?% off|\bsale\b|discount|free trial|money[- ]back|guarantee/i;
const shopPattern = /\b(shop|store|cart|shipping|collections?|buy)\b/i;
const emphasisStopWords = new Set(['about', 'every', 'from', 'just', 'that', 'this', 'with', 'your', 'their', 'into']);

export function writeScriptFromTemplate(input: CopywriterInput): AdScript {
  const { style, durationSeconds } = input;
  const writer = styleWriters[style];
  const copy = copyFrom(input.facts);
  const withOffer = allowsOffer(style, durationSeconds);
  const available = withOffer ? copy.sellingPoints.filter((point) => point !== copy.siteOffer) : copy.sellingPoints;
  const pointCount = sellingPointCount(durationSeconds, withOffer, available.length);
  const ctaSeconds = durationSeconds === 12 ? 2.5 : 2;
  const timings = sceneTimings(durationSeconds, ctaSeconds, pointCount + (withOffer ? 1 : 0));
  const points = pickSellingPoints(available, pointCount, captionBudget(shortestMiddleScene(timings)));
  const plans: { kind: SceneKind; candidates: Candidate[] }[] = [
    { kind: 'hook', candidates: writer.hooks(copy) },
    ...Array.from({ length: pointCount }, (_, index) => {
      const point = points[index];
      const candidates = point ? writer.sellingPoint(point, index, copy) : [writer.fillers[index - points.length]];
      return { kind: 'benefit' as const, candidates };
    }),
    ...(withOffer ? [{ kind: 'offer' as const, candidates: writer.offers(copy) }] : []),
  ];
  const scenesBeforeCta: AdScene[] = plans.map((plan, index) => {
    const [startSeconds, endSeconds] = timings[index]!;
    const caption = chooseCaption(plan.candidates, captionBudget(endSeconds - startSeconds));
    return withEmphasis({ startSeconds, endSeconds, kind: plan.kind, caption }, writer);
  });
  // A fallback headline ("Discover Acme") can open the ad; the CTA should not repeat it.
  const hookText = comparable(scenesBeforeCta[0]!.caption.join(' '));
  const freshCtas = writer.ctas(copy).filter((candidate) => candidate && comparable(candidate) !== hookText);
  const ctaLines = ctaCaption(
    freshCtas.length > 0 ? freshCtas : writer.ctas(copy),
    copy.domain,
    captionBudget(ctaSeconds),
  );
  const [ctaStart, ctaEnd] = timings.at(-1)!;
  const scenes = [
    ...scenesBeforeCta,
    withEmphasis({ startSeconds: ctaStart, endSeconds: ctaEnd, kind: 'cta', caption: ctaLines.caption }, writer),
  ];
  const title = shortenToFit(copy.name, { maxWords: 6, maxLines: 1 })?.[0] ?? ctaLines.cta;
  const subtitle = writer.subtitle(copy);

  return adScriptSchema.parse({
    style,
    durationSeconds,
    scenes,
    cta: ctaLines.cta,
    endCard: {
      title,
      // With no name, the CTA is already the title; saying it twice is noise.
      subtitle: subtitle === title ? '' : subtitle,
      domain: fitWord(copy.domain, 48),
    },
    voice: writer.voice,
    palette: paletteFor(style, input.facts.themeColor),
  });
}

export const templateCopywriter: Copywriter = {
  write: async (input) => writeScriptFromTemplate(input),
};

function copyFrom(facts: CopywriterInput['facts']): Copy {
  const name = readable(facts.businessName);
  const headline = readable(facts.headline);
  const description = readable(facts.description);
  const seen = new Set([comparable(headline)]);
  const sellingPoints: string[] = [];
  for (const point of [...facts.benefits, firstSentence(description)].map(sellingPointText)) {
    if (!point || seen.has(comparable(point))) continue;
    seen.add(comparable(point));
    sellingPoints.push(point);
  }
  const allText = [name, headline, description, ...facts.benefits].join(' ');
  return {
    name,
    domain: facts.domain.trim(),
    headline,
    sellingPoints,
    siteOffer: facts.benefits.map(sellingPointText).find((point) => siteOfferPattern.test(point)),
    sellsProducts: shopPattern.test(allText),
  };
}

function sellingPointCount(durationSeconds: AdDuration, withOffer: boolean, available: number): number {
  const { min, max } = sellingPointLimits[durationSeconds];
  // An offer scene takes the place of the third benefit, so no scene drops under 2.5 s.
  const limit = withOffer ? min : max;
  return Math.min(limit, Math.max(min, available));
}

/** Points that fit their scene as written come first, so fewer are shortened. */
function pickSellingPoints(available: string[], count: number, budget: CaptionBudget): string[] {
  const fitting = available.filter((point) => fitCaption(point, budget));
  const rest = available.filter((point) => !fitting.includes(point));
  return [...fitting, ...rest].slice(0, count);
}

function shortestMiddleScene(timings: [number, number][]): number {
  return Math.min(...timings.slice(1, -1).map(([start, end]) => end - start));
}

/** [start, end] of every scene: the hook, the middle scenes sharing what is left, the CTA. */
function sceneTimings(durationSeconds: number, ctaSeconds: number, middleCount: number): [number, number][] {
  const middleSteps = (durationSeconds - hookSeconds - ctaSeconds) / timeStep;
  const lengths = [
    hookSeconds,
    ...Array.from(
      { length: middleCount },
      (_, index) => (Math.floor(middleSteps / middleCount) + (index < middleSteps % middleCount ? 1 : 0)) * timeStep,
    ),
    ctaSeconds,
  ];
  let start = 0;
  return lengths.map((length) => {
    const timing: [number, number] = [start, start + length];
    start += length;
    return timing;
  });
}

function chooseCaption(candidates: Candidate[], budget: CaptionBudget): string[] {
  const usable = candidates.filter(
    (candidate): candidate is string => typeof candidate === 'string' && candidate.trim() !== '',
  );
  for (const candidate of usable) {
    const lines = fitCaption(candidate, budget);
    if (lines) return lines;
  }
  const shortened = usable.length > 0 ? shortenToFit(usable.at(-1)!, budget) : null;
  if (!shortened) throw new Error(`no caption fits ${budget.maxWords} words`);
  return shortened;
}

/** The CTA on one line with the domain under it, when both fit the scene. */
function ctaCaption(
  candidates: Candidate[],
  domain: string,
  budget: CaptionBudget,
): { cta: string; caption: string[] } {
  const withDomain = domain ? { maxWords: budget.maxWords - 1, maxLines: 1 } : budget;
  const cta = chooseCaption(candidates, withDomain).join(' ');
  return { cta, caption: domain ? [cta, fitWord(domain)] : [cta] };
}

function withEmphasis<Scene extends { kind: SceneKind; caption: string[] }>(
  scene: Scene,
  writer: StyleWriter,
): Scene & { emphasis?: string } {
  if (!writer.emphasised.has(scene.kind)) return scene;
  if (scene.kind === 'cta') return { ...scene, emphasis: scene.caption[0] };
  const emphasis = keyWord(scene.caption.join(' '));
  return emphasis ? { ...scene, emphasis } : scene;
}

/** The longest meaningful word, the one a viewer's eye should land on. */
function keyWord(text: string): string | undefined {
  const words = wordsOf(text)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    // Contractions ("Don't") are glue, not the point.
    .filter((word) => word.length >= 4 && !word.includes("'") && !emphasisStopWords.has(word.toLowerCase()));
  return words.reduce<string | undefined>(
    (longest, word) => (word.length > (longest?.length ?? 0) ? word : longest),
    undefined,
  );
}

/** Site text as a caption can show it: no emoji (the caption font has none), no bullets, one space. */
function readable(text: string): string {
  return text
    .replace(/\p{Extended_Pictographic}|\u{FE0F}|\u{200D}/gu, '')
    .replace(/^[\s•·✓✔→*–—-]+/u, '')
    .replace(/\s+/g, ' ')
    .replace(/[\s,;:]+$/, '')
    .trim();
}

function sellingPointText(text: string): string {
  return readable(text).replace(/\.+$/, '');
}

function firstSentence(text: string): string {
  return text.split(/(?<=[.!?])\s/)[0] ?? '';
}

/** Lower-cases the first letter the way people type, but not a name or an acronym. */
function casual(text: string, name: string): string {
  const [first = ''] = wordsOf(text);
  const keepCase = /\p{Lu}.*\p{Lu}/u.test(first) || (name !== '' && wordsOf(name)[0] === first);
  return keepCase ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

function comparable(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}
