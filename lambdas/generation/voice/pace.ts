// How fast a line is read, and the one place a line is fitted to its scene. Ad reads run 2–3
// heard words a second (soft sell ≈120–140 words a minute, hard sell ≈160–180); each style has
// its range (`pacing.wordsPerSecond`, storyboard/scene-plans.ts). Festival's HTS voice reads short words
// fast and numbers slowly ("Coffee roasted the day it ships." 3.6 heard words a second at its own
// pace, "House Blend, sixteen dollars. Subscribe and save fifteen percent." 2.0), so one rate per
// style left number-heavy lines dragging: a line off its style's range is read again at the rate
// that lands it in the middle. A line longer than its scene allows is read faster, but more than
// 10–15 % faster sounds rushed, so the speed-up stops at `maxSpeedUp`, once: placement
// (compose/voice-track.ts) moves lines, never speeds them, and refuses what still does not fit.
import type { SpokenLine, SpokenWord, VoiceChoice } from './voice.ts';

/** The most a line is sped up beyond its style's pace to fit its scene. */
export const maxSpeedUp = 1.15;

/**
 * The rates a line may be paced at, as multiples of the engine's own pace: beyond them the HTS
 * voice drawls or gabbles. Cinematic's number-free lines need ~0.7 to come down to 2.2 words a second.
 */
export const paceRates = { min: 0.65, max: 1.35 };

/** Audio kept around the words when a line is placed, so consonants are not clipped. */
export const padSeconds = 0.04;

// Aim a little under the limit: a rate change does not shorten a read exactly in proportion.
const fitMargin = 1.03;

/** Seconds from the first word's start to the last word's end: what is heard of the line. */
export function speechSeconds(spoken: { words: readonly SpokenWord[] }): number {
  const first = spoken.words[0];
  const last = spoken.words.at(-1);
  return first && last ? Math.max(0, last.endSeconds - first.startSeconds) : 0;
}

/** Heard words a second over the speech (leading and trailing silence aside), when the engine counted them. */
export function heardPace(spoken: SpokenLine): number | undefined {
  const seconds = speechSeconds(spoken);
  return spoken.heardWords === undefined || seconds <= 0 ? undefined : spoken.heardWords / seconds;
}

/** The rate that puts a read in its style's range: the middle of it when it is off, else the rate it was read at. */
export function pacedRate(spoken: SpokenLine, voice: VoiceChoice): number {
  const pace = heardPace(spoken);
  const { min, max } = voice.wordsPerSecond;
  if (pace === undefined || (pace >= min && pace <= max)) return spoken.rate;
  const wanted = spoken.rate * ((min + max) / 2 / pace);
  return round(Math.min(paceRates.max, Math.max(paceRates.min, wanted)));
}

/**
 * The rate to read a line at: its paced rate, or faster (at most `maxSpeedUp` times) when at that
 * rate its speech would last longer than `maxSeconds`. A read's length scales with 1 / rate.
 */
export function lineRate(spoken: SpokenLine, voice: VoiceChoice, maxSeconds: number | undefined): number {
  const paced = pacedRate(spoken, voice);
  const seconds = ((speechSeconds(spoken) + 2 * padSeconds) * spoken.rate) / paced;
  if (maxSeconds === undefined || seconds <= maxSeconds) return paced;
  return round(Math.min(paced * (seconds / maxSeconds) * fitMargin, paced * maxSpeedUp));
}

/** Words per second from the first word's start to the last word's end (leading and trailing silence aside). */
export function wordsPerSecond(words: readonly SpokenWord[]): number {
  const seconds = speechSeconds({ words });
  return seconds > 0 ? words.length / seconds : 0;
}

function round(rate: number): number {
  return Math.round(rate * 1000) / 1000;
}
