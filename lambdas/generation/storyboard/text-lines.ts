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
