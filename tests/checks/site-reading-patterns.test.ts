// Part 1 of the site-reading patterns' check for catastrophic backtracking (the others are in
// site-reading-patterns-<part>.test.ts; why they are split and what is checked:
// tests/checks/support/reading-pattern-checks.ts), and the checks that the check sees every pattern.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pagePatterns } from '#generation/website/page-patterns.ts';
import {
  checkReadingPatterns,
  diagnose,
  perPatternMs,
  readerModules,
  readingPatternParts,
  verdict,
} from './support/reading-pattern-checks.ts';

const modules = await readerModules();

describe('the site-reading patterns checked for backtracking', () => {
  it('collects the patterns of every reader module', () => {
    expect(modules).toContain('fact-patterns.ts');
    // The reader's patterns number in the dozens; a registry that lost a module would show here.
    expect(pagePatterns().length).toBeGreaterThan(60);
  });

  it('are every pattern: one test file checks each part', () => {
    const folder = fileURLToPath(new URL('.', import.meta.url));
    const files = readdirSync(folder).filter((name) => name.startsWith('site-reading-patterns'));
    const parts = Array.from({ length: readingPatternParts }, (_, index) => index + 1);
    const fileOf = (part: number) => `site-reading-patterns${part === 1 ? '' : `-${part}`}.test.ts`;
    expect(files.sort()).toEqual(parts.map(fileOf).sort());
    for (const part of parts) {
      expect(readFileSync(join(folder, fileOf(part)), 'utf8')).toContain(`await checkReadingPatterns(${part});`);
    }
  });

  it(
    'the checker flags the quadratic end-trim tidyPhrase used to run on every text block',
    async () => {
      expect(verdict(await diagnose(/[\s.,;:!–—-]+$/u))).toBe('vulnerable: 2nd degree polynomial');
    },
    perPatternMs,
  );
});

await checkReadingPatterns(1);
