// Reading a page (parsing it and extracting its facts) on a thread of its own that is ended at a
// budget. Reading is linear in the page (page-patterns.ts, page-dom.ts), but a timer cannot stop
// synchronous code: were a page to find a slow path still, only its own thread would stall; the
// handler's thread goes on answering (the twin runs every handler in one process) and the caller
// gets "over budget" in time to say so (docs/threat-model.md, "site reading").
import { mkdtemp, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SiteFacts } from './extract-site-facts.ts';

export type GuardedReading = { facts: SiteFacts } | { failure: string };

/** What a reading that ran out of its budget (or its memory) is called in failures. */
export const readingOverBudget = 'the page took too long to read';

/**
 * A reader's heap: a 2 MB page parses into a tree of a few tens of MB; a page made to build a far
 * bigger one ends the reader instead of the function.
 */
const readerHeapMb = 256;

/** The worker's module: bundled beside index.mjs in a deployed function, built once from source elsewhere. */
let workerFile: Promise<string> | undefined;
/**
 * A started reader waiting for its page: starting a thread and loading the reader takes tens of
 * milliseconds (far more on a busy machine), so it is done before it is needed, not inside a budget.
 * Each page gets a fresh reader: nothing of one page is left in the next one's thread.
 */
let spare: Promise<Worker> | undefined;

/**
 * Where the worker's module is, found (from source: built) as soon as this module loads, so the
 * first read does not wait for it.
 */
function workerModule(): Promise<string> {
  workerFile ??= locateWorker();
  return workerFile;
}
void workerModule().catch(() => {
  // A build that failed is tried again, and reported, by the first read.
  workerFile = undefined;
});

export async function readPageGuarded(html: string, pageUrl: string, budgetMs: number): Promise<GuardedReading> {
  const started = Date.now();
  const worker = await (spare ?? startReader());
  spare = startReader();
  worker.ref();
  return new Promise<GuardedReading>((resolve) => {
    const settle = (reading: GuardedReading) => {
      clearTimeout(timer);
      resolve(reading);
      void worker.terminate();
    };
    const timer = setTimeout(() => settle({ failure: readingOverBudget }), budgetMs - (Date.now() - started));
    worker.once('message', (facts: SiteFacts) => settle({ facts }));
    worker.once('error', (error: Error & { code?: string }) =>
      settle({
        failure: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? readingOverBudget : `analysis failed (${error.message})`,
      }),
    );
    worker.once('exit', () => settle({ failure: 'analysis failed (the reader stopped)' }));
    worker.postMessage({ html, pageUrl });
  });
}

async function startReader(): Promise<Worker> {
  const worker = new Worker(await workerModule(), {
    // The worker is plain bundled JavaScript: none of the host's flags (a loader, --input-type, the
    // Lambda runtime's own) is its business, and some make a worker refuse to start.
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: readerHeapMb },
  });
  // A waiting spare never keeps a process (a test, a CLI, the twin shutting down) alive.
  worker.unref();
  // A spare that fails to start is found out by the read that takes it (its 'error' or 'exit').
  worker.on('error', () => {});
  return worker;
}

async function locateWorker(): Promise<string> {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return fileURLToPath(new URL('./site-reader.worker.mjs', here));
  // From source (the twin under tsx, the tests under vitest) the worker is bundled the way the
  // deployed one is, so it runs on plain Node with no TypeScript loader in the thread.
  const bundler = 'esbuild';
  const { build } = (await import(bundler)) as typeof import('esbuild');
  const dir = await mkdtemp(join(tmpdir(), 'site-reader-'));
  const outfile = join(dir, 'site-reader.worker.mjs');
  // Data files a package is read from at run time (the word list, words/split-words.ts) resolve
  // from the bundle's own folder, as in a deployed bundle (lib/shared/reelfive-function.ts):
  // here that folder's node_modules is the project's.
  await symlink(fileURLToPath(new URL('../../../node_modules', here)), join(dir, 'node_modules'), 'dir');
  await build({
    entryPoints: [fileURLToPath(new URL('./site-reader.worker.ts', here))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'error',
  });
  return outfile;
}
