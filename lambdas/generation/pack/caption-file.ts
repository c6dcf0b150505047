// The voice-over as a caption file (SRT and WebVTT) for the ad managers and YouTube, made from the
// times the renderer heard each word (compose/voice-track.ts places them on the ad's clock). A cue
// is what a person reads at a glance: at most two lines of 42 characters (the broadcast norm the
// platforms' caption guides repeat), one sentence or clause, shown from its first word to its
// last and never overlapping the next; a long pause starts a new cue.
import type { SpokenWord } from '#generation/voice/voice.ts';
import { leansOnNext } from '#generation/words/leaning-words.ts';

export const captionCueLimits = { charsPerLine: 42, lines: 2, maxSeconds: 6 } as const;

export interface CaptionCue {
  startSeconds: number;
  endSeconds: number;
  /** One or two lines, each within `charsPerLine` (a single word longer than that stands alone). */
  lines: string[];
}

/** A silence this long between two words ends a cue. */
const pauseBreakSeconds = 0.5;
/** A cue stays up at least this long, if the next one leaves room, so a one-word cue can be read. */
const minCueSeconds = 0.8;
/** A cue stays up this long after its last word, if the next one leaves room. */
const lingerSeconds = 0.3;

const endsSentence = (word: string) => /[.!?…]["'”’)]*$/u.test(word);
const endsClause = (word: string) => /[,;:—]["'”’)]*$/u.test(word);

/** The voice's words (the ad's clock, in order) as cues, every time within 0…durationSeconds. */
export function captionCues(words: readonly SpokenWord[], durationSeconds: number): CaptionCue[] {
  const heard = words.filter((word) => word.word.trim() !== '' && word.startSeconds < durationSeconds);
  const groups: SpokenWord[][] = [];
  let current: SpokenWord[] = [];
  for (const word of heard) {
    const previous = current.at(-1);
    const text = [...current, word].map((entry) => entry.word).join(' ');
    const breaks =
      previous !== undefined &&
      (endsSentence(previous.word) ||
        word.startSeconds - previous.endSeconds > pauseBreakSeconds ||
        word.endSeconds - current[0]!.startSeconds > captionCueLimits.maxSeconds ||
        wrapCue(text) === null ||
        // A clause mark ends a cue that already fills a line.
        (endsClause(previous.word) &&
          current.map((entry) => entry.word).join(' ').length > captionCueLimits.charsPerLine / 2));
    if (breaks) {
      groups.push(current);
      current = [];
    }
    current.push(word);
  }
  if (current.length > 0) groups.push(current);

  const cues: CaptionCue[] = [];
  groups.forEach((group, index) => {
    const start = Math.max(group[0]!.startSeconds, cues.at(-1)?.endSeconds ?? 0);
    const nextStart = groups[index + 1]?.[0]?.startSeconds ?? durationSeconds;
    const lastEnd = Math.min(group.at(-1)!.endSeconds, durationSeconds);
    const wanted = Math.max(lastEnd + lingerSeconds, start + minCueSeconds);
    const end = Math.min(wanted, nextStart, durationSeconds);
    const text = group.map((word) => word.word).join(' ');
    if (end > start) cues.push({ startSeconds: start, endSeconds: end, lines: wrapCue(text) ?? [text] });
  });
  return cues;
}

/**
 * The text on one line, or two lines within the limit, broken where they read best: after a clause
 * mark, never after a word that leans on the next, else where the two lengths are closest. Null
 * when it needs more than two lines.
 */
export function wrapCue(text: string): string[] | null {
  const { charsPerLine } = captionCueLimits;
  if (text.length <= charsPerLine) return [text];
  const words = text.split(' ');
  let best: { lines: string[]; cost: number } | null = null;
  for (let split = 1; split < words.length; split++) {
    const lines = [words.slice(0, split).join(' '), words.slice(split).join(' ')];
    if (lines.some((line) => line.length > charsPerLine)) continue;
    const lastWord = words[split - 1]!;
    const cost =
      Math.abs(lines[0]!.length - lines[1]!.length) +
      (endsClause(lastWord) || endsSentence(lastWord) ? -12 : 0) +
      (leansOnNext(lastWord) ? 20 : 0);
    if (!best || cost < best.cost) best = { lines, cost };
  }
  // A single word too long for a line is shown whole: never cut mid-word.
  return best?.lines ?? (words.length === 1 ? [text] : null);
}

/** SubRip: numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, a blank line after each. */
export function toSrt(cues: readonly CaptionCue[]): string {
  return cues
    .map(
      (cue, index) =>
        `${index + 1}\n${timestamp(cue.startSeconds, ',')} --> ${timestamp(cue.endSeconds, ',')}\n${cue.lines.map(noArrow).join('\n')}\n`,
    )
    .join('\n');
}

/** WebVTT: the `WEBVTT` header, then cues timed `HH:MM:SS.mmm --> HH:MM:SS.mmm`. */
export function toVtt(cues: readonly CaptionCue[]): string {
  const body = cues
    .map(
      (cue) =>
        `${timestamp(cue.startSeconds, '.')} --> ${timestamp(cue.endSeconds, '.')}\n${cue.lines.map(vttText).join('\n')}\n`,
    )
    .join('\n');
  return `WEBVTT\n\n${body}`;
}

function timestamp(seconds: number, mark: ',' | '.'): string {
  const ms = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${mark}${pad(ms % 1000, 3)}`;
}

/** A cue's text never holds the timing line's arrow, which a reader would take for a new cue. */
function noArrow(line: string): string {
  return line.replace(/-->/g, '→');
}

/** WebVTT reads `<` and `&` as markup: a site's words are escaped so they show as written. */
function vttText(line: string): string {
  return noArrow(line).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
