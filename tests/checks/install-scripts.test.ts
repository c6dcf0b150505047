// Every dependency that runs a script at install has been reviewed: package.json's allowScripts
// (npm ≥ 11.16) names each one the lock marks `hasInstallScript`. An unreviewed one makes `npm ci`
// end with a warning today and will be skipped once npm blocks unreviewed scripts, leaving, say,
// esbuild without its binary check or ffmpeg not executable.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));

describe('install scripts', () => {
  it('each package the lock says runs one at install is reviewed in allowScripts', () => {
    const lock = readJson('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
    const { allowScripts = {} } = readJson('package.json') as { allowScripts?: Record<string, boolean> };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));

    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => !(name in allowScripts))).toEqual([]);
  });
});
