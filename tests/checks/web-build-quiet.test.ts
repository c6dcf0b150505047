// `npm start` builds the site before anything else, so a bundler warning is the first thing a
// newcomer reads. The browser build and the prerender's server build run here in memory
// (write: false) with a logger that keeps every warning: there must be none.
import { fileURLToPath } from 'node:url';
import { build, createLogger, type Logger } from 'vite';
import { describe, expect, it } from 'vitest';

const configFile = fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url));

function recordingLogger(warnings: string[]): Logger {
  const logger = createLogger('warn', { allowClearScreen: false });
  return {
    ...logger,
    info: () => {},
    warn: (message) => warnings.push(message),
    warnOnce: (message) => warnings.push(message),
  };
}

async function buildWarnings(ssr: boolean): Promise<string[]> {
  const warnings: string[] = [];
  await build({
    configFile,
    logLevel: 'warn',
    customLogger: recordingLogger(warnings),
    build: { write: false, ...(ssr ? { ssr: 'src/entry-server.tsx', copyPublicDir: false } : {}) },
  }).catch((error: Error) => warnings.push(error.message));
  return warnings;
}

describe("the site's build", () => {
  it('warns of nothing in the browser build', { timeout: 120_000 }, async () => {
    expect(await buildWarnings(false)).toEqual([]);
  });

  it("warns of nothing in the prerender's server build", { timeout: 120_000 }, async () => {
    expect(await buildWarnings(true)).toEqual([]);
  });
});
