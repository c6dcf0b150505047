// Every pattern the site reader runs on a page (registered through page-patterns.ts) is checked for
// catastrophic backtracking by recheck: a page is up to 2 MB of a stranger's text, and one pattern
// that backtracks quadratically over it holds the reader for minutes. recheck's automaton analysis
// is exact and decides most patterns: each must be linear. A pattern with lookaround (or one too
// large for the automaton) is fuzzed instead, and recheck's fuzzer reports polynomial attacks on
// such patterns that V8 runs in linear time (its own attack strings, doubled, double V8's time),
// so for those the test holds the line recheck can hold: never exponential. Those patterns' input
// is bounded by the reader's caps (page-dom.ts: 5,000 characters a block) and the worker's budget.
// recheck runs in its pure-JavaScript build here (no JVM, no native binary); the automaton analysis
// is exact but slow on large character classes, hence the long timeouts (about 2 minutes of CPU in all).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { check } from 'recheck';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagePatterns } from '#generation/website/page-patterns.ts';

const websiteModules = fileURLToPath(new URL('../../lambdas/generation/website/', import.meta.url));
const perPatternMs = 600_000;
/** Steps a bounded pattern may take on its longest input (its cap to the power of its degree). */
const boundedWork = 10_000_000;

beforeAll(() => {
  // The pure-JavaScript checker, never a downloaded binary or a JVM.
  process.env.RECHECK_BACKEND = 'pure';
});

/** recheck's diagnostics on `pattern`; a fixed seed makes its fuzzing (for lookaround) repeatable. */
function diagnose(pattern: RegExp) {
  return check(pattern.source, pattern.flags, { timeout: perPatternMs, randomSeed: 1 });
}

/** recheck's verdict: 'safe', 'vulnerable' or 'unknown', with its complexity. */
function verdict(diagnostics: Awaited<ReturnType<typeof diagnose>>): string {
  if (diagnostics.status === 'unknown') return `unknown (${diagnostics.error.kind})`;
  return `${diagnostics.status}: ${diagnostics.complexity.summary}`;
}

// Every module of the reader is loaded, so each registers its patterns; a module added later is too.
const modules = readdirSync(websiteModules).filter((name) => name.endsWith('.ts'));
for (const name of modules) await import(pathToFileURL(join(websiteModules, name)).href);
const patterns = pagePatterns();

describe('every site-reading pattern is linear in the text it reads', () => {
  it('collects the patterns of every reader module', () => {
    expect(modules).toContain('fact-patterns.ts');
    // The reader's patterns number in the dozens; a registry that lost a module would show here.
    expect(patterns.length).toBeGreaterThan(60);
  });

  it(
    'the checker flags the quadratic end-trim tidyPhrase used to run on every text block',
    async () => {
      expect(verdict(await diagnose(/[\s.,;:!–—-]+$/u))).toBe('vulnerable: 2nd degree polynomial');
    },
    perPatternMs,
  );

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
