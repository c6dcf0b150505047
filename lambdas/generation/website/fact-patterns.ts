// What a claim, an offer and a price look like in a page's words ("4.9/5 from 2,000 reviews",
// "20% off", "$29/month"). The page reader finds them with these patterns; the storyboard writers
// use the same patterns to recognise them in benefits and descriptions read before these existed.
// Each pattern is linear in the text it reads (page-patterns.ts): a number has at most 5 groups, so
// "1.111.111…" × 50,000 is 50,000 short tries, not 50,000 tries each running to the end.
import { boundedPagePattern, pagePattern, withoutTrailing } from './page-patterns.ts';

/** The kinds of claim, strongest proof first: an ad's hook and proof scenes take them in this order. */
export const claimKinds = ['rating', 'count', 'speed', 'guarantee', 'heritage', 'figure'] as const;
export type ClaimKind = (typeof claimKinds)[number];

// 1,240 · 10.000 · 4.9 · 10k · 2M (up to 999 trillion: a number no page claims is not a number)
const number = String.raw`\d{1,3}(?:[,.]\d{3}){1,4}|\d+(?:[.,]\d+)?`;
const amount = String.raw`(?:${number})\s?[kKmM]?\+?`;
const year = String.raw`(?:1[89]\d\d|20[0-4]\d)`;
const timeUnit = '(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?)';
const counted =
  '(?:customers|clients|users|teams|companies|businesses|brands|members|orders|downloads|reviews|ratings|patients|students|families|homes|households|people|subscribers|installs|stores|shops|restaurants|cities|countries|jobs|projects|cups|bags|meals)';
const currency = '[$€£¥]';
// A number before its currency starts where its digits start: tried from inside a run of digits, it
// would read the rest of the run from every digit.
const priceAmount = String.raw`(?:${currency}\s?(?:${number})|(?<!\d)(?:${number})\s?(?:€|EUR|USD|GBP|CHF)\b)`;
const pricePeriod = String.raw`(?:\s?\/\s?|\s+(?:per|a|an)\s+)(?:mo|month|yr|year|wk|week|user|seat|person|hour|hr|session|night|class|visit)\b`;

const claimPatterns: Record<ClaimKind, RegExp[]> = {
  rating: [
    /\b[0-5](?:[.,]\d{1,2})?\s?(?:\/\s?5\b|out of 5\b|stars?\b|★)/i,
    /\brated\s+[0-5](?:[.,]\d{1,2})?(?:\s?\/\s?5\b| out of 5\b)?/i,
  ],
  count: [new RegExp(String.raw`(?<![\p{L}\d.,])(?:${amount})\s+(?:[\p{L}-]+\s+)?${counted}\b`, 'iu')],
  speed: [
    new RegExp(String.raw`\b(?:in|within|under|less than)\s+(?:just\s+|only\s+)?(?:${number})\s?${timeUnit}\b`, 'i'),
    new RegExp(
      String.raw`\b(?:${number})[- ](?:second|minute|hour|day)\s+(?:delivery|shipping|setup|service|turnaround|response|install)\b`,
      'i',
    ),
    /\b(?:same|next)[- ]day\s+(?:delivery|shipping|service|dispatch|appointments?)\b/i,
    /\b24\/7\b/,
  ],
  guarantee: [
    new RegExp(
      String.raw`\b(?:${number})[- ](?:day|year|month)s?\s+(?:free\s+)?(?:returns?|money[- ]back|guarantee|warranty)\b`,
      'i',
    ),
    /\bmoney[- ]back guarantee\b/i,
    /\blifetime (?:warranty|guarantee)\b/i,
  ],
  heritage: [
    new RegExp(String.raw`\b(?:since|est\.?|established(?: in)?)\s+${year}\b`, 'i'),
    new RegExp(String.raw`\b(?:${number})\+?\s+years?\b`, 'i'),
  ],
  figure: [
    new RegExp(String.raw`\b(?:for|lasts?)\s+(?:up to\s+)?(?:${number})\s?(?:hours|days|weeks|months|years)\b`, 'i'),
    /(?<!\S)#1\b/,
    /\b\d+(?:[.,]\d+)?x\s+(?:faster|more|less|cheaper)\b/i,
  ],
};

