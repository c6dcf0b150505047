// The import rules Biome enforces (biome.json, web/biome.json): no import circles, type-only ones
// included, and the site's zones. Proven on probe files linted with the repository's own
// configuration in a scratch folder: a rule that stopped matching (a new feature folder without
// its zone, a pattern Biome reads differently) fails here, not silently.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const biome = join(root, 'node_modules/.bin/biome');
const features = readdirSync(join(root, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

interface Finding {
  rule: string;
  path: string;
}

let scratch: string;
let findings: Finding[];

/** Writes each probe (path → source) beside a copy of the configuration and lints them all at once. */
function lintProbes(probes: Record<string, string>): Finding[] {
  for (const config of ['biome.json', 'web/biome.json', '.gitignore']) {
    mkdirSync(dirname(join(scratch, config)), { recursive: true });
    copyFileSync(join(root, config), join(scratch, config));
  }
  for (const [path, source] of Object.entries(probes)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), source);
  }
  const run = spawnSync(biome, ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', '.'], {
    cwd: scratch,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout) as { diagnostics: { category: string; location: { path: string } }[] };
  return report.diagnostics.map((diagnostic) => ({ rule: diagnostic.category, path: diagnostic.location.path }));
}

const engineFolders = ['lambdas/generation/compose', 'lambdas/generation/storyboard', 'lambdas/generation/styles'];

/** The level each override of a Biome configuration gives noImportCycles, where it gives one. */
function importCycleOverrides(config: string): { includes: string[]; level: unknown }[] {
  const parsed = JSON.parse(readFileSync(join(root, config), 'utf8')) as {
    overrides?: { includes?: string[]; linter?: { rules?: { suspicious?: { noImportCycles?: unknown } } } }[];
  };
  return (parsed.overrides ?? []).flatMap((override) => {
    const rule = override.linter?.rules?.suspicious?.noImportCycles;
    if (rule === undefined) return [];
    return [
      {
        includes: override.includes ?? [],
        level: typeof rule === 'string' ? rule : (rule as { level?: unknown }).level,
      },
    ];
  });
}

const importing = (specifier: string) => `import { x } from '${specifier}';\nexport const y = [x];\n`;
const otherThan = (feature: string) => features.find((other) => other !== feature)!;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'lint-rules-'));
  const probes: Record<string, string> = {};
  for (const feature of features) {
    const other = otherThan(feature);
    probes[`web/src/features/${feature}/cross.ts`] = importing(`#web/features/${other}/thing.ts`);
    probes[`web/src/features/${feature}/cross-relative.ts`] = importing(`../${other}/thing.ts`);
    probes[`web/src/features/${feature}/app.ts`] = importing('#web/app/layout/site-layout.tsx');
    probes[`web/src/features/${feature}/own.ts`] = importing(`#web/features/${feature}/thing.ts`);
    probes[`web/src/features/${feature}/shared.ts`] = importing('#web/components/styles.ts');
  }
  probes['web/src/components/feature.ts'] = importing('#web/features/order-form/thing.ts');
  probes['web/src/lib/feature.ts'] = importing('../features/order-form/thing.ts');
  probes['web/src/app/feature.ts'] = importing('#web/features/order-form/thing.ts');
  // A circle closed by type-only imports alone: the compiler erases them, the reader does not.
  probes['lambdas/orders/circle-a.ts'] = "import type { B } from './circle-b.ts';\nexport type A = { b?: B };\n";
  probes['lambdas/orders/circle-b.ts'] = "import type { A } from './circle-a.ts';\nexport type B = { a?: A };\n";
  probes['lambdas/orders/line-a.ts'] = "import type { B } from './line-b.ts';\nexport type A = { b?: B };\n";
  probes['lambdas/orders/line-b.ts'] = 'export type B = { n: number };\n';
  // The engine's folders once had the rule switched off for their one circle (storyboard ↔ styles): no longer.
  for (const folder of engineFolders) {
    probes[`${folder}/circle-a.ts`] = "import type { B } from './circle-b.ts';\nexport type A = { b?: B };\n";
    probes[`${folder}/circle-b.ts`] = "import type { A } from './circle-a.ts';\nexport type B = { a?: A };\n";
  }
  findings = lintProbes(probes);
}, 60_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const restricted = () =>
  findings
    .filter((finding) => finding.rule === 'lint/style/noRestrictedImports')
    .map((finding) => finding.path)
    .sort();

describe('import circles', () => {
  it('are refused even when every import in them is type-only', () => {
    const circles = findings.filter((finding) => finding.rule === 'lint/suspicious/noImportCycles');

    expect(circles.map((finding) => finding.path).sort()).toEqual(
      [
        'lambdas/orders/circle-a.ts',
        'lambdas/orders/circle-b.ts',
        ...engineFolders.flatMap((folder) => [`${folder}/circle-a.ts`, `${folder}/circle-b.ts`]),
      ].sort(),
    );
  });

  it('are refused everywhere: no override of biome.json or web/biome.json switches the rule off or down', () => {
    for (const config of ['biome.json', 'web/biome.json']) {
      for (const override of importCycleOverrides(config)) {
        expect({ config, ...override }).toEqual({ config, includes: override.includes, level: 'error' });
      }
    }
  });
});

describe("the site's import zones", () => {
  it('finds the features folders to probe', () => {
    expect(features).toEqual(expect.arrayContaining(['order-form', 'order-status', 'landing', 'newsletter']));
  });

  it('refuses a feature importing another feature, by alias or by relative path, for every feature', () => {
    for (const feature of features) {
      expect(restricted()).toContain(`web/src/features/${feature}/cross.ts`);
      expect(restricted()).toContain(`web/src/features/${feature}/cross-relative.ts`);
    }
  });

  it('refuses a feature importing the app that composes it', () => {
    for (const feature of features) expect(restricted()).toContain(`web/src/features/${feature}/app.ts`);
  });

  it('lets a feature import itself and the shared components', () => {
    for (const feature of features) {
      expect(restricted()).not.toContain(`web/src/features/${feature}/own.ts`);
      expect(restricted()).not.toContain(`web/src/features/${feature}/shared.ts`);
    }
  });

  it('refuses shared components and lib importing a feature, and lets the app compose features', () => {
    expect(restricted()).toContain('web/src/components/feature.ts');
    expect(restricted()).toContain('web/src/lib/feature.ts');
    expect(restricted()).not.toContain('web/src/app/feature.ts');
  });
});
