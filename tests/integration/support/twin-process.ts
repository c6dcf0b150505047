// A twin in a process of its own, for tests that kill it the hard way and start another on its
// state: SIGKILL to the twin alone (its children must end by themselves), or to its whole process
// group (nothing survives, whatever the twin does).
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { TwinOptions } from '#local/twin.ts';

const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));
const script = `
const { startTwin } = await import(${JSON.stringify(`${projectRoot}local/twin.ts`)});
const twin = await startTwin(JSON.parse(process.env.TWIN_OPTIONS));
process.stdout.write(JSON.stringify({ url: twin.url, dynamodb: twin.endpoints.dynamodb, env: twin.env }) + '\\n');
`;

export interface TwinProcess {
  /** The twin's own process, the parent of DynamoDB Local's JVM and of every ffmpeg. */
  pid: number;
  url: string;
  env: Record<string, string>;
  endpoints: { dynamodb: string };
  /** SIGKILL to the twin's process alone, as `kill -9 <pid>` does: no exit handler runs. */
  kill(): Promise<void>;
  /** SIGKILL to the whole process group: nothing gets to clean up, nothing survives. */
  crash(): Promise<void>;
}

/**
 * The options of a twin that a test kills and starts again on the same state folder: random
 * ports, per-IP budgets lifted, and no reconciler pass unless the test runs one.
 */
export function restartableTwinOptions(stateDir: string): TwinOptions {
  return { port: 0, publicHost: '127.0.0.1', stateDir, ipAttemptsPerHour: 100_000, reconcileIntervalMs: 3_600_000 };
}

export async function startTwinProcess(options: TwinOptions): Promise<TwinProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: projectRoot,
    env: { ...process.env, TWIN_OPTIONS: JSON.stringify(options), POWERTOOLS_LOG_LEVEL: 'SILENT' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let output = '';
  const started = new Promise<string>((resolveLine, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const newline = output.indexOf('\n');
      if (newline >= 0) resolveLine(output.slice(0, newline));
    });
    child.once('exit', (code) => reject(new Error(`The twin process exited with ${code} before it started`)));
  });
  const { url, dynamodb, env } = JSON.parse(await started);
  const pid = child.pid as number;
  const killed = async (target: number) => {
    const exited = child.exitCode === null && child.signalCode === null ? once(child, 'exit') : null;
    try {
      process.kill(target, 'SIGKILL');
    } catch (error) {
      // The group may already be empty.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
    await exited;
  };
  return {
    pid,
    url,
    env,
    endpoints: { dynamodb },
    kill: () => killed(pid),
    crash: () => killed(-pid),
  };
}
