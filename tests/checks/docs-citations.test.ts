// The repository stands alone: no file cites a document its maintainer does not have — the design
// notes, the product specification's section numbers, research notes, house conventions or issue
// numbers that lived outside it. Facts are cited where they now live (docs/…, a source path) or
// just said. Describing a message as the spec's is fine; "spec §4" is not.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = normalize(join(import.meta.dirname, '../..'));
const thisFile = 'tests/checks/docs-citations.test.ts';

/** What an outside citation looks like, each with an example of what it catches. */
const outsideCitations: Record<string, RegExp> = {
  'the design notes ("DESIGN §5", "DESIGN.md")': /DESIGN( §|\.md)/,
  'a section of the specification ("spec §4.2", "product-spec")': /\b[Ss]pec §|product-spec/,
  'a research note ("ad-craft.md", "probe-speech.md", "unit-economics")':
    /ad-craft|peers-2026|probe-(aws-twin|renderers|speech|web-stack)|competitors\.md|unit-economics|api-contracts/,
  'the house conventions ("CONVENTIONS")': /CONVENTIONS/,
  'an issue by number ("issue 15", "Issue 17 §3")': /\b[Ii]ssues? #?[0-9]+/,
  'a folder beside the repository ("../shared/")': /\.\.\/shared\/|\/work\/shared/,
};

/** Tracked text files, less vendored code, the lock file and test fixtures (pages and data taken as found). */
function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && file !== thisFile && file !== 'package-lock.json')
    .filter((file) => !file.startsWith('vendor/') && !file.startsWith('tests/fixtures/'))
    .filter((file) => !/\.(png|jpe?g|webp|gif|ico|mp4|wav|woff2?|ttf|otf|zip|pdf)$/i.test(file));
}

describe('citations of documents outside the repository', () => {
  it.each(Object.entries(outsideCitations))('no tracked file cites %s', (_what, citation) => {
    const citing = trackedFiles().flatMap((file) => {
      let text: string;
      try {
        text = readFileSync(join(root, file), 'utf8');
      } catch {
        return []; // listed by git but not in this checkout (a deleted file not yet staged)
      }
      return text
        .split('\n')
        .map((line, index) => ({ line, index }))
        .filter(({ line }) => citation.test(line))
        .map(({ line, index }) => `${file}:${index + 1}: ${line.trim().slice(0, 120)}`);
    });

    expect(citing).toEqual([]);
  });

  it('catches each kind of citation it is meant to', () => {
    const examples = [
      'DESIGN §10',
      'see DESIGN.md',
      'spec §4.2',
      'product-spec.md',
      'research/ad-craft.md §5',
      'probe-speech.md',
      'CONVENTIONS "For the ad engine"',
      'issue 16',
      'Issue 17 §3',
      '../shared/research',
    ];

    for (const example of examples) {
      expect(
        Object.values(outsideCitations).some((citation) => citation.test(example)),
        example,
      ).toBe(true);
    }
    expect(Object.values(outsideCitations).some((citation) => citation.test("the spec's message"))).toBe(false);
  });
});
