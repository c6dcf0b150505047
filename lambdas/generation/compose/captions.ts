// Karaoke captions, as short vertical ads show them: the voice's words in groups of 1–3 on one line, the word being
// spoken highlighted. A group ends at a clause mark, a pause or the look's word limit, and never
// holds more than fits the caption band. Each state (group + active word) is one small image on
// screen from its word's start to the next word's; a short silence keeps the last state up.
import { leansOnNext } from '#generation/words/leaning-words.ts';
import { frame } from './geometry.ts';
import { type CaptionBandLayout, captionNumber } from './layout.ts';
import { paddingFor } from './text-blocks.ts';
import { fitText } from './text-fit.ts';
import type { PlacedLine } from './voice-track.ts';

export interface CaptionState {
  /** Index into the ad's caption groups. */
  group: number;
  words: string[];
  active: number;
  size: number;
  startFrame: number;
  endFrame: number;
}

export interface CaptionGroup {
  sceneIndex: number;
  words: string[];
  size: number;
  /** The group's drawn width and height (padding and stroke included), centred in the band. */
  width: number;
  height: number;
}

export interface CaptionTrack {
  groups: CaptionGroup[];
  states: CaptionState[];
  problems: string[];
}

/** A pause this long between two words starts a new group. */
const pauseBreakSeconds = 0.45;
/** A silence shorter than this keeps the last state up instead of blinking off. */
const holdSeconds = 0.6;

/** What a caption shows of a spoken word: its letters, without the clause marks around it. */
export function captionWord(word: string): string {
  return word.replace(/^["'“‘(]+/, '').replace(/[,.;:"'”’)…]+$/, '');
}

const leansOn = (word: string) => leansOnNext(captionWord(word));
/** Never more words than this on screen (1–3, what a viewer reads at a glance). */
const maxGroupWords = 3;

const endsClause = (word: string) => /[,.;:!?…—]["'”’)]*$/.test(word);

export function captionTrack(
  lines: readonly PlacedLine[],
  bands: ReadonlyMap<number, CaptionBandLayout>,
  /** Captions stop here: the end card carries its own text. */
  endSeconds: number,
): CaptionTrack {
  const groups: CaptionGroup[] = [];
  const states: CaptionState[] = [];
  const problems: string[] = [];
  const timed: { group: number; index: number; start: number; end: number }[] = [];

  for (const line of lines) {
    const band = bands.get(line.sceneIndex);
    if (!band) continue;
    const { spec } = band;
    const pads = paddingFor(spec.treatment, spec.size);
    const stroke = band.backing.kind === 'stroke' ? band.backing.width : 0;
    const maxWidth = band.band.width - 2 * (pads.padX + stroke);
    const oneLine = { ...spec, maxLines: 1 };
    const shownNumbers = new Set(band.shownNumbers ?? []);
    const onScreen = (word: string) => /\d/.test(word) && shownNumbers.has(captionNumber(word));
    const words = line.words.filter(
      (word) => word.startSeconds < endSeconds && captionWord(word.word) !== '' && !onScreen(word.word),
    );
    let current: typeof words = [];
    const close = () => {
      if (current.length === 0) return;
      const shown = current.map((word) => captionWord(word.word));
      const fitted = fitText(shown.join(' '), oneLine, maxWidth);
      if (!fitted) {
        problems.push(`caption "${shown.join(' ')}" does not fit the band at ${spec.minSize} px`);
      } else {
        const padsAt = paddingFor(spec.treatment, fitted.size);
        groups.push({
          sceneIndex: line.sceneIndex,
          words: shown,
          size: fitted.size,
          width: fitted.width + 2 * (padsAt.padX + stroke),
          height: fitted.height + 2 * (padsAt.padY + stroke),
        });
        current.forEach((word, index) => {
          timed.push({
            group: groups.length - 1,
            index,
            start: word.startSeconds,
            end: Math.min(word.endSeconds, endSeconds),
          });
        });
      }
      current = [];
    };
    for (const word of words) {
      const previous = current.at(-1);
      const candidate = [...current, word].map((entry) => captionWord(entry.word)).join(' ');
      const breaksHere =
        previous !== undefined &&
        ((current.length >= spec.maxWords && !(leansOn(previous.word) && current.length < maxGroupWords)) ||
          endsClause(previous.word) ||
          word.startSeconds - previous.endSeconds > pauseBreakSeconds ||
          // A group keeps the look's size, or a little less to keep a leaning word with the next one.
          !fitText(
            candidate,
            { ...oneLine, minSize: leansOn(previous.word) ? Math.round(spec.size * 0.85) : spec.size },
            maxWidth,
          ));
      if (breaksHere) close();
      current.push(word);
    }
    close();
  }

  const toFrame = (seconds: number) => Math.round(seconds * frame.fps);
  timed.forEach((entry, position) => {
    const next = timed[position + 1];
    const group = groups[entry.group]!;
    const until = next && next.start - entry.end < holdSeconds ? next.start : Math.min(entry.end + 0.25, endSeconds);
    const startFrame = toFrame(entry.start);
    const endFrame = Math.min(toFrame(until), toFrame(endSeconds));
    if (endFrame <= startFrame) return;
    states.push({
      group: entry.group,
      words: group.words,
      active: entry.index,
      size: group.size,
      startFrame,
      endFrame,
    });
  });
  // Frames are whole: a state never starts before the one before it ends.
  for (let i = 1; i < states.length; i++) {
    const before = states[i - 1]!;
    const state = states[i]!;
    if (state.startFrame < before.endFrame) before.endFrame = state.startFrame;
  }
  return { groups, states: states.filter((state) => state.endFrame > state.startFrame), problems };
}
