// The twin's shape (local/README.md): local/ holds one folder per emulated service, each started by
// its own start.ts, and twin.ts only composes them: it starts what those modules export, in order,
// and nothing of any one service is written in it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const localDir = normalize(join(import.meta.dirname, '../../local'));
const entries = readdirSync(localDir, { withFileTypes: true });
const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const composer = readFileSync(join(localDir, 'twin.ts'), 'utf8');

/** Folders that are not a service the composer starts, each with why. */
const notComposed: Record<string, string> = {
  cli: 'the command-line programs (npm start, npm run order)',
  support: 'what several services share (HTTP, child processes, credentials)',
  'demo-shops': 'served by npm start and the tests beside the twin, not by it',
};

/** Every import and re-export of the composer: its specifier, and whether it brings in types only. */
const composerImports = [...composer.matchAll(/^(import|export)\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)'/gms)].map(
  (match) => ({ typeOnly: match[2] !== undefined, specifier: match[4] ?? '' }),
);

describe('the twin', () => {
  it('keeps nothing at the top of local/ but service folders, the composer and the map', () => {
    const files = entries.filter((entry) => !entry.isDirectory()).map((entry) => entry.name);

    expect(files.sort()).toEqual(['README.md', 'twin.ts']);
  });

  it('starts every folder but the command line, the shared helpers and the demo shops through its start.ts', () => {
    const started = composerImports
      .filter(({ typeOnly }) => !typeOnly)
      .map(({ specifier }) => /^\.\/([^/]+)\/start\.ts$/.exec(specifier)?.[1]);

    expect(new Set(started)).toEqual(new Set(folders.filter((folder) => !(folder in notComposed))));
  });

  it('composes only: every value it imports is a service folder’s start module', () => {
    const otherValues = composerImports
      .filter(({ typeOnly, specifier }) => !typeOnly && !/^\.\/[^/]+\/start\.ts$/.test(specifier))
      .map(({ specifier }) => specifier);

    expect(otherValues).toEqual([]);
  });

  it('gives each service folder a start() that the composer calls', () => {
    const withoutStart = folders
      .filter((folder) => !(folder in notComposed))
      .filter((folder) => {
        const module = readFileSync(join(localDir, folder, 'start.ts'), 'utf8');
        return !/^export (async )?function start\(/m.test(module);
      });

    expect(withoutStart).toEqual([]);
  });

  it('names every folder on its map (local/README.md)', () => {
    const map = readFileSync(join(localDir, 'README.md'), 'utf8');
    const unnamed = folders.filter((folder) => !map.includes(`\`${folder}/\``));

    expect(unnamed).toEqual([]);
  });
});
