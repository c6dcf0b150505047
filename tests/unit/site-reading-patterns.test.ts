// Every pattern the site reader runs on a page (registered through page-patterns.ts) is checked for
// catastrophic backtracking by recheck's automaton analysis: a page is up to 2 MB of a stranger's
// text, and one pattern that backtracks quadratically over it holds the reader for minutes.
// recheck runs in its pure-JavaScript build here (no JVM, no native binary); the automaton analysis
// is exact but slow on large character classes, hence the long timeouts (about 2 minutes of CPU in all).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { check } from 'recheck';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagePatterns } from '#generation/website/page-patterns.ts';

const websiteModules = fileURLToPath(new URL('../../lambdas/generation/website/', import.meta.url));
const perPatternMs = 600_000;

beforeAll(() => {
  // The pure-JavaScript checker, never a downloaded binary or a JVM.
  process.env.RECHECK_BACKEND = 'pure';
});

/** recheck's verdict on `pattern`: 'safe', 'vulnerable' or 'unknown', with its complexity. */
async function verdict(pattern: RegExp): Promise<string> {
  const diagnostics = await check(pattern.source, pattern.flags, { timeout: perPatternMs });
  if (diagnostics.status === 'unknown') return `unknown (${diagnostics.error.kind})`;
  return `${diagnostics.status}: ${diagnostics.complexity.summary}`;
}

// Every module of the reader is loaded, so each registers its patterns; a module added later is too.
const modules = readdirSync(websiteModules).filter((name) => name.endsWith('.ts'));
for (const name of modules) await import(`#generation/website/${name}`);
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
      expect(await verdict(/[\s.,;:!–—-]+$/u)).toBe('vulnerable: 2nd degree polynomial');
    },
    perPatternMs,
  );

  for (const pattern of patterns) {
    it(
      `${pattern}`,
      async () => {
        expect(await verdict(pattern)).toMatch(/^safe/);
      },
      perPatternMs,
    );
  }
});
