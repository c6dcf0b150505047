// The words of one scene made to fit it: the voice line within what can be said in the scene's
// time (written words under the schema's cap, heard words — "$29" is three — under what the
// style's voice says in that time), the on-screen text within two lines of 32 characters and a few
// words a viewer can read.
import { speakingRate } from '#generation/voice/style-voices.ts';
import type { Style } from '#shared/contract.ts';
import type { SceneContent } from './fact-pool.ts';
import { pacing } from './scene-plans.ts';
import { speakable, spokenWordCount } from './spoken-words.ts';
import { textLimits, wordsOf } from './storyboard.ts';
import { wrapCaption } from './text-lines.ts';

const timeTolerance = 1e-6;

export interface VoiceBudget {
  /** Written words: the schema's hard cap, an outer bound. */
  words: number;
  /** Heard words: what the style's voice says in the scene at its own pace, with a margin. */
  heard: number;
}

/**
 * How far a line may run past its scene's end. The render moves the next line back to make room,
 * as it lets a line start up to 0.3 s before its scene when the one before ended early
 * (compose/voice-track.ts); the ad's budget below keeps the borrowed time paid back.
 */
const spillSeconds = 0.3;
/**
 * Time each voiced line needs beyond its words: it starts a moment into its scene or after a pause
 * behind the line before, and its audio keeps a little silence either side (compose/voice-track.ts:
 * 0.1 s lead, 0.12 s pause, 0.04 s each side). A 4 s ad of three lines loses almost a second to it.
 */
const lineGapSeconds = 0.3;

/**
 * What a voice line may hold in a scene of `seconds`: heard words at the style's speaking rate
 * (voice/style-voices.ts) in the scene's time, with `spill` in the time it may run over, and never
 * more written words than the schema takes. The Bedrock writer's prompt and the storyboard checks
 * use the same budgets.
 */
export function voiceBudget(style: Style, seconds: number, spill = true): VoiceBudget {
  const heard = (seconds + (spill ? spillSeconds : 0)) * speakingRate(style);
  return {
    words: Math.floor(seconds * pacing.wordsPerSecond.max + timeTolerance),
    heard: Math.max(1, Math.floor(heard + timeTolerance)),
  };
}

/**
 * The most heard words a whole ad of `lines` voice lines holds: what is left of its length after
 * each line's gap, at the style's speaking rate. Each scene may spill; the whole ad may not.
 */
export function adHeardBudget(style: Style, durationSeconds: number, lines: number): number {
  const speaking = durationSeconds - lines * lineGapSeconds;
  return Math.floor(speaking * speakingRate(style) + timeTolerance);
}

export function fitsBudget(line: string, budget: VoiceBudget): boolean {
  return line !== '' && wordsOf(line).length <= budget.words && spokenWordCount(line) <= budget.heard;
}

/** The first candidate, made speakable, that can be said in the scene. */
export function fittingLine(candidates: string[], budget: VoiceBudget): string | undefined {
  return candidates.map(speakable).find((line) => fitsBudget(line, budget));
}

