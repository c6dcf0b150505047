// Every regular expression the site reader runs on a page's markup or text is made through
// pagePattern(), so that one check (tests/checks/support/reading-pattern-checks.ts) can test them all for
// catastrophic backtracking: a page is up to 2 MB of a stranger's text, and a single pattern that
// backtracks over it holds the reader for minutes (docs/threat-model.md, "site reading").

const registered = new Set<RegExp>();

/** `pattern`, registered as one the site reader runs on page text. */
export function pagePattern(pattern: RegExp): RegExp {
  registered.add(pattern);
  return pattern;
}

const bounded = new Map<RegExp, number>();

/**
 * `pattern`, registered as one the reader runs only on text it has cut to `maxInputChars` first:
 * whatever it backtracks is bounded by the cut (the test checks the pattern's degree against it).
 */
export function boundedPagePattern(pattern: RegExp, maxInputChars: number): RegExp {
  bounded.set(pattern, maxInputChars);
  return pattern;
}

/** Every pattern registered so far (by the modules imported so far), with its input cap if it has one. */
export function pagePatterns(): { pattern: RegExp; maxInputChars?: number }[] {
  return [
    ...[...registered].map((pattern) => ({ pattern })),
    ...[...bounded].map(([pattern, maxInputChars]) => ({ pattern, maxInputChars })),
  ];
}

/**
 * `text` without the run of characters matching `character` (a one-character class) it ends with.
 * The pattern form, `/[…]+$/`, is tried from every position of a run that is not at the end, so it
 * is quadratic in the run's length ("a" + 150,000 dots + "a"); this walks back once.
 */
export function withoutTrailing(text: string, character: RegExp): string {
  let end = text.length;
  while (end > 0 && character.test(text[end - 1]!)) end -= 1;
  return text.slice(0, end);
}
