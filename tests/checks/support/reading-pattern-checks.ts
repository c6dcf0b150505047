// Every pattern the site reader runs on a page (registered through page-patterns.ts) is checked for
// catastrophic backtracking by recheck: a page is up to 2 MB of a stranger's text, and one pattern
// that backtracks quadratically over it holds the reader for minutes. recheck's automaton analysis
// is exact and decides most patterns: each must be linear. A pattern with lookaround (or one too
// large for the automaton) is fuzzed instead, and recheck's fuzzer reports polynomial attacks on
// such patterns that V8 runs in linear time (its own attack strings, doubled, double V8's time),
// so for those the test holds the line recheck can hold: never exponential. Those patterns' input
// is bounded by the reader's caps (page-dom.ts: 5,000 characters a block) and the worker's budget.
// recheck runs in its pure-JavaScript build here (no JVM, no native binary); the automaton analysis
// is exact but slow on large character classes (up to 40 s for one pattern on a busy machine, about
// 4 minutes in all), hence the long timeouts, and hence the patterns are checked in `readingPatternParts`
// test files (tests/checks/site-reading-patterns*.test.ts) that run beside the other files instead of
// one that ran alone at the end of the suite.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { check } from 'recheck';
import { describe, expect, it } from 'vitest';
import { pagePatterns } from '#generation/website/page-patterns.ts';

/** How many test files share the patterns; each file checks every `readingPatternParts`-th one. */
export const readingPatternParts = 4;

const websiteModules = fileURLToPath(new URL('../../../lambdas/generation/website/', import.meta.url));
export const perPatternMs = 600_000;
/** Steps a bounded pattern may take on its longest input (its cap to the power of its degree). */
const boundedWork = 10_000_000;

/** The reader's modules, each imported so that it registers its patterns; a module added later is too. */
export async function readerModules(): Promise<string[]> {
  const modules = readdirSync(websiteModules).filter((name) => name.endsWith('.ts'));
  for (const name of modules) await import(pathToFileURL(join(websiteModules, name)).href);
  return modules;
}

/** recheck's diagnostics on `pattern`; a fixed seed makes its fuzzing (for lookaround) repeatable. */
export function diagnose(pattern: RegExp) {
  // The pure-JavaScript checker, never a downloaded binary or a JVM.
  process.env.RECHECK_BACKEND = 'pure';
  return check(pattern.source, pattern.flags, { timeout: perPatternMs, randomSeed: 1 });
}

/** recheck's verdict: 'safe', 'vulnerable' or 'unknown', with its complexity. */
export function verdict(diagnostics: Awaited<ReturnType<typeof diagnose>>): string {
  if (diagnostics.status === 'unknown') return `unknown (${diagnostics.error.kind})`;
  return `${diagnostics.status}: ${diagnostics.complexity.summary}`;
}

/**
 * Tests, in the calling file, that part `part` (1 to `readingPatternParts`) of the registered
 * patterns is linear in the text it reads: the patterns whose place in the registry is `part - 1`
 * modulo `readingPatternParts`, so that the parts together are every pattern, each once.
 */
export async function checkReadingPatterns(part: number): Promise<void> {
  await readerModules();
  const patterns = pagePatterns().filter((_, index) => index % readingPatternParts === part - 1);

  describe(`every site-reading pattern is linear in the text it reads (part ${part} of ${readingPatternParts})`, () => {
    for (const { pattern, maxInputChars } of patterns) {
      if (maxInputChars === undefined) {
        it(
          `${pattern}`,
          async () => {
            const diagnostics = await diagnose(pattern);
            expect(diagnostics.status).not.toBe('unknown');
            if (diagnostics.checker === 'automaton' || diagnostics.status !== 'vulnerable') {
              expect(verdict(diagnostics)).toMatch(/^safe/);
            } else {
              expect(diagnostics.complexity.type).toBe('polynomial');
            }
          },
          perPatternMs,
        );
      } else {
        it(
          `${pattern}, on at most ${maxInputChars} characters`,
          async () => {
            const diagnostics = await diagnose(pattern);
            expect(diagnostics.status).not.toBe('unknown');
            if (diagnostics.status !== 'vulnerable') return;
            // Exponential never; polynomial only as far as the cut keeps the work small.
            expect(diagnostics.complexity.type).toBe('polynomial');
            if (diagnostics.complexity.type === 'polynomial') {
              expect(maxInputChars ** diagnostics.complexity.degree).toBeLessThanOrEqual(boundedWork);
            }
          },
          perPatternMs,
        );
      }
    }
  });
}