const offerPatterns = [
  /\b\d{1,2}\s?%\s?off\b/i,
  new RegExp(String.raw`\bsave\s+(?:up to\s+)?(?:\d{1,2}\s?%|${currency}\s?\d+)`, 'i'),
  /\bfree\s+(?:shipping|delivery|returns|trial|consultations?|quotes?|estimates?|gift|samples?|inspection)\b/i,
  /\b(?:first|1st)\s+(?:month|week|lesson|class|session|visit|box|order)\s+(?:is\s+)?(?:free|on us)\b/i,
  /\b\d+[- ]day\s+free\s+trial\b/i,
  /\b\d+\s+(?:months?|weeks?)\s+free\b/i,
  /\bbuy\s+one,?\s+get\s+one\b/i,
  /\bbuy\s+(?:\d{1,2}|two|three|four),?\s+get\s+(?:\d{1,2}|one|two)\s+(?:free|half[- ]off|\d{1,2}\s?%\s?off)\b/i,
  /\bBOGO\b/,
];

/** The longest text a price is searched in (a price tag's element): the search is not linear in it. */
export const maxPriceTextChars = 40;
export const pricePattern = new RegExp(String.raw`(?:from\s+)?${priceAmount}(?:${pricePeriod})?`, 'i');
/** A block that is a price tag and nothing else: "$29", "From €19.99 / month", "Only $12". */
export const priceTagPattern = new RegExp(
  String.raw`^(?:(?:from|only|just|now|starting at)\s+)?${priceAmount}(?:${pricePeriod})?$`,
  'i',
);

for (const pattern of [...Object.values(claimPatterns).flat(), ...offerPatterns, priceTagPattern]) {
  pagePattern(pattern);
}
boundedPagePattern(pricePattern, maxPriceTextChars);

/**
 * "90% natural ingredients" is a figure; "20% off" is an offer, not one. The word is checked here
 * rather than with a lookahead in the pattern, which only the (inexact) fuzzing checker can judge.
 */
const percentFigures = pagePattern(/\b\d+(?:[.,]\d+)?\s?%\s+\p{L}[\p{L}-]*/giu);
const offWord = pagePattern(/^off(?:$|[^\w\u017f\u212a])/iu);

function percentFigure(text: string): FactMatch | undefined {
  for (const match of text.matchAll(percentFigures)) {
    const word = match[0].slice(match[0].indexOf('%') + 1).trimStart();
    if (!offWord.test(word)) return { index: match.index, length: match[0].length };
  }
  return undefined;
}

const sentenceEnd = pagePattern(/(?<=[.!?])\s+/);
// A dash between spaces is tried from the space before it only: from every space of a run it
// would be quadratic (a wider run leaves its spaces in the piece, which tidyPhrase drops).
const clauseEnd = pagePattern(/[,;:]\s+|\s[–—|•·-]\s+/);
const spaces = pagePattern(/\s+/);
const spaceRuns = pagePattern(/\s+/g);
const numberRuns = pagePattern(/(?<![\p{L}\d])\d[\d,.]*(?!\p{L})/gu);
const numberMark = pagePattern(/[,.]/);
const thousandsCommas = pagePattern(/,/g);
const leadingBullets = pagePattern(/^[\s•·✓✔→*–—-]+/u);
const trailingPunctuation = pagePattern(/[\s.,;:!–—-]/u);

export interface FactMatch {
  index: number;
  length: number;
}

/** The strongest kind of claim in `text` and where it is, if it makes one. */
export function findClaim(text: string): (FactMatch & { kind: ClaimKind }) | undefined {
  for (const kind of claimKinds) {
    const found = firstOf([firstMatch(text, claimPatterns[kind]), kind === 'figure' ? percentFigure(text) : undefined]);
    // An offer's threshold ("free shipping over $30") is not a claim, and a discount is an offer.
    if (found && !findOffer(text.slice(found.index, found.index + found.length))) return { ...found, kind };
  }
  return undefined;
}