/** Words a shortened line must not end on: it would stop mid-phrase ("roasted to", "and it's"). */
const danglingWords = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'but',
  'so',
  'for',
  'to',
  'of',
  'in',
  'on',
  'at',
  'by',
  'with',
  'from',
  'over',
  'under',
  'up',
  'since',
  'than',
  'as',
  'that',
  'which',
  'who',
  'your',
  'our',
  'my',
  'its',
  "it's",
  'is',
  'are',
  'was',
  'called',
  'found',
  'tried',
  'plus',
  'wait',
  'honestly',
  'only',
  'rated',
]);
/** Words that start a phrase inside a fact: what comes before them is the fact's head. */
const phraseStarts = /^(?:for|with|to|in|on|at|by|from|over|under|since|that|which|who|and)$/i;
/** The frames the styles put around a fact ("honestly?", "plus,", "I tried Tasklane."): the fact stands without them. */
const frames = /^(?:(?:honestly\?|plus,|wait,|ok so,|and it's|and)\s+|I tried [^.!?]+[.!?]\s+)+/i;

/**
 * Shorter ways to say a line that keep its meaning, longest first: without the style's frame, its
 * first sentence, its first clause, the head of its phrase ("Cotton wick for a clean, even burn."
 * → "Cotton wick."). Each is two words at least and never stops on a word like "for" or "it's".
 */
export function shortForms(line: string): string[] {
  const mark = /[!?]$/.test(line) ? line.slice(-1) : '.';
  const unframed = line.replace(frames, '');
  const sentence = unframed.split(/(?<=[.!?])\s/)[0] ?? unframed;
  // A comma after "a clean" is inside a noun phrase ("a clean, even burn"), not between clauses.
  const firstClause = sentence.split(/(?<=[,;:])\s/)[0] ?? sentence;
  const clause = /\b(?:a|an|the)\s+\S+$/i.test(firstClause) ? sentence : firstClause;
  const words = wordsOf(stripped(sentence));
  const headEnd = words.findIndex((word, index) => index > 0 && phraseStarts.test(word));
  const head = headEnd > 0 ? words.slice(0, headEnd).join(' ') : sentence;
  const forms = [unframed, sentence, clause, head].map((form) => {
    const body = stripped(form);
    return body && `${body}${mark}`;
  });
  return [...new Set(forms)].filter((form) => form !== line && meaningful(form));
}

/** Last resort: the shortest candidate cut to fewer words, never stopping mid-phrase. */
export function cutLine(candidates: string[], budget: VoiceBudget): string {
  const shortest = candidates.map(speakable).sort((a, b) => spokenWordCount(a) - spokenWordCount(b))[0] ?? '';
  const mark = /[!?]$/.test(shortest) ? shortest.slice(-1) : '.';
  const words = wordsOf(stripped(shortest.split(/(?<=[.!?,;:])\s/)[0] ?? shortest));
  const fits = () => fitsBudget(`${words.join(' ')}${mark}`, budget);
  while (words.length > 1 && (!fits() || isDangling(words.at(-1)!))) words.pop();
  return `${stripped(words.join(' '))}${mark}`;
}

/** The text without its closing punctuation or a dangling last word. */
function stripped(text: string): string {
  const words = wordsOf(text.replace(/[.,;:!?]+$/, ''));
  while (words.length > 1 && isDangling(words.at(-1)!)) words.pop();
  return words.join(' ').replace(/[.,;:!?]+$/, '');
}

function isDangling(word: string): boolean {
  return danglingWords.has(word.toLowerCase().replace(/[.,;:!?]+$/, ''));
}

/** A line that says something: two words at least (written, or heard: "$34."), not just a frame. */
function meaningful(line: string): boolean {
  const words = wordsOf(line);
  if (words.length === 0 || isDangling(words.at(-1)!)) return false;
  return words.length >= 2 || (spokenWordCount(line) >= 2 && /\d/.test(line));
}

/** The on-screen words: the fact itself, short enough to read while the scene lasts. */
export function screenText(content: SceneContent, name: string, seconds: number): string[] {
  // Big type is read at about three words a second; a hook's claim may run to five.
  const maxWords = Math.min(8, Math.max(5, Math.floor(seconds * 3)));
  const fitted = (...options: (string | undefined)[]) => {
    for (const option of options) {
      if (!option || wordsOf(option).length > maxWords) continue;
      const lines = wrapCaption(capitalised(option), textLimits.lines);
      if (lines) return lines;
    }
    return undefined;
  };
  if (content.kind === 'claim') return fitted(content.claim.text, content.claim.core) ?? cut(content.claim.core);
  if (content.kind === 'offer') {
    const { price, offer } = content;
    // The price on a line of its own, over the offer.
    const onTwoLines = price && offer && offer.length <= textLimits.charsPerLine && wordsOf(offer).length <= maxWords;
    return onTwoLines ? [price, capitalised(offer)] : (fitted(offer, price) ?? cut(offer ?? price ?? name));
  }
  if (content.kind === 'benefit') return fitted(content.text) ?? cut(content.text);
  if (content.kind === 'question') return fitted(`${content.subject}?`) ?? cut(content.subject);
  return cut(name);
}

/** At most two lines of 32 characters, cut at a word where it must be. */
function cut(text: string): string[] {
  const words = wordsOf(capitalised(text));
  while (words.length > 1) {
    const lines = wrapCaption(words.join(' '), textLimits.lines);
    if (lines) return lines;
    words.pop();
  }
  return [fitChars(words[0] ?? text, textLimits.charsPerLine)];
}

/** The part of the text drawn in the accent colour: the number or price, else the key word. */
export function emphasisOf(content: SceneContent, text: string[]): string | undefined {
  const shown = text.join(' ');
  const preferred =
    content.kind === 'claim'
      ? [content.claim.core, capitalised(content.claim.core), ...(shown.match(/\S*\d\S*/g) ?? [])]
      : content.kind === 'offer'
        ? [content.price, /\d+\s?%\s?off/i.exec(shown)?.[0], /free \w+/i.exec(shown)?.[0]]
        : [];
  return preferred.find((part) => part && shown.includes(part)) ?? keyWord(shown);
}

/** The longest meaningful word, the one a viewer's eye should land on. */
function keyWord(text: string): string | undefined {
  return wordsOf(text)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word.length >= 4 && !word.includes("'"))
    .reduce<string | undefined>((longest, word) => (word.length > (longest?.length ?? 0) ? word : longest), undefined);
}

export function fitChars(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
