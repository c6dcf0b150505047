// What a scene's words may be: a voice line that fills its scene at the style's pace (heard words —
// "$29" is three — between what leaves no gap over half a second and what the voice says in the
// time), and on-screen text of at most two lines of 32 characters, never cut mid-word.
import { styleDefinition } from '#generation/styles/styles.ts';
import type { Style } from '#shared/contract.ts';
import { pacing } from './scene-plans.ts';
import { spokenWordCount } from './spoken-words.ts';
import { wordsOf } from './storyboard.ts';

const timeTolerance = 1e-6;

export interface VoiceBudget {
  /** Heard words that leave no silence over `pacing.maxVoiceGapSeconds` at the style's slowest pace (to the nearest word). */
  min: number;
  /** Heard words the style's voice says in the scene at its fastest pace. */
  max: number;
  /** Heard words at the middle of the style's pace: what a line aims for. */
  target: number;
  /** Written words: the schema's cap. */
  words: number;
}

/** The one deliberate beat: the end card's line may start this long after the card appears. */
export const endCardBeatSeconds = 1;

/**
 * Where a scene sits, for its line's budget: a story line may run into the next story scene; the
 * line before the end card may not (the renderer keeps the card's opening clear,
 * compose/voice-track.ts), nor may the end card's (the ad ends).
 */
export type ScenePlace = 'story' | 'before-end-card' | 'end-card';

export function scenePlace(index: number, sceneCount: number): ScenePlace {
  if (index === sceneCount - 1) return 'end-card';
  return index === sceneCount - 2 ? 'before-end-card' : 'story';
}

/**
 * What a voice line may hold in a scene of `seconds`. A story scene must be filled to within half
 * a second of silence at the style's slowest pace; the end card may open on a beat. The Bedrock
 * writer's prompt, the storyboard checks and the schema use the same numbers (the style's `pace`
 * and scene-plans.ts `pacing`).
 */
export function voiceBudget(style: Style, seconds: number, place: ScenePlace = 'story'): VoiceBudget {
  const pace = styleDefinition(style).pace;
  const silence = place === 'end-card' ? endCardBeatSeconds : pacing.maxVoiceGapSeconds;
  const spill = place === 'story' ? pacing.lineSpillSeconds : 0;
  return {
    min: Math.max(1, Math.round((seconds - silence) * pace.min + timeTolerance)),
    max: Math.floor((seconds + spill) * pace.max + timeTolerance),
    target: Math.round(
      (seconds - (place === 'end-card' ? silence / 2 : 0)) * ((pace.min + pace.max) / 2) + timeTolerance,
    ),
    words: maxWrittenWords(style, seconds),
  };
}

/** The schema's cap on a line's written words (every written word is at least one heard word). */
export function maxWrittenWords(style: Style, seconds: number): number {
  return Math.floor((seconds + pacing.lineSpillSeconds) * styleDefinition(style).pace.max + timeTolerance);
}

/** The most heard words a whole ad holds: its length at the style's fastest pace (scenes may spill; the ad may not). */
export function adHeardBudget(style: Style, durationSeconds: number): number {
  return Math.floor(durationSeconds * styleDefinition(style).pace.max + timeTolerance);
}

export function fitsBudget(line: string, budget: VoiceBudget): boolean {
  const heard = spokenWordCount(line);
  return line !== '' && wordsOf(line).length <= budget.words && heard <= budget.max;
}

export function fillsBudget(line: string, budget: VoiceBudget): boolean {
  return fitsBudget(line, budget) && spokenWordCount(line) >= budget.min;
}

/** The part of the text drawn in the accent colour: a number or price, else the longest word. */
export function emphasisOf(text: string[]): string | undefined {
  const shown = text.join(' ');
  const number = /[$€£]?\d[\d.,/%]*(?:\s?%)?/.exec(shown)?.[0]?.replace(/[.,]$/, '');
  if (number) return number;
  return wordsOf(shown)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word.length >= 4 && !word.includes("'"))
    .reduce<string | undefined>((longest, word) => (word.length > (longest?.length ?? 0) ? word : longest), undefined);
}

export function fitChars(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
