// Words that lean on the next one (articles, prepositions, conjunctions, pronouns that start a
// clause): a caption on screen or a line of the caption file does not end on one when it can end
// elsewhere ("the / House Blend" reads as two broken pieces; "the House Blend" as one).
const leaning = new Set([
  'a',
  'an',
  'and',
  'at',
  'by',
  'for',
  'from',
  'i',
  'in',
  'is',
  'it',
  'my',
  'of',
  'on',
  'or',
  'our',
  'the',
  'to',
  'we',
  'with',
  'your',
]);

/** Whether `word` (bare, as spoken: no punctuation) leans on the word after it. */
export const leansOnNext = (word: string): boolean => leaning.has(word.toLowerCase());
