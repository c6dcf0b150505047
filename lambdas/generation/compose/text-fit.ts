// Fits text to a region: the largest size (from the look's size down to its minimum) at which the
// words wrap into the allowed lines, with line breaks balanced so no line dangles. Widths come from
// the font's own advances (fonts.ts), so the box measured here is the box satori draws.
import { textWidth } from './fonts.ts';
import type { TypeSpec } from './looks.ts';

export interface FittedText {
  lines: string[];
  size: number;
  /** Width of the widest line and height of all lines, without any box padding. */
  width: number;
  height: number;
}

export const casedFor = (spec: Pick<TypeSpec, 'uppercase'>, text: string) =>
  spec.uppercase ? text.toLocaleUpperCase('en-US') : text;

export function lineWidth(line: string, spec: TypeSpec, size: number): number {
  // CSS letter spacing also follows the last letter; it is trailing space, not ink.
  const spacing = spec.letterSpacingEm;
  return textWidth(casedFor(spec, line), spec.weight, size, spacing) - spacing * size;
}

/** Every way to break `words` into `count` lines, keeping word order. */
function* breaks(words: readonly string[], count: number): Generator<string[]> {
  if (count === 1) {
    yield [words.join(' ')];
    return;
  }
  for (let first = 1; first <= words.length - count + 1; first++) {
    for (const rest of breaks(words.slice(first), count - 1)) yield [words.slice(0, first).join(' '), ...rest];
  }
}

/** The line breaks of `words` into at most `maxLines` lines whose widest line is narrowest. */
function balancedLines(words: readonly string[], spec: TypeSpec, size: number, maxLines: number): string[] {
  let best: string[] = [words.join(' ')];
  let bestWidth = lineWidth(best[0]!, spec, size);
  for (let count = 2; count <= Math.min(maxLines, words.length); count++) {
    for (const lines of breaks(words, count)) {
      const widest = Math.max(...lines.map((line) => lineWidth(line, spec, size)));
      // A line more is worth it only when it makes the text narrower.
      if (widest < bestWidth - 0.5) {
        best = lines;
        bestWidth = widest;
      }
    }
  }
  return best;
}

/**
 * The text at the largest size that fits `maxWidth` × `maxHeight` in at most `spec.maxLines`
 * lines, or null when it does not fit even at the minimum size.
 */
export function fitText(
  text: string,
  spec: TypeSpec,
  maxWidth: number,
  maxHeight = Number.POSITIVE_INFINITY,
  preferredLines?: readonly string[],
): FittedText | null {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  // The writer's own line breaks, when they fit without shrinking the type much.
  if (preferredLines && preferredLines.length > 1 && preferredLines.length <= spec.maxLines) {
    const smallest = Math.max(spec.minSize, Math.round(spec.size * writerLinesShrink));
    for (let size = spec.size; size >= smallest; size -= 2) {
      const height = preferredLines.length * size * spec.lineHeight;
      const widths = preferredLines.map((line) => lineWidth(line, spec, size));
      if (height <= maxHeight && widths.every((width) => width <= maxWidth)) {
        return { lines: [...preferredLines], size, width: Math.max(...widths), height };
      }
    }
  }
  // One line a little smaller reads better than two at full size.
  const smallestOnOneLine = Math.max(spec.minSize, Math.round(spec.size * oneLineShrink));
  return (
    fitSizes(words, { ...spec, maxLines: 1 }, maxWidth, maxHeight, smallestOnOneLine) ??
    fitSizes(words, spec, maxWidth, maxHeight, spec.minSize)
  );
}

/** How far a text may shrink to keep the writer's line breaks. */
const writerLinesShrink = 0.75;
/** How far a text may shrink to stay on one line before it wraps instead. */
const oneLineShrink = 0.8;

function fitSizes(
  words: readonly string[],
  spec: TypeSpec,
  maxWidth: number,
  maxHeight: number,
  smallest: number,
): FittedText | null {
  for (let size = spec.size; size >= smallest; size -= 2) {
    const lines = fitLines(words, spec, size, maxWidth);
    if (!lines) continue;
    const height = lines.length * size * spec.lineHeight;
    if (height > maxHeight) continue;
    return { lines, size, width: Math.max(...lines.map((line) => lineWidth(line, spec, size))), height };
  }
  return null;
}

function fitLines(words: readonly string[], spec: TypeSpec, size: number, maxWidth: number): string[] | null {
  // Fewest lines first: a headline reads best on as few lines as fit.
  for (let count = 1; count <= Math.min(spec.maxLines, words.length); count++) {
    const lines = balancedLines(words, spec, size, count);
    if (lines.every((line) => lineWidth(line, spec, size) <= maxWidth)) return lines;
  }
  return null;
}
