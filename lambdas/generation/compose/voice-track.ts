// Where each scene's voice-over line is heard: the hook at once, and every line after it close
// behind the one before, starting up to `maxLeadInSeconds` before its scene (a J-cut) rather than
// leave the voice silent (a gap over half a second reads as dead air); the one pause kept is a
// beat before the end card's line, which ends near the ad's end. A story line is over before the
// end card (at worst 0.35 s into it), and the end card's line before the ad ends. Lines are never sped up here: a line was fitted to
// its scene when it was read (voice/pace.ts, the one speed-up), so what still does not fit is
// refused, naming the scene. Pure: the caption states and the mix both follow this plan.
import { padSeconds } from '#generation/voice/pace.ts';
import type { SpokenLine, SpokenWord } from '#generation/voice/voice.ts';

export interface SceneSlot {
  startSeconds: number;
  endSeconds: number;
  endCard: boolean;
}

export interface PlacedLine {
  sceneIndex: number;
  audioPath: string;
  /** The part of the audio that is heard (leading and trailing silence trimmed), in the file's seconds. */
  trim: { startSeconds: number; endSeconds: number };
  /** Where the trimmed audio starts and ends on the ad's clock. */
  startSeconds: number;
  endSeconds: number;
  /** The words on the ad's clock. */
  words: SpokenWord[];
}

/** How far a line may start before its scene (a J-cut). */
export const maxLeadInSeconds = 0.5;
/** The longest silence between lines, but for the beat before the end card. */
export const maxGapSeconds = 0.5;
/** A line starts this long into its scene when the line before left it room. */
export const sceneLeadSeconds = 0.1;
/** How long a scene's line may last when it is read (voice/pace.ts lineRate speeds up what is longer). */
export function readMaxSeconds(sceneSeconds: number): number {
  return Math.max(0.5, sceneSeconds - sceneLeadSeconds);
}
/** The longest deliberate pause before the end card's line, where the style sets none (its `endCardBeatSeconds`). */
export const maxEndCardBeatSeconds = 1;
/** The first word of the ad lands almost at once: the hook is heard in the first second. */
const hookLeadSeconds = 0.05;

/**
 * Which spacing placed the voice, loosest first: `relaxed` and `tight` pauses, `into-end-card` (the
 * story's last line up to 0.35 s over the card), `over-end-card` (the last resort: the story runs on
 * over the card and its own line may be left unsaid). The bench counts the last resorts.
 */
export const placements = ['relaxed', 'tight', 'into-end-card', 'over-end-card'] as const;
export type Placement = (typeof placements)[number];

export interface PlacedVoice {
  lines: PlacedLine[];
  placement: Placement;
  /** The end card had a line and it was left unsaid (the last resort needed its time). */
  endCardLineDropped: boolean;
}

interface Spacing {
  placement: Placement;
  /** Between two lines, when one follows the other closely. */
  pause: number;
  /** A story line is over this long before the end card (negative: it runs that far into it). */
  clear: number;
  /** The ad ends this long after the CTA line. */
  tail: number;
  /** The last resort: the end card's line is left unsaid (its button still shows it) when the story needs the time. */
  dropEndCardLine?: true;
}

/**
 * Tried in order: relaxed spacing first, tighter pauses when the lines need the room, then the
 * story's last line running up to 0.35 s over the end card's first frames (a J-cut into it) and the
 * CTA line to the last frame; last, the story's lines running on over the end card, whose own line
 * is then left unsaid (its button says it) — rather than fail and refund a paid order because a
 * voice read its lines a little slower than the writer counted.
 */
const spacings: Spacing[] = [
  { placement: 'relaxed', pause: 0.15, clear: 0.08, tail: 0.2 },
  { placement: 'tight', pause: 0.05, clear: 0, tail: 0.1 },
  { placement: 'into-end-card', pause: 0.05, clear: -0.35, tail: 0 },
  { placement: 'over-end-card', pause: 0.05, clear: Number.NEGATIVE_INFINITY, tail: 0.1, dropEndCardLine: true },
];

