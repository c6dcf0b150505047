// The unit tier's shape (docs/testing.md): tests/unit/ mirrors the source tree, so the tests of a
// module are found at the same path under tests/unit/, and it holds only what runs fast in one
// process: a test that spawns a program or reads the demo shops through the real reader belongs in
// tests/integration/.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = normalize(join(import.meta.dirname, '../..'));
const unitDir = join(root, 'tests/unit');

/** Folders of tests/unit/ that are shared by its files rather than a mirror of the source. */
const helpers = ['fixtures', 'support'];

const unitFiles = readdirSync(unitDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => !helpers.includes(file.split('/')[0] ?? ''));

/** What a unit file may not import, each with where the test belongs instead. */
const integrationOnly: Record<string, RegExp> = {
  'a child process (ffmpeg, festival, a browser)': /from 'node:child_process'|from 'playwright/,
  'the demo shops through the real reader': /from '#local\/demo-shops\/serve\.ts'|read-demo-shop\.ts'/,
};

describe('the unit tier', () => {
  it('keeps nothing at the top of tests/unit/ but folders of the source tree and the shared helpers', () => {
    const strays = readdirSync(unitDir).filter(
      (entry) =>
        !helpers.includes(entry) && !(statSync(join(unitDir, entry)).isDirectory() && existsSync(join(root, entry))),
    );

    expect(strays).toEqual([]);
  });

  it('puts every unit file in the folder of the source it tests', () => {
    const unmirrored = unitFiles.filter((file) => {
      const folder = dirname(file);
      return folder === '.' || !(existsSync(join(root, folder)) && statSync(join(root, folder)).isDirectory());
    });

    expect(unitFiles.length).toBeGreaterThan(50);
    expect(unmirrored).toEqual([]);
  });

  it('leaves child processes and the demo shops to the integration tier', () => {
    const found = unitFiles.flatMap((file) => {
      const text = readFileSync(join(unitDir, file), 'utf8');
      return Object.entries(integrationOnly)
        .filter(([, pattern]) => pattern.test(text))
        .map(([what]) => `${file}: ${what}`);
    });

    expect(found).toEqual([]);
  });
});
