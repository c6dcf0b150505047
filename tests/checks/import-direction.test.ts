// The house's import rules, checked on every source file: shared/ holds the facts every tree
// reads and imports nothing else; the site, the handlers and the stack import only themselves
// and shared/; nothing climbs more than one folder with `../../` (aliases are for that).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = normalize(join(import.meta.dirname, '../..'));
const aliases = Object.entries(
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).imports as Record<string, string>,
).map(([alias, target]) => [alias.replace('*', ''), target.replace('./', '').replace('*', '')] as const);

/** Each tree and the trees its files may import from. */
const allowed: Record<string, readonly string[]> = {
  shared: ['shared'],
  lambdas: ['lambdas', 'shared'],
  web: ['web', 'shared'],
  lib: ['lib', 'shared'],
  bin: ['bin', 'lib', 'shared'],
};
const productTrees = ['shared', 'lambdas', 'web', 'lib', 'bin', 'local', 'tools'];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith('web/dist/') && !file.includes('node_modules'));
}

function importsOf(file: string): string[] {
  const source = readFileSync(join(root, file), 'utf8');
  return [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)'([^']+)'/g)].map((match) => match[1] ?? '');
}

/** The repository path an import names, or null for a package. */
function resolve(file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return normalize(join(dirname(file), specifier));
  const alias = aliases.find(([prefix]) => specifier.startsWith(prefix));
  return alias ? alias[1] + specifier.slice(alias[0].length) : null;
}

const edges = productTrees.flatMap((tree) =>
  sourceFiles(tree).flatMap((file) => importsOf(file).map((specifier) => ({ file, specifier, tree }))),
);

describe('the import graph', () => {
  it('reads files from every tree', () => {
    expect(new Set(edges.map((edge) => edge.tree))).toEqual(new Set(productTrees));
  });

  it('has no import running from one tree into a tree it may not read', () => {
    const upward = edges
      .filter(({ tree }) => tree in allowed)
      .filter(({ file, specifier, tree }) => {
        const target = resolve(file, specifier);
        return target !== null && !allowed[tree]?.includes(target.split('/')[0] ?? '');
      })
      .map(({ file, specifier }) => `${file} → ${specifier}`);

    expect(upward).toEqual([]);
  });

  it('climbs no more than one folder with a relative import', () => {
    const climbing = edges
      .filter(({ specifier }) => specifier.startsWith('../../'))
      .map(({ file, specifier }) => `${file} → ${specifier}`);

    expect(climbing).toEqual([]);
  });

  it('imports through aliases that package.json declares', () => {
    const unknown = edges
      .filter(({ specifier }) => specifier.startsWith('#') && !aliases.some(([prefix]) => specifier.startsWith(prefix)))
      .map(({ file, specifier }) => `${file} → ${specifier}`);

    expect(unknown).toEqual([]);
  });
});