export function placeVoice(
  scenes: readonly SceneSlot[],
  spoken: readonly (SpokenLine | null)[],
  durationSeconds: number,
  endCardBeatSeconds = maxEndCardBeatSeconds,
): PlacedVoice | { problem: string } {
  let overrun = '';
  for (const spacing of spacings) {
    const placed = placeWith(scenes, spoken, durationSeconds, spacing, endCardBeatSeconds);
    if ('lines' in placed) {
      const endCard = scenes.findIndex((scene) => scene.endCard);
      const said = !!spoken[endCard]?.words.length;
      return {
        lines: placed.lines,
        placement: spacing.placement,
        endCardLineDropped: said && !placed.lines.some((line) => line.sceneIndex === endCard),
      };
    }
    overrun = placed.problem;
  }
  return { problem: `the voice-over does not fit the ad: ${overrun}` };
}

function placeWith(
  scenes: readonly SceneSlot[],
  spoken: readonly (SpokenLine | null)[],
  durationSeconds: number,
  { pause, clear, tail, dropEndCardLine }: Spacing,
  endCardBeatSeconds: number,
): { lines: PlacedLine[] } | { problem: string } {
  const lines: PlacedLine[] = [];
  let previousEnd: number | null = null;
  const endCardStart = scenes.find((scene) => scene.endCard)?.startSeconds ?? durationSeconds;
  for (const [sceneIndex, scene] of scenes.entries()) {
    const line = spoken[sceneIndex];
    if (!line || line.words.length === 0) continue;
    const first = line.words[0]!;
    const last = line.words.at(-1)!;
    const trim = {
      startSeconds: Math.max(0, first.startSeconds - padSeconds),
      endSeconds: Math.min(line.durationSeconds, last.endSeconds + padSeconds),
    };
    let startSeconds: number;
    if (previousEnd === null) {
      startSeconds = scene.startSeconds + (sceneIndex === 0 ? hookLeadSeconds : sceneLeadSeconds);
    } else {
      const earliest = Math.max(previousEnd + pause, scene.startSeconds - maxLeadInSeconds);
      const length = trim.endSeconds - trim.startSeconds;
      // A story line follows the one before closely; the end card's line takes a beat first and
      // ends near the ad's end, so the ad does not close on silence (the beat at most the style's
      // endCardBeatSeconds; the card itself comes in on that beat, voice-cuts.ts).
      const wanted = scene.endCard
        ? Math.min(durationSeconds - tail - length, previousEnd + endCardBeatSeconds)
        : Math.min(scene.startSeconds + sceneLeadSeconds, previousEnd + pause);
      startSeconds = Math.max(earliest, wanted);
    }
    const endSeconds = startSeconds + (trim.endSeconds - trim.startSeconds);
    const limit = scene.endCard ? durationSeconds - tail : Math.min(endCardStart - clear, durationSeconds - tail);
    if (endSeconds > limit + 1e-9 && scene.endCard && dropEndCardLine) continue;
    if (endSeconds > limit + 1e-9) {
      return {
        problem: `scene ${sceneIndex + 1}'s line ends at ${endSeconds.toFixed(2)} s, after ${limit.toFixed(2)} s`,
      };
    }
    const at = (seconds: number) => startSeconds + (seconds - trim.startSeconds);
    lines.push({
      sceneIndex,
      audioPath: line.audioPath,
      trim,
      startSeconds,
      endSeconds,
      words: line.words.map((word) => ({
        word: word.word,
        startSeconds: at(word.startSeconds),
        endSeconds: at(word.endSeconds),
      })),
    });
    previousEnd = endSeconds;
  }
  return { lines };
}

/**
 * The longest silence in the voice between its first word and the ad's end, the beat before the
 * end card's line aside: what the bench reports against `maxGapSeconds`.
 */
export function longestVoiceGap(
  scenes: readonly SceneSlot[],
  lines: readonly PlacedLine[],
  durationSeconds: number,
): number {
  let longest = 0;
  for (const [index, line] of lines.entries()) {
    const next = lines[index + 1];
    if (next && scenes[next.sceneIndex]?.endCard) continue;
    longest = Math.max(longest, (next?.startSeconds ?? durationSeconds) - line.endSeconds);
  }
  return longest;
}
