// Every package the repository declares is used: named by an import, a require.resolve, a CSS
// @import/@plugin or a package.json script, so a dependency whose last user went stays listed only
// until this test runs (two middy middlewares did).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};
const sourceTrees = ['bin', 'lambdas', 'lib', 'local', 'shared', 'tests', 'tools', 'web', '.ci'];

const sources = sourceTrees.flatMap((tree) =>
  readdirSync(join(root, tree), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|mjs|js|css|json)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !/\/(node_modules|dist|fixtures)\//.test(relative(root, file))),
);
const text = [
  ...sources.map((file) => readFileSync(file, 'utf8')),
  ...Object.values(manifest.scripts),
  readFileSync(join(root, 'cdk.json'), 'utf8'),
].join('\n');

/** The commands a package puts on the PATH, as package.json scripts would call them. */
function binariesOf(name: string): string[] {
  const bin = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).bin as
    | string
    | Record<string, string>
    | undefined;
  if (!bin) return [];
  return typeof bin === 'string' ? [name.split('/').at(-1)!] : Object.keys(bin);
}

function isUsed(name: string): boolean {
  // @types/qs types the qs the code imports.
  const module = name.startsWith('@types/') ? name.slice('@types/'.length).replace(/^(.+)__(.+)$/, '@$1/$2') : name;
  const named = new RegExp(`['"\`]${module.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?:/[^'"\`]*)?['"\`]`);
  if (named.test(text) || (module === 'node' && text.includes("'node:"))) return true;
  return binariesOf(name).some((command) => new RegExp(`(^|[\\s(])(npx\\s+)?${command}(\\s|$)`, 'm').test(text));
}

describe('declared packages', () => {
  it('are each used by the code, its styles or its scripts', () => {
    const declared = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)];
    const unused = declared.filter((name) => !isUsed(name));

    expect(unused).toEqual([]);
  });
});
