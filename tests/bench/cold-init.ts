// Each function's cold initialisation as a buyer meets it: a fresh Node process importing the
// function's real bundle (index.mjs from the synthesized assembly) with its environment from the
// template, 5 times, median. The budget counts the import — the module code the function owns,
// SDK clients included — from inside the process; Node's own start-up is not in the handler's
// control and is reported beside it (process start → handler imported). The import's CPU time is
// reported too: on a machine others are loading, wall time grows with the queue, CPU time does
// not (V8 compiles on helper threads, so it can exceed the wall time).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, record, round } from './figures.ts';
import type { StackFunction } from './stack-template.ts';

export const coldInitRuns = 5;
export const coldInitBudgetMs = 250;
/** Separate runs that time the AWS SDK packages apart (a diagnostic, outside the budget). */
const sdkBreakdownRuns = 3;

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
  /** Of the import, the AWS SDK packages it loads from the runtime (median of separate runs that import them first). */
  sdkMs: number;
  sdkPackages: string[];
  /** The machine's 1-minute load average while the function was measured, median (2 cores: above 2 means a queue). */
  loadAverage: number;
  indexBytes: number;
  assetBytes: number;
  memoryMb: number;
  architecture: string;
}

/** argv: the bundle's URL, then (diagnostic runs only) packages to import before it, timed apart. */
const importer = `
  const cpu = process.cpuUsage();
  const began = performance.now();
  for (const name of process.argv.slice(2)) await import(name);
  const packagesMs = performance.now() - began;
  await import(process.argv[1]);
  const imported = performance.now();
  const used = process.cpuUsage(cpu);
  const importCpuMs = (used.user + used.system) / 1000;
  process.stdout.write(JSON.stringify({ importMs: imported - began, processMs: imported, importCpuMs, packagesMs }));
  process.exit(0);
`;

interface ImportRun {
  importMs: number;
  processMs: number;
  importCpuMs: number;
  packagesMs: number;
}

/** The runtime-provided packages (AWS SDK v3) the bundle imports statically, as esbuild left them. */
function externalSdkImports(fn: StackFunction): string[] {
  const code = readFileSync(join(fn.assetDir, 'index.mjs'), 'utf8');
  const found = [...code.matchAll(/(?:from|import)\s*"(@aws-sdk\/[^"]+)"/g)].map((match) => match[1] as string);
  return [...new Set(found)];
}

/** What the Lambda runtime sets in every function's environment, with plausible values. */
function runtimeEnvironment(fn: StackFunction): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    TZ: ':UTC',
    LANG: 'en_US.UTF-8',
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_EXECUTION_ENV: `AWS_Lambda_${fn.runtime}`,
    AWS_LAMBDA_FUNCTION_NAME: fn.logicalId,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
    AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${fn.logicalId}`,
    AWS_LAMBDA_LOG_STREAM_NAME: '2026/11/23/[$LATEST]00000000000000000000000000000000',
    AWS_LAMBDA_LOG_FORMAT: 'JSON',
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    LAMBDA_TASK_ROOT: fn.assetDir,
    AWS_ACCESS_KEY_ID: 'ASIAPLACEHOLDER000000',
    AWS_SECRET_ACCESS_KEY: 'placeholder-secret-access-key',
    AWS_SESSION_TOKEN: 'placeholder-session-token',
    AWS_XRAY_CONTEXT_MISSING: 'LOG_ERROR',
    AWS_XRAY_DAEMON_ADDRESS: '169.254.79.129:2000',
  };
}

async function importOnce(fn: StackFunction, packagesFirst: readonly string[] = []): Promise<ImportRun> {
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', importer, pathToFileURL(join(fn.assetDir, 'index.mjs')).href, ...packagesFirst],
    {
      cwd: fn.assetDir,
      env: { ...runtimeEnvironment(fn), ...fn.environment },
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
  const sdkPackages = functions.map(externalSdkImports);
  const sdkRuns = functions.map(() => [] as number[]);
  for (let pass = 0; pass < Math.max(coldInitRuns, sdkBreakdownRuns); pass++) {
    for (const [index, fn] of functions.entries()) {
      if (pass < coldInitRuns) {
        runs[index]?.push(await importOnce(fn));
        loads[index]?.push(loadavg()[0] ?? 0);
      }
      const packages = sdkPackages[index] ?? [];
      if (pass < sdkBreakdownRuns && packages.length) {
        sdkRuns[index]?.push((await importOnce(fn, packages)).packagesMs);
      }
    }
  }
  return functions.map((fn, index) => {
    const own = runs[index] ?? [];
    const sdk = sdkRuns[index] ?? [];
    return {
      function: fn.name,
      logicalId: fn.logicalId,
      importMs: round(median(own.map((run) => run.importMs))),
      importRunsMs: own.map((run) => round(run.importMs, 0)),
      processMs: round(median(own.map((run) => run.processMs))),
      importCpuMs: round(median(own.map((run) => run.importCpuMs))),
      sdkMs: sdk.length ? round(median(sdk)) : 0,
      sdkPackages: sdkPackages[index] ?? [],
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
  const header = [
    'function',
    'import',
    'of it SDK',
    'import CPU',
    'process',
    'index.mjs',
    'asset',
    'load',
    'import runs (ms)',
  ];
  const rows = results.map((result) => [
    result.function,
    `${result.importMs} ms`,
    `${result.sdkMs} ms`,
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
      `index.mjs ${size(result.indexBytes)}, asset ${size(result.assetBytes)}; of the import, AWS SDK ` +
        `${result.sdkMs} ms (${result.sdkPackages.length} packages); import CPU ${result.importCpuMs} ms; ` +
        `process start → imported ${result.processMs} ms; load average ${result.loadAverage}`,
    );
  }
}
