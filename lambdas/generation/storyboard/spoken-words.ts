// How long a voice line takes to say, in the words a listener hears: "$29" is "twenty-nine
// dollars", "4.9" is "four point nine", "northwind.coffee" is "north wind dot coffee". The schema
// counts written words (its hard cap); writers also keep the heard words within the scene's time,
// because a line full of numbers takes twice as long as its written length suggests.
import { wordsOf } from './storyboard.ts';

/** Words a listener hears when `line` is read aloud (an estimate a few percent either way). */
export function spokenWordCount(line: string): number {
  return wordsOf(line).reduce((sum, token) => sum + spokenWordsOf(token), 0);
}

/**
 * A line made ready to be read: "4.9/5" → "4.9 out of 5", "$12/month" → "$12 a month",
 * "4,000+ teams" → "over 4,000 teams", "&" → "and". The numbers themselves stay as written.
 */
export function speakable(text: string): string {
  return text
    .replace(/(\d(?:[.,]\d+)?)\s?\/\s?(5|10|100)\b/g, '$1 out of $2')
    .replace(/\s?\/\s?(mo|month|yr|year|wk|week|night|hour|hr|session|class|visit)\b/gi, (_, unit: string) => {
      const full: Record<string, string> = { mo: 'month', yr: 'year', wk: 'week', hr: 'hour' };
      return ` a ${full[unit.toLowerCase()] ?? unit}`;
    })
    .replace(/\s?\/\s?(user|seat|person)\b/gi, ' per $1')
    .replace(/(^|\s)(\d[\d,.]*)\+(?=\s|$)/g, '$1over $2')
    .replace(/\s&\s/g, ' and ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Letters from which a domain label is taken for two words run together ("northwind", "tasklane"). */
const compoundLabelLength = 8;

function spokenWordsOf(token: string): number {
  const core = token.replace(/^[^\p{L}\p{N}$€£¥#]+|[^\p{L}\p{N}%+]+$/gu, '');
  if (!core) return 0;
  // A domain: every label, and "dot" between them. A long label is words run together and heard
  // as such ("juniperyoga" is "juniper yoga", "rapidrooter" "rapid rooter").
  if (!/\d/.test(core) && /\p{L}\.\p{L}/u.test(core)) {
    const labels = core.split(/[.-]/).filter(Boolean);
    const heard = labels.reduce((sum, label) => sum + (label.length >= compoundLabelLength ? 2 : 1), 0);
    return heard + labels.length - 1;
  }
  let count = 0;
  for (const part of core.split(/(\d[\d,]*(?:\.\d+)?[kKmM]?)/)) {
    if (!part) continue;
    if (/^\d/.test(part)) count += numberWords(part);
    else count += part.split(/[-/&]+/).filter((piece) => /\p{L}/u.test(piece)).length + symbolWords(part);
  }
  return Math.max(1, count);
}

/** $ € £ → "dollars", % → "percent", + → "plus", / → "slash" or "out of". */
function symbolWords(text: string): number {
  return (text.match(/[$€£¥%+/#]/g) ?? []).length;
}

function numberWords(written: string): number {
  const scale = /[kKmM]$/.test(written) ? 1 : 0;
  const [whole = '', fraction] = written.replace(/[kKmM]$/, '').split('.');
  const digits = whole.replace(/,/g, '');
  const value = Number(digits);
  // "1998" is read as a year, "nineteen ninety-eight"; "2024" as "twenty twenty-four".
  const asYear = !whole.includes(',') && digits.length === 4 && value >= 1100 && value < 2100;
  const wholeWords = asYear ? 3 : integerWords(value);
  const fractionWords = fraction ? 1 + Math.min(fraction.length, 2) : 0;
  return wholeWords + fractionWords + scale;
}

/** "one thousand two hundred forty" → 5: English number words, hyphenated tens counted as two. */
function integerWords(value: number): number {
  if (!Number.isFinite(value) || value === 0) return 1;
  let words = 0;
  let group = 0;
  for (let rest = Math.floor(value); rest > 0; rest = Math.floor(rest / 1000), group += 1) {
    const chunk = rest % 1000;
    if (chunk === 0) continue;
    const hundreds = Math.floor(chunk / 100);
    const tens = chunk % 100;
    words += (hundreds ? 2 : 0) + (tens === 0 ? 0 : tens < 20 || tens % 10 === 0 ? 1 : 2) + (group > 0 ? 1 : 0);
  }
  return words;
}
