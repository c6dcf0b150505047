// drawtext neither wraps nor shrinks text, so sizes are chosen here from an upper bound of each
// glyph's advance width: the widest glyph of each class in Inter ExtraBold and Regular, in em.
// Real text comes out 5–15 % narrower, so a line never runs past its budget.
export type FontWeight = 'bold' | 'regular';

const classWidthsEm: Record<FontWeight, Record<'wide' | 'narrow' | 'lower' | 'upper' | 'digit' | 'other', number>> = {
  bold: { wide: 1.06, narrow: 0.48, lower: 0.64, upper: 0.79, digit: 0.7, other: 0.86 },
  regular: { wide: 0.99, narrow: 0.46, lower: 0.61, upper: 0.77, digit: 0.65, other: 0.86 },
};
const wideGlyphs = new Set('MWmw%@');
const narrowGlyphs = new Set("iIl1.,:;'!|jft()[]`-r/");

function glyphWidthEm(glyph: string, weight: FontWeight): number {
  const widths = classWidthsEm[weight];
  if (glyph === ' ') return 0.29;
  if (glyph === '\u200a') return 0.1;
  if (wideGlyphs.has(glyph)) return widths.wide;
  if (narrowGlyphs.has(glyph)) return widths.narrow;
  if (/[a-z]/.test(glyph)) return widths.lower;
  if (/[A-Z]/.test(glyph)) return widths.upper;
  if (/[0-9]/.test(glyph)) return widths.digit;
  // Accented letters, symbols and scripts Inter may lack: assume a wide glyph.
  return widths.other;
}

/** Upper bound of a line's width in pixels at `fontSize`. */
export function estimateTextWidth(text: string, fontSize: number, weight: FontWeight): number {
  let em = 0;
  for (const glyph of text) em += glyphWidthEm(glyph, weight);
  return em * fontSize;
}

/** The largest size (≤ maxSize) at which every line fits in maxWidth. */
export function fitFontSize(lines: readonly string[], weight: FontWeight, maxWidth: number, maxSize: number): number {
  const widestEm = Math.max(...lines.map((line) => estimateTextWidth(line, 1, weight)), 1e-6);
  return Math.max(1, Math.floor(Math.min(maxSize, maxWidth / widestEm)));
}

/** Letter spacing for display type: drawtext has none, so hair spaces go between the letters. */
export function letterSpaced(text: string): string {
  return [...text].map((glyph) => (glyph === ' ' ? '  ' : glyph)).join('\u200a');
}

/** Keeps text within maxChars on one line, or splits it into two lines of balanced length at a word boundary. */
export function wrapText(text: string, maxChars: number): string[] {
  const words = text.trim().split(/\s+/);
  if (text.length <= maxChars || words.length === 1) return [words.join(' ')];
  let best: string[] = [words.join(' ')];
  let bestLongest = Number.POSITIVE_INFINITY;
  for (let split = 1; split < words.length; split++) {
    const lines = [words.slice(0, split).join(' '), words.slice(split).join(' ')];
    const longest = Math.max(...lines.map((line) => line.length));
    if (longest < bestLongest) {
      best = lines;
      bestLongest = longest;
    }
  }
  return best;
}

/** Drops characters drawtext would draw as boxes or use as line breaks. */
export function printable(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, ' ').trim();
}
