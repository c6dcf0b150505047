// On-screen text as the storyboard's lines: at most `textLimits.lines` of 32 characters, two lines
// balanced, never cut mid-word; only a single word wider than a line is cut, with an ellipsis.
import { textLimits, wordsOf } from './storyboard.ts';

/** The lines for `text`, or null when it needs more than `maxLines`. */
export function wrapCaption(text: string, maxLines: number): string[] | null {
  const max = textLimits.charsPerLine;
  const words = wordsOf(text).map((word) => (word.length <= max ? word : `${word.slice(0, max - 1)}…`));
  const oneLine = words.join(' ');
  if (!oneLine || maxLines < 1) return null;
  if (oneLine.length <= max) return [oneLine];
  if (maxLines < 2) return null;
  let best: string[] | null = null;
  for (let split = 1; split < words.length; split += 1) {
    const lines = [words.slice(0, split).join(' '), words.slice(split).join(' ')];
    const longest = Math.max(...lines.map((line) => line.length));
    if (longest <= max && (!best || longest < Math.max(...best.map((line) => line.length)))) best = lines;
  }
  return best;
}

/** A numbered beat of a creator's list on screen ("2. Single ingredient"). */
const listMarker = /^(\d)\.\s+/;

/**
 * The count of a storyboard's list, when it is one: every scene between the hook and the end card
 * opens on its number in order (1., 2., …). Those numbers, and that count in the hook's title, are
 * the list's own, not facts of the site.
 */
export function listCountOf(scenes: readonly { text: readonly string[] }[]): number | null {
  const body = scenes.slice(1, -1);
  if (body.length < 2) return null;
  const numbered = body.every((scene, index) => listMarker.exec(scene.text[0] ?? '')?.[1] === String(index + 1));
  return numbered ? body.length : null;
}

/** A scene's text without its list number. */
export const withoutListMarker = (text: string) => text.replace(listMarker, '');
