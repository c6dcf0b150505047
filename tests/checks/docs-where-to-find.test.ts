// The docs answer the newcomer's questions only while what they name is there: every path the
// "Where to find" table of docs/design.md names must exist, and every relative link of README.md
// and docs/ must reach a file of the repository (and, with a #fragment, a heading of it); every identifier the
// glossary names must be in the code.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = normalize(join(import.meta.dirname, '../..'));
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** README.md and every Markdown file under docs/, as repository paths. */
const markdownFiles = [
  'README.md',
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** A Markdown text without its fenced code blocks, where a bracket is no link. */
const withoutCode = (text: string) => text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');

/** The rows of the table under `## <heading>`: each row's cells. */
function tableRows(markdown: string, heading: string): string[][] {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const next = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, next < 0 ? undefined : next);
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/** The backquoted repository paths a cell names: `a/b.ts`, `a/b/` (a word without a slash is a name, not a path). */
function namedPaths(cell: string): string[] {
  return [...cell.matchAll(/`([^`\s]+)`/g)]
    .map(([, name = '']) => name)
    .filter((name) => /^[\w.#-]+\/[\w./-]*$/.test(name));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

const anchorsOf = (file: string) =>
  new Set([...withoutCode(read(file)).matchAll(/^#{1,6} (.+)$/gm)].map(([, heading = '']) => headingAnchor(heading)));

/** Every relative link target of a Markdown text (no scheme, no mailto). */
function relativeLinks(markdown: string): string[] {
  return [...withoutCode(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target = '']) => target)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe('docs/design.md, "Where to find"', () => {
  const rows = tableRows(read('docs/design.md'), 'Where to find');

  it('answers where an order state, a layout, the voice fitting, a route, an alarm and a style live', () => {
    const questions = rows.map(([question]) => question);

    for (const asked of [
      "an order's state changes",
      "a scene's layout",
      'the voice fitting',
      'a new route',
      'a new alarm',
      'a new style',
    ]) {
      expect(questions).toContain(asked);
    }
  });

  it.each(rows.map((row) => [row[0], row[1] ?? '']))('names only paths that exist: %s', (_question, answer) => {
    const paths = namedPaths(answer);

    expect(paths.length + relativeLinks(answer).length, 'the row names no path').toBeGreaterThan(0);
    expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});

describe('docs/design.md, "Glossary"', () => {
  /** Every source file's text, where a name the glossary gives must be found. */
  const sourceText = ['lambdas', 'shared', 'lib', 'local', 'web/src']
    .flatMap((folder) =>
      readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((name) => /\.(ts|tsx)$/.test(name))
        .map((name) => read(`${folder}/${name}`)),
    )
    .join('\n');

  it('names only identifiers the code uses', () => {
    const names = tableRows(read('docs/design.md'), 'Glossary').flatMap(([, meaning = '']) =>
      [...meaning.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((match) => match[1]!),
    );

    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name) => !new RegExp(`\\b${name.replace('$', '\\$')}\\b`).test(sourceText))).toEqual([]);
  });
});

describe('relative links in README.md and docs/', () => {
  it.each(markdownFiles)('%s links only to files and headings that exist', (file) => {
    const broken = relativeLinks(read(file)).filter((target) => {
      const [path = '', fragment] = target.split('#');
      const linked = path === '' ? file : relative(root, join(root, dirname(file), decodeURI(path)));
      if (linked.startsWith('..') || !existsSync(join(root, linked))) return true;
      if (fragment === undefined || !linked.endsWith('.md') || statSync(join(root, linked)).isDirectory()) return false;
      return !anchorsOf(linked).has(fragment);
    });

    expect(broken).toEqual([]);
  });
});
