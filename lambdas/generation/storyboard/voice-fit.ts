// The template writer's lines fitted to the ad as a whole, not one scene at a time. Each scene's
// budget (scene-words.ts) bounds a line by the style's slowest and fastest pace, but the voice is
// placed line after line (compose/voice-track.ts): a line may start half a second before its scene
// and may run into the next, so what one scene leaves or takes carries over. Lines each within their
// budget still added up to a story that ran over the end card (its line then dropped, a second of
// silence at the end) or fell behind its scenes until a gap opened. So the writer predicts the
// voice — every line read at its style's middle pace, which is where the voice puts a read that is
// off its range (voice/pace.ts) — places it exactly as the renderer does (compose/voice-cuts.ts
// placeAndCut), and picks, among each scene's candidate lines that fill it, those whose timeline
// keeps the story clear of the end card and every gap well inside the budget.
import { placeAndCut } from '#generation/compose/voice-cuts.ts';
import { longestVoiceGap, type Placement, readMaxSeconds } from '#generation/compose/voice-track.ts';
import type { WordsPerSecond } from '#generation/styles/style-definition.ts';
import { styleDefinition } from '#generation/styles/styles.ts';
import { lineRate, padSeconds, speechSeconds } from '#generation/voice/pace.ts';
import type { SpokenLine, VoiceChoice } from '#generation/voice/voice.ts';
import { pacing } from './scene-plans.ts';
import { fillsBudget, type VoiceBudget } from './scene-words.ts';
import { spokenWordCount } from './spoken-words.ts';
import type { Storyboard } from './storyboard.ts';

/**
 * The longest gap the predicted voice may leave: a read lands anywhere in its style's range, about
 * ±9 % of the middle, which moves a line's end by up to ~0.2 s; the rest is the budget's.
 */
export const predictedGapSeconds = pacing.maxVoiceGapSeconds - 0.2;

/** The share of a speed-up that shortens a read (voice/pace.ts lineRate), as measured on the grid. */
const speedUpEffect = 0.5;

/**
 * How far a real read strays from the prediction: the voice lands a read anywhere in its style's
 * range and a sped-up read shortens less than in proportion (voice/pace.ts), 6 % in the grid's
 * misses; a line that must hold whatever the read is judged at this much slower and faster too.
 */
export const readSpread = 0.08;

/**
 * The predicted voice fits with a spread of reads: every read this much slower still leaves the
 * story clear of the end card and the card its line; every read this much faster leaves no gap over
 * the budget less a frame or so.
 */
export function voiceFitsAnyRead(draft: Draft, lines: readonly string[]): boolean {
  const slow = predictVoice(draft, lines, 1 - readSpread);
  const fast = predictVoice(draft, lines, 1 + readSpread);
  return voiceFits(predictVoice(draft, lines)) && slow.roomy && fast.gapSeconds <= pacing.maxVoiceGapSeconds - 0.05;
}

/** How the voice is placed when each line leaves the room a spread of reads needs. */
const roomyPlacements: readonly Placement[] = ['relaxed', 'tight'];

/** One scene's choice: the line written, the others it could say, and what its time allows. */
export interface LineChoice {
  voiceLine: string;
  candidates: readonly string[];
  budget: VoiceBudget;
}

type Draft = Pick<Storyboard, 'style' | 'durationSeconds' | 'scenes'>;

export interface PredictedVoice {
  /** The voice fits the ad with room to spare: no last resort, no story line over the end card. */
  roomy: boolean;
  /** The longest predicted silence but the beat before the end card (Infinity: it does not fit). */
  gapSeconds: number;
}

/**
 * A line as the voice is predicted to read it: its heard words at the style's middle pace, then
 * fitted to its scene as the voice fits a read (voice/pace.ts lineRate: at most 15 % faster).
 */
