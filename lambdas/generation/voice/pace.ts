// How fast a line is read. Ad reads run 2–3 words a second (research/ad-craft.md §4: soft sell
// ≈120–140 wpm, hard sell ≈160–180); a line that does not fit its scene is read faster, but more
// than 10–15 % faster sounds rushed, so the speed-up stops there and the renderer sees the overrun.
import type { SpokenWord } from './voice.ts';

/** The most a line is sped up beyond its voice's own rate. */
export const maxSpeedUp = 1.15;

// Aim a little under the limit: a rate change does not shorten a read exactly in proportion.
const fitMargin = 1.03;

/** The rate to read a line at, given how long a read at `rate` took and how long it may take. */
export function fittedRate(rate: number, durationSeconds: number, maxSeconds: number | undefined): number {
  if (maxSeconds === undefined || durationSeconds <= maxSeconds) return rate;
  const needed = rate * (durationSeconds / maxSeconds) * fitMargin;
  return round(Math.min(needed, rate * maxSpeedUp));
}

/** Words per second from the first word's start to the last word's end (leading and trailing silence aside). */
export function wordsPerSecond(words: readonly SpokenWord[]): number {
  const first = words[0];
  const last = words.at(-1);
  if (!first || !last || last.endSeconds <= first.startSeconds) return 0;
  return words.length / (last.endSeconds - first.startSeconds);
}

function round(rate: number): number {
  return Math.round(rate * 1000) / 1000;
}
