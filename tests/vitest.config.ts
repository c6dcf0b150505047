// One vitest run over every suite: unit (one module's behaviour), checks (the repository as a whole),
// infra (CDK assertions + cdk-nag), integration (against a real local twin: DynamoDB Local, s3rver,
// the synthesized state machine, the local Stripe server and Chromium) and e2e (the buyer's
// journeys in Chromium on a twin).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './longest-first-sequencer.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The unit files share one module graph per worker (`isolate: false`): importing the engine, zod and
 * the AWS SDK once per worker instead of once per file is what keeps `npm run test:unit` under a
 * minute. A file that changes what the modules after it would see (it mocks a module, resets the
 * registry, stubs the environment, a global or a method) runs in a fresh graph of its own instead
 * (project unit-isolated), found here by what it calls, so a new one needs no list kept by hand.
 */
const changesSharedModules = /\bvi\.(mock|doMock|resetModules|stubEnv|stubGlobal|spyOn)\(|\bprocess\.env\b/;
const isolatedUnitFiles = readdirSync(join(root, 'tests/unit'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `tests/unit/${file}`)
  .filter((file) => changesSharedModules.test(readFileSync(join(root, file), 'utf8')));

/**
 * Handlers log as in Lambda; a test's output keeps warnings and errors only. Under Node 20 the AWS
 * SDK warns once per process that its releases after January 2027 need Node 22 (README.md, Prerequisites).
 */
const quietHandlers = {
  POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

export default defineConfig({
  test: {
    root,
    pool: 'forks',
    sequence: { sequencer: LongestFirstSequencer },
    // 2 cores: integration files each start a twin (a JVM + Chromium), so run two at a time.
    maxWorkers: 2,
    projects: [
      // Some unit tests import a handler's whole module graph inside the test: seconds when both
      // cores are busy with integration files beside them, so not Vitest's default 5 s.
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: isolatedUnitFiles,
          isolate: false,
          testTimeout: 60_000,
        },
      },
      { extends: true, test: { name: 'unit-isolated', include: isolatedUnitFiles, testTimeout: 60_000 } },
      // The repository as a whole (docs, lint rules, dependencies, import directions, the reading
      // patterns' backtracking): not one module's behaviour, and minutes of CPU (docs/testing.md).
      { extends: true, test: { name: 'checks', include: ['tests/checks/**/*.test.ts'], testTimeout: 60_000 } },
      { extends: true, test: { name: 'infra', include: ['tests/infra/**/*.test.ts'], testTimeout: 120_000 } },
      // Fakes against the providers' published descriptions; `npm run test:stripe` points it at real Stripe.
      { extends: true, test: { name: 'contract', include: ['tests/contract/**/*.test.ts'], testTimeout: 90_000 } },
      // The fault suite's quick rows (tests/faults/quick); `npm run test:faults` runs them and the slow ones.
      {
        extends: true,
        test: {
          name: 'faults',
          include: ['tests/faults/quick/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          env: quietHandlers,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/support/build-site.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env: quietHandlers,
        },
      },
      // One file per journey of the buyer (buy, preview, cancel and expiry, revision) through Chromium
      // against a real twin, on the site the integration project builds (docs/testing.md).
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/integration/support/build-site.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env: quietHandlers,
        },
      },
    ],
  },
});