function predictedRead(line: string, pace: WordsPerSecond, sceneSeconds: number, spread: number): SpokenLine | null {
  const heard = spokenWordCount(line);
  if (!line.trim() || heard === 0) return null;
  const read = (speech: number, rate: number): SpokenLine => ({
    audioPath: '',
    durationSeconds: speech + 2 * padSeconds,
    words: [{ word: line, startSeconds: padSeconds, endSeconds: padSeconds + speech }],
    heardWords: heard,
    rate,
  });
  const paced = read(heard / (((pace.min + pace.max) / 2) * spread), 1);
  const rate = lineRate(paced, { wordsPerSecond: pace } as VoiceChoice, readMaxSeconds(sceneSeconds));
  // A faster rate shortens festival's read about half as much as it says (1.15 gave 1.08 in the
  // grid: UGC lines sped up to 2.99 words a second were heard at 2.82).
  return read(speechSeconds(paced) / (1 + (rate - 1) * speedUpEffect), rate);
}

/** Where the voice would fall if each scene said `lines`, placed and cut as the renderer places it. */
export function predictVoice(draft: Draft, lines: readonly string[], spread = 1): PredictedVoice {
  const { pace, endCardBeatSeconds } = styleDefinition(draft.style);
  const board = { ...draft, scenes: draft.scenes.map((scene, index) => ({ ...scene, voiceLine: lines[index]! })) };
  const reads = lines.map((line, index) =>
    predictedRead(line, pace, draft.scenes[index]!.endSeconds - draft.scenes[index]!.startSeconds, spread),
  );
  const placing = placeAndCut(board, reads, endCardBeatSeconds);
  if ('problem' in placing) return { roomy: false, gapSeconds: Number.POSITIVE_INFINITY };
  const { storyboard, placed } = placing;
  const slots = storyboard.scenes.map((scene) => ({ ...scene, endCard: scene.role === 'cta' }));
  return {
    roomy: roomyPlacements.includes(placed.placement) && !placed.endCardLineDropped,
    gapSeconds: longestVoiceGap(slots, placed.lines, storyboard.durationSeconds),
  };
}

/** A line the change makes the voice say twice (the writer says each line once). */
const repeats = (lines: readonly string[], written: readonly string[]) =>
  lines.some((line, index) => line !== written[index] && lines.some((other, at) => at !== index && other === line));

/** The predicted voice leaves room for a spread of reads: the story clear of the end card, no gap near the budget. */
export const voiceFits = (predicted: PredictedVoice) => predicted.roomy && predicted.gapSeconds <= predictedGapSeconds;

/** How far a prediction is from fitting: a story over the end card first, then the gap. */
const shortfall = (predicted: PredictedVoice) => (predicted.roomy ? 0 : 100) + Math.min(predicted.gapSeconds, 50);

/** Changing more scenes' lines than this is another ad, not a fitting. */
const maxChangedLines = 3;

/**
 * Each scene's line, changed in as few scenes as it takes for the predicted voice to fit (each new
 * line filling its scene, the whole within `heardLimit`); among the fewest changes, the smallest
 * gap. When no such change fits, the lines that come nearest.
 */
export function fitLinesToVoice(draft: Draft, choices: readonly LineChoice[], heardLimit: number): string[] {
  const written = choices.map((choice) => choice.voiceLine);
  const first = predictVoice(draft, written);
  if (voiceFits(first)) return written;
  const options = choices.map((choice) =>
    [...new Set(choice.candidates)].filter((line) => line !== choice.voiceLine && fillsBudget(line, choice.budget)),
  );
  const heard = (lines: readonly string[]) => lines.reduce((sum, line) => sum + spokenWordCount(line), 0);
  let nearest = { lines: written, predicted: first };
  let changes: { index: number; line: string }[][] = [[]];
  for (let count = 1; count <= maxChangedLines; count += 1) {
    changes = changes.flatMap((changed) =>
      options.flatMap((lines, index) =>
        index <= (changed.at(-1)?.index ?? -1) ? [] : lines.map((line) => [...changed, { index, line }]),
      ),
    );
    let best: { lines: string[]; predicted: PredictedVoice } | undefined;
    for (const changed of changes) {
      const lines = [...written];
      for (const { index, line } of changed) lines[index] = line;
      if (heard(lines) > heardLimit || repeats(lines, written)) continue;
      const predicted = predictVoice(draft, lines);
      if (shortfall(predicted) < shortfall(nearest.predicted)) nearest = { lines, predicted };
      if (voiceFits(predicted) && (!best || predicted.gapSeconds < best.predicted.gapSeconds))
        best = { lines, predicted };
    }
    if (best) return best.lines;
  }
  return nearest.lines;
}
