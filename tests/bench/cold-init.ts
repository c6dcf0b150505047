// Each function's cold initialisation as a buyer meets it: a fresh Node process importing the
// function's real bundle (index.mjs from the synthesized assembly, the AWS SDK bundled in it) with
// its environment from the template, 5 times, median. The budget counts the import — the module
// code the function owns, SDK clients included — from inside the process; Node's own start-up is
// not in the handler's control and is reported beside it (process start → handler imported). The
// import's CPU time is reported too: on a machine others are loading, wall time grows with the
// queue, CPU time does not (V8 compiles on helper threads, so it can exceed the wall time).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, record, round } from './figures.ts';
import { lambdaEnvironment, type StackFunction } from './stack-template.ts';

export const coldInitRuns = 5;
export const coldInitBudgetMs = 250;

export interface ColdInit {
  function: string;
  logicalId: string;
  /** Median of the runs: `await import(index.mjs)` measured inside the fresh process. */
  importMs: number;
  importRunsMs: number[];
  /** Median of the runs: process start → handler module imported (Node's bootstrap included). */
  processMs: number;
  /** Median of the runs: CPU time (user + system, all threads) the import took. */
  importCpuMs: number;
  /** The machine's 1-minute load average while the function was measured, median (2 cores: above 2 means a queue). */
  loadAverage: number;
  indexBytes: number;
  assetBytes: number;
  memoryMb: number;
  architecture: string;
}

/** argv: the bundle's URL. */
const importer = `
  const cpu = process.cpuUsage();
  const began = performance.now();
  await import(process.argv[1]);
  const imported = performance.now();
  const used = process.cpuUsage(cpu);
  const importCpuMs = (used.user + used.system) / 1000;
  process.stdout.write(JSON.stringify({ importMs: imported - began, processMs: imported, importCpuMs }));
  process.exit(0);
`;

interface ImportRun {
  importMs: number;
  processMs: number;
  importCpuMs: number;
}

async function importOnce(fn: StackFunction): Promise<ImportRun> {
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', importer, pathToFileURL(join(fn.assetDir, 'index.mjs')).href],
    {
      cwd: fn.assetDir,
      env: lambdaEnvironment(fn),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`importing ${fn.name} exited with ${code}: ${stderr.slice(-400)}`);
  return JSON.parse(stdout.slice(stdout.lastIndexOf('{"importMs"'))) as ImportRun;
}

/**
 * One import at a time (two at once on 2 cores would measure the contention, not the bundle), in
 * rounds over all functions, so that a burst of other work on the machine spreads over many
 * functions' samples instead of taking all of one function's.
 */
export async function measureColdInits(functions: readonly StackFunction[]): Promise<ColdInit[]> {
  const runs = functions.map(() => [] as ImportRun[]);
  const loads = functions.map(() => [] as number[]);
  for (let pass = 0; pass < coldInitRuns; pass++) {
    for (const [index, fn] of functions.entries()) {
      runs[index]?.push(await importOnce(fn));
      loads[index]?.push(loadavg()[0] ?? 0);
    }
  }
  return functions.map((fn, index) => {
    const own = runs[index] ?? [];
    return {
      function: fn.name,
      logicalId: fn.logicalId,
      importMs: round(median(own.map((run) => run.importMs))),
      importRunsMs: own.map((run) => round(run.importMs, 0)),
      processMs: round(median(own.map((run) => run.processMs))),
      importCpuMs: round(median(own.map((run) => run.importCpuMs))),
      loadAverage: round(median(loads[index] ?? []), 2),
      indexBytes: fn.indexBytes,
      assetBytes: fn.assetBytes,
      memoryMb: fn.memoryMb,
      architecture: fn.architecture,
    };
  });
}

const size = (bytes: number) =>
  bytes >= 10 * 1024 * 1024 ? `${round(bytes / 1024 / 1024)} MB` : `${round(bytes / 1024, 0)} KB`;

export function recordColdInits(results: readonly ColdInit[]): void {
  console.log(`\nCold init: a fresh Node ${process.version} process per run, median of ${coldInitRuns}`);
  const header = ['function', 'import', 'import CPU', 'process', 'index.mjs', 'asset', 'load', 'import runs (ms)'];
  const rows = results.map((result) => [
    result.function,
    `${result.importMs} ms`,
    `${result.importCpuMs} ms`,
    `${result.processMs} ms`,
    size(result.indexBytes),
    size(result.assetBytes),
    String(result.loadAverage),
    result.importRunsMs.join(', '),
  ]);
  const busiest = Math.max(...results.map((result) => result.loadAverage));
  if (busiest > cpus().length) {
    console.log(`  (load average up to ${busiest} on ${cpus().length} cores: others' work queued with these imports)`);
  }
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((cells) => (cells[column] ?? '').length)));
  for (const cells of [header, ...rows]) {
    console.log(
      `  ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ')}`,
    );
  }
  for (const result of results) {
    record(
      `cold init ${result.function} (import, median of ${coldInitRuns})`,
      result.importMs,
      'ms',
      { max: coldInitBudgetMs },
      `index.mjs ${size(result.indexBytes)}, asset ${size(result.assetBytes)}; import CPU ${result.importCpuMs} ms; ` +
        `process start → imported ${result.processMs} ms; load average ${result.loadAverage}`,
    );
  }
}
