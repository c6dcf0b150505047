// Every regular expression the site reader runs on a page's markup or text is made through
// pagePattern(), so that one test (tests/unit/site-reading-patterns.test.ts) can check them all for
// catastrophic backtracking: a page is up to 2 MB of a stranger's text, and a single pattern that
// backtracks over it holds the reader for minutes (docs/threat-model.md, "site reading").

const registered = new Set<RegExp>();

/** `pattern`, registered as one the site reader runs on page text. */
export function pagePattern(pattern: RegExp): RegExp {
  registered.add(pattern);
  return pattern;
}

/** Every pattern registered so far (by the modules imported so far). */
export function pagePatterns(): RegExp[] {
  return [...registered];
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