export function findOffer(text: string): FactMatch | undefined {
  return firstMatch(text, offerPatterns);
}

function firstOf(matches: (FactMatch | undefined)[]): FactMatch | undefined {
  return matches.reduce<FactMatch | undefined>(
    (best, match) => (match && (!best || match.index < best.index) ? match : best),
    undefined,
  );
}

function firstMatch(text: string, patterns: RegExp[]): FactMatch | undefined {
  let best: FactMatch | undefined;
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match && (!best || match.index < best.index)) best = { index: match.index, length: match[0].length };
  }
  return best;
}

/**
 * The words of `text` that carry the fact at `at`: the sentence when it is short, else the clause,
 * else a few words either side. No closing full stop: the writer punctuates.
 */
export function phraseAround(text: string, at: FactMatch, maxChars = 60): string {
  const pieces = (separator: RegExp) => {
    let start = 0;
    for (const piece of text.split(separator)) {
      const index = text.indexOf(piece, start);
      start = index + piece.length;
      if (index <= at.index && at.index < index + piece.length + 1) return piece;
    }
    return text;
  };
  // Decimals ("4.9") and thousands ("2,000") are not boundaries: a separator needs a space after it.
  for (const candidate of [text, pieces(sentenceEnd), pieces(clauseEnd)]) {
    const phrase = tidyPhrase(candidate);
    if (phrase.length <= maxChars && phrase.includes(tidyPhrase(text.slice(at.index, at.index + at.length)))) {
      return phrase;
    }
  }
  const words = text.split(spaces);
  let position = 0;
  const spans = words.map((word) => {
    const start = text.indexOf(word, position);
    position = start + word.length;
    return [start, position] as const;
  });
  const first = spans.findIndex(([, end]) => end > at.index);
  const last = spans.findIndex(([, end]) => end >= at.index + at.length);
  return tidyPhrase(words.slice(Math.max(0, first - 2), last + 3).join(' ')).slice(0, maxChars);
}

/**
 * The whole sentence holding the fact at `at` when it is at most `maxChars` long; else the
 * sentence's first clause when the fact is in it; else nothing. A clause from the middle of a
 * sentence ("NC and shipped within 24 hours" of "Roasted in Asheville, NC and shipped within 24
 * hours of roasting, every time") is a fragment no buyer reads as a line. No closing full stop.
 */
export function wholeLineAround(sentence: string, at: FactMatch, maxChars: number): string | undefined {
  const line = tidyPhrase(sentence);
  if (line.length <= maxChars) return line;
  const firstClause = sentence.split(clauseEnd, 1)[0] ?? '';
  if (at.index + at.length > firstClause.length) return undefined;
  const clause = tidyPhrase(firstClause);
  return clause.length <= maxChars ? clause : undefined;
}

/**
 * The text's leading whole sentences, as many as fit in `maxChars` (at most `maxSentences`); ''
 * when even the first is longer. Sentences end at ".", "!" or "?" followed by a space.
 */
export function leadingSentences(text: string, maxChars: number, maxSentences = Number.POSITIVE_INFINITY): string {
  let kept = '';
  let count = 0;
  for (const sentence of text.trim().split(sentenceEnd)) {
    const next = kept ? `${kept} ${sentence}` : sentence;
    if (next.length > maxChars || count === maxSentences) break;
    kept = next;
    count += 1;
  }
  return kept;
}

/** The numbers a text states, as digits: "1,240" and "1240" are one number; "G2" and "HELLO20" are names. */
export function numbersIn(text: string): string[] {
  return (text.match(numberRuns) ?? []).map((number) =>
    withoutTrailing(number, numberMark).replace(thousandsCommas, ''),
  );
}

export function tidyPhrase(text: string): string {
  return withoutTrailing(text.replace(spaceRuns, ' ').replace(leadingBullets, ''), trailingPunctuation).trim();
}
