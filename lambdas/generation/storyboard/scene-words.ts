// The words of one scene made to fit it: the voice line within what can be said in the scene's
// time (written words under the schema's cap, heard words — "$29" is three — under the style's
// pace), the on-screen text within two lines of 32 characters and a few words a viewer can read.
import { wrapCaption } from '#generation/script/caption-text';
import type { Style } from '#shared/contract';
import type { SceneContent } from './fact-pool.ts';
import { pacing } from './scene-plans.ts';
import { speakable, spokenWordCount } from './spoken-words.ts';
import { textLimits, wordsOf } from './storyboard.ts';

/** Heard words a second each style aims at over the whole ad, inside natural speech (ad-craft.md §4). */
const targetPace: Record<Style, number> = { cinematic: 2.4, 'direct-response': 2.7, ugc: 2.6 };
/**
 * The most heard words a second a scene may hold: each style's voice reads at its own rate and
 * may speed up by 15 % (voice/pace.ts), so a calm narrator holds fewer than a hard sell.
 */
const heardCap: Record<Style, number> = { cinematic: 2.9, 'direct-response': 3.4, ugc: 3.1 };
const timeTolerance = 1e-6;

export interface VoiceBudget {
  /** Written words: the schema's hard cap. */
  words: number;
  /** Heard words: what the voice can say in the scene without rushing. */
  heard: number;
  /** Heard words the scene should hold for the style's pace. */
  target: number;
}

/** `squeeze` lowers the heard cap (words a second) when a whole ad came out faster than natural speech. */
export function voiceBudget(style: Style, seconds: number, squeeze = 0): VoiceBudget {
  return {
    words: Math.floor(seconds * pacing.wordsPerSecond.max + timeTolerance),
    // Half a word over is within the voice's speed-up.
    heard: Math.round(seconds * (heardCap[style] - squeeze)),
    target: seconds * targetPace[style],
  };
}

export function fitsBudget(line: string, budget: VoiceBudget): boolean {
  return line !== '' && wordsOf(line).length <= budget.words && spokenWordCount(line) <= budget.heard;
}

/** The first candidate, made speakable, that can be said in the scene. */
export function fittingLine(candidates: string[], budget: VoiceBudget): string | undefined {
  return candidates.map(speakable).find((line) => fitsBudget(line, budget));
}

/** Last resort: the shortest candidate cut to its first clause, then to fewer words. */
export function cutLine(candidates: string[], budget: VoiceBudget): string {
  const shortest = candidates.map(speakable).sort((a, b) => spokenWordCount(a) - spokenWordCount(b))[0] ?? '';
  const clause = shortest.split(/(?<=[.!?,;:])\s/)[0] ?? shortest;
  const words = wordsOf(clause);
  while (words.length > 1 && !fitsBudget(words.join(' '), budget)) words.pop();
  return words.join(' ').replace(/[,;:]$/, '');
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
