// Starts the load run's twin (twin-child.ts) on loopback, random ports, a fresh temporary state
// folder and per-IP budgets lifted (all the load comes from 127.0.0.1), and stops it on every path.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TwinOptions } from '#local/twin.ts';

export const readyMarker = 'LOAD_TWIN_READY ';

/** What the twin process announces once it serves. */
export interface LoadTwinReady {
  url: string;
  env: Record<string, string>;
  endpoints: { dynamodb: string };
  realtime: { socketUrl: string; host: string; apiKey: string };
}

export interface LoadTwin extends LoadTwinReady {
  pid: number;
  /** Lines the twin logged naming a failure or error, and the last few of them. */
  logLines: { count: number; last: string[] };
  /** Stops the twin (SIGTERM, then SIGKILL to its process group after 60 s) and removes its state. */
  stop(): Promise<void>;
}

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const childScript = fileURLToPath(new URL('./twin-child.ts', import.meta.url));

export async function startLoadTwin(): Promise<LoadTwin> {
  const stateDir = await mkdtemp(join(tmpdir(), 'reelfive-load-'));
  const options: TwinOptions = {
    port: 0,
    publicHost: '127.0.0.1',
    stateDir,
    // As the tests and the bench do: one address sends every buyer's request.
    ipAttemptsPerHour: 1_000_000,
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', childScript], {
    cwd: projectRoot,
    env: { ...process.env, LOAD_TWIN_OPTIONS: JSON.stringify(options), POWERTOOLS_LOG_LEVEL: 'ERROR' },
    stdio: ['pipe', 'pipe', 'pipe'],
    // Its own group: Ctrl-C reaches the driver, which stops the twin in order.
    detached: true,
  });
  const logLines = { count: 0, last: [] as string[] };
  // Failures only: the child's stdout also carries Powertools, stderr Node's own warnings.
  const keepLine = (line: string) => {
    if (!/fail|error/i.test(line)) return;
    logLines.count += 1;
    logLines.last.push(line.slice(0, 300));
    if (logLines.last.length > 5) logLines.last.shift();
  };
  const exited = once(child, 'exit');
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timeout = setTimeout(() => {
          try {
            process.kill(-(child.pid as number), 'SIGKILL');
          } catch {
            // The group is gone already.
          }
        }, 60_000);
        await exited;
        clearTimeout(timeout);
      }
      await rm(stateDir, { recursive: true, force: true });
    })();
    return stopped;
  };

  const ready = new Promise<LoadTwinReady>((resolveReady, reject) => {
    let pending = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (line.startsWith(readyMarker)) resolveReady(JSON.parse(line.slice(readyMarker.length)));
        else keepLine(line);
        newline = pending.indexOf('\n');
      }
    });
    exited.then(([code]) => reject(new Error(`the twin process exited with ${code} before it was ready`)));
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) keepLine(line);
  });
  try {
    return { ...(await ready), pid: child.pid as number, logLines, stop };
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}; last lines: ${logLines.last.join(' | ')}`);
  }
}
