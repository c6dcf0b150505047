// How fast a line is read, and the one place a line is fitted to its scene. Ad reads run 2–3
// heard words a second (soft sell ≈120–140 words a minute, hard sell ≈160–180); each style has
// its range (`pacing.wordsPerSecond`, storyboard/scene-plans.ts). Festival's HTS voice reads short words
// fast and numbers slowly ("Coffee roasted the day it ships." 3.6 heard words a second at its own
// pace, "House Blend, sixteen dollars. Subscribe and save fifteen percent." 2.0), so one rate per
// style left number-heavy lines dragging: a line off its style's range is read again at the rate
// that lands it in the middle. A line of long words ("Compostable bags.", "Classic Invitation
// Suite.") stays under the range even at the fastest natural rate; the ad is what is heard, so the
// ad's other lines then read faster, up to the range's top, until the ad as a whole is in the
// middle of it (`lineRates`). A line longer than its scene allows is read faster, but more than
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

/**
 * How a read's speech follows its rate: as rate^-0.9, not 1 / rate (the HTS "-r" scales each
 * frame, but not the pauses between words in proportion). Measured on the 172 lines of the demo
 * shops' voice grid, each read at its style's rate and 1.3 times it: 0.90 on average, 0.81–0.96
 * for four lines in five.
 */
const rateEffect = 0.9;

/**
 * An ad predicted this close to its range's floor is paced as a whole, to the middle: a read lands
 * up to ~5 % off the model (0.13 words a second at 2.6), most of all one sped up to fit its scene.
 */
const adPaceMargin = 0.1;

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

/**
 * The rate at which `spoken` would be heard at `pace` words a second, within `paceRates`, by the
 * measured `rateEffect` (a line's own pacing, `pacedRate`, keeps to the proportion it was tuned by).
 */
function rateForPace(spoken: SpokenLine, heard: number, pace: number): number {
  const wanted = spoken.rate * (pace / heard) ** (1 / rateEffect);
  return round(Math.min(paceRates.max, Math.max(paceRates.min, wanted)));
}

/** The speech seconds of `spoken` read again at `rate`. */
function speechAt(spoken: SpokenLine, rate: number): number {
  return speechSeconds(spoken) * (spoken.rate / rate) ** rateEffect;
}

/**
 * The ad's heard words a second were each read again at `rates` (its reads whose heard words are
 * counted), or undefined when none are counted (Polly).
 */
function adPace(reads: readonly SpokenLine[], rates: readonly number[]): number | undefined {
  let heard = 0;
  let seconds = 0;
  reads.forEach((spoken, index) => {
    if (heardPace(spoken) === undefined) return;
    heard += spoken.heardWords!;
    seconds += speechAt(spoken, rates[index]!);
  });
  return seconds > 0 ? heard / seconds : undefined;
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
 * The rate to read a line at: `paced`, or faster when at that rate its speech would last longer
 * than `maxSeconds` — never past `ceiling`. The speed-up assumes a read's length scales with
 * 1 / rate, and aims a little under the limit.
 */
export function fittedRate(
  spoken: SpokenLine,
  paced: number,
  maxSeconds: number | undefined,
  ceiling = paced * maxSpeedUp,
): number {
  const seconds = ((speechSeconds(spoken) + 2 * padSeconds) * spoken.rate) / paced;
  if (maxSeconds === undefined || seconds <= maxSeconds) return paced;
  return round(Math.max(paced, Math.min(paced * (seconds / maxSeconds) * fitMargin, ceiling)));
}

/** One line's rate: its paced rate, fitted to `maxSeconds` (`fittedRate`). */
export function lineRate(spoken: SpokenLine, voice: VoiceChoice, maxSeconds: number | undefined): number {
  return fittedRate(spoken, pacedRate(spoken, voice), maxSeconds);
}

/**
 * The rates to read an ad's lines at. Each line at its paced rate, fitted to its scene
 * (`lineRate`); but what is heard is the ad, so when the ad as a whole would then be heard near or
 * under its style's floor — a line of long words still slow at the fastest natural rate — the
 * others read faster, each within the range, until the ad is heard in the middle (or as near as
 * the range allows). An ad still near or under its floor then has its slow lines sped up past
 * their natural rate, all by one factor and as little as brings it to the middle: within
 * `maxSpeedUp`, the one cap on reading a line past its natural pace, which fitting it to its scene
 * shares. Reads whose heard words are not counted (Polly) keep their own rates and are not counted.
 */
export function lineRates(
  reads: readonly SpokenLine[],
  voice: VoiceChoice,
  maxSeconds: readonly (number | undefined)[],
): number[] {
  const natural = reads.map((spoken) => pacedRate(spoken, voice));
  const fitted = (rates: readonly number[]) =>
    rates.map((rate, index) => fittedRate(reads[index]!, rate, maxSeconds[index], natural[index]! * maxSpeedUp));
  const paced = fitted(natural);
  const heard = adPace(reads, paced);
  const { min, max } = voice.wordsPerSecond;
  if (heard === undefined || heard >= min + adPaceMargin) return paced;
  const middle = (min + max) / 2;
  // Every counted line at least as fast as `pace`, or as its own paced rate has it; then fitted.
  const toward = (pace: number) =>
    fitted(
      reads.map((spoken, index) => {
        const own = heardPace(spoken);
        return own === undefined ? natural[index]! : Math.max(natural[index]!, rateForPace(spoken, own, pace));
      }),
    );
  const reaches = (pace: number) => adPace(reads, toward(pace))! >= middle;
  let [near, far] = [middle, max];
  if (reaches(max)) {
    // The pace nearest the middle that brings the ad to the middle.
    for (let step = 0; step < 20; step += 1) {
      const pace = (near + far) / 2;
      if (reaches(pace)) far = pace;
      else near = pace;
    }
  }
  return slowLinesSpedUp(reads, toward(far), natural, voice);
}

/**
 * An ad still near or under its style's floor: its lines under the range sped up by one factor, as
 * little as brings it to the middle of the range, none past `maxSpeedUp` times its natural rate.
 */
function slowLinesSpedUp(
  reads: readonly SpokenLine[],
  rates: readonly number[],
  natural: readonly number[],
  voice: VoiceChoice,
): number[] {
  const { min, max } = voice.wordsPerSecond;
  const middle = (min + max) / 2;
  if (adPace(reads, rates)! >= min + adPaceMargin) return [...rates];
  const under = reads.map(
    (spoken, index) => heardPace(spoken) !== undefined && spoken.heardWords! / speechAt(spoken, rates[index]!) < min,
  );
  const by = (factor: number) =>
    rates.map((rate, index) => (under[index] ? round(Math.min(rate * factor, natural[index]! * maxSpeedUp)) : rate));
  let [low, high] = [1, maxSpeedUp];
  if (adPace(reads, by(high))! <= middle) return by(high);
  for (let step = 0; step < 20; step += 1) {
    const factor = (low + high) / 2;
    if (adPace(reads, by(factor))! >= middle) high = factor;
    else low = factor;
  }
  return by(high);
}

/** Words per second from the first word's start to the last word's end (leading and trailing silence aside). */
export function wordsPerSecond(words: readonly SpokenWord[]): number {
  const seconds = speechSeconds({ words });
  return seconds > 0 ? words.length / seconds : 0;
}

function round(rate: number): number {
  return Math.round(rate * 1000) / 1000;
}
