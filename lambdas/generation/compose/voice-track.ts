// Where each scene's voice-over line is heard (issue 14 §4): at the start of its scene, or just
// after the line before when that one ran long; a story line must be over before the end card and
// the CTA line before the ad ends. When the lines do not fit, a line may start a little before its
// scene (a J-cut), then all are sped up together, at most 10 % (more sounds rushed, ad-craft §4).
// Pure: the caption states and the mix both follow this plan.
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
  /** Playback speed: 1, or up to maxTempo when the lines had to be fitted. */
  tempo: number;
  /** Where the trimmed audio starts and ends on the ad's clock. */
  startSeconds: number;
  endSeconds: number;
  /** The words on the ad's clock. */
  words: SpokenWord[];
}

export const maxTempo = 1.1;
/** How far a line may start before its scene when the one before left room (a J-cut). */
export const maxLeadInSeconds = 0.4;

interface Fitting {
  tempo: number;
  leadIn: number;
  /** Between two lines. */
  pause: number;
  /** A story line is over this long before the end card. */
  clear: number;
  /** The ad ends this long after the CTA line. */
  tail: number;
}

const relaxed = { pause: 0.12, clear: 0.08, tail: 0.2 };
/** Tried in order: natural speed first, a J-cut before any speed-up, tighter pauses last. */
const fittings: Fitting[] = [
  { tempo: 1, leadIn: 0, ...relaxed },
  { tempo: 1, leadIn: maxLeadInSeconds, ...relaxed },
  { tempo: 1.05, leadIn: maxLeadInSeconds, ...relaxed },
  { tempo: maxTempo, leadIn: maxLeadInSeconds, ...relaxed },
  { tempo: maxTempo, leadIn: maxLeadInSeconds + 0.1, pause: 0.05, clear: 0, tail: 0.1 },
];
/** The first word of the ad lands almost at once: the hook is heard in the first second. */
const hookLeadSeconds = 0.05;
const sceneLeadSeconds = 0.1;
/** Audio kept around the words so consonants are not clipped. */
const padSeconds = 0.04;

export function placeVoice(
  scenes: readonly SceneSlot[],
  spoken: readonly (SpokenLine | null)[],
  durationSeconds: number,
): { lines: PlacedLine[] } | { problem: string } {
  let overrun = '';
  for (const fitting of fittings) {
    const placed = placeAt(scenes, spoken, durationSeconds, fitting);
    if ('lines' in placed) return placed;
    overrun = placed.problem;
  }
  return {
    problem: `the voice-over does not fit the ad even ${Math.round((maxTempo - 1) * 100)} % faster: ${overrun}`,
  };
}

function placeAt(
  scenes: readonly SceneSlot[],
  spoken: readonly (SpokenLine | null)[],
  durationSeconds: number,
  { tempo, leadIn, pause, clear, tail }: Fitting,
): { lines: PlacedLine[] } | { problem: string } {
  const lines: PlacedLine[] = [];
  let free = 0;
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
    const lead = sceneIndex === 0 ? hookLeadSeconds : sceneLeadSeconds - leadIn;
    const startSeconds = Math.max(scene.startSeconds + lead, free);
    const endSeconds = startSeconds + (trim.endSeconds - trim.startSeconds) / tempo;
    const limit = scene.endCard ? durationSeconds - tail : endCardStart - clear;
    if (endSeconds > limit + 1e-9) {
      return {
        problem: `scene ${sceneIndex + 1}'s line ends at ${endSeconds.toFixed(2)} s, after ${limit.toFixed(2)} s`,
      };
    }
    const at = (seconds: number) => startSeconds + (seconds - trim.startSeconds) / tempo;
    lines.push({
      sceneIndex,
      audioPath: line.audioPath,
      trim,
      tempo,
      startSeconds,
      endSeconds,
      words: line.words.map((word) => ({
        word: word.word,
        startSeconds: at(word.startSeconds),
        endSeconds: at(word.endSeconds),
      })),
    });
    free = endSeconds + pause;
  }
  return { lines };
}
