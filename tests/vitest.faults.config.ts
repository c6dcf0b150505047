// `npm run test:faults`: every row of the fault suite (tests/faults), the quick ones that `npm test`
// also runs and the slow ones (the analysis deadline, a hung render, the twin killed and restarted).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  test: {
    root,
    pool: 'forks',
    // 2 cores: each file starts a twin (a JVM and ffmpeg renders).
    maxWorkers: 2,
    include: ['tests/faults/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    env: { POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN' },
  },
});
