// Turns copy into caption lines that fit the frame (≤ 32 characters a line, ≤ 2 lines) and the
// time a scene is on screen. Copy that is too long is shortened at word and clause boundaries,
// never mid-word: only a single word wider than a line is cut, with an ellipsis.
import { captionRules } from './ad-script.ts';

export interface CaptionBudget {
  maxWords: number;
  maxLines: number;
}

// A phrase cut short should not end on one of these ("Project planning for" → "Project planning").
const danglingWords = new Set([
  '&',
  '+',
  '-',
  '–',
  '—',
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'by',
  'for',
  'from',
  'in',
  'into',
  'is',
  'of',
  'on',
  'or',
  'our',
  'out',
  'over',
  'per',
  'than',
  'via',
  'that',
  'the',
  'to',
  'which',
  'who',
  'with',
  'without',
  'your',
]);

export function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** A word no wider than `maxChars`, cut with an ellipsis when it is wider. */
export function fitWord(word: string, maxChars: number = captionRules.maxCharsPerLine): string {
  return word.length <= maxChars ? word : `${word.slice(0, maxChars - 1)}…`;
}

/** The lines for `text`, or null when it needs more than `maxLines`. Two lines are balanced. */
export function wrapCaption(text: string, maxLines: number): string[] | null {
  const words = wordsOf(text).map((word) => fitWord(word));
  const max = captionRules.maxCharsPerLine;
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

/** The lines when `text` fits the budget as written, else null. */
export function fitCaption(text: string, budget: CaptionBudget): string[] | null {
  return wordsOf(text).length <= budget.maxWords ? wrapCaption(text, budget.maxLines) : null;
}

/**
 * Lines for the longest leading part of `text` that fits: the whole text, its first clause, the
 * clause cut before a joining word ("Vibram outsole | that grips wet rock"), then fewer and fewer
 * words, never ending on a word like "for". Null only when nothing fits at all.
 */
export function shortenToFit(text: string, budget: CaptionBudget): string[] | null {
  const clause = wordsOf(firstClause(text));
  const phraseEnds = clause.flatMap((word, index) =>
    index >= 2 && danglingWords.has(word.toLowerCase()) ? [index] : [],
  );
  const wordEnds = clause.map((_, index) => clause.length - index);
  const candidates = [
    text,
    clause.join(' '),
    ...phraseEnds.reverse().map((end) => withoutDanglingEnd(clause.slice(0, end)).join(' ')),
    ...wordEnds.map((end) => withoutDanglingEnd(clause.slice(0, end)).join(' ')),
  ];
  for (const candidate of candidates) {
    const lines = fitCaption(candidate, budget);
    if (lines) return lines;
  }
  return null;
}

/** Up to the first comma, full stop, colon, dash or bracket. */
export function firstClause(text: string): string {
  return text.split(/[.!?;:,]\s|\s[-–—|]\s|\s\(/)[0]!.trim();
}

function withoutDanglingEnd(words: string[]): string[] {
  const kept = [...words];
  while (kept.length > 1 && danglingWords.has(kept.at(-1)!.toLowerCase())) kept.pop();
  kept[kept.length - 1] = kept.at(-1)!.replace(/[,;:–—-]+$/, '');
  return kept;
}
