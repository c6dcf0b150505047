// A twin killed with SIGKILL runs no exit handler: its children (DynamoDB Local's JVM, the ffmpeg
// of a render in progress) must end by themselves, and its state folder must not take a second
// twin while it lives, nor refuse one once it is dead.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateFolderInUse } from '#local/state-folder/lock.ts';
import { startTwin, type Twin } from '#local/twin.ts';
import { createPaidOrder } from '../support/pay.ts';
import { callApi, eventually, uniqueEmail } from '../support/twin.ts';
import { restartableTwinOptions, startTwinProcess, type TwinProcess } from '../support/twin-process.ts';

let stateDir = '';
let first: TwinProcess | undefined;
let second: Twin | undefined;
const options = () => restartableTwinOptions(stateDir);

beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'reelfive-sigkill-'));
  first = await startTwinProcess(options());
});
afterAll(async () => {
  // Whatever the outcome, nothing of the first twin outlives the file.
  await first?.crash();
  await second?.stop();
  await rm(stateDir, { recursive: true, force: true });
});

interface ProcessEntry {
  pid: number;
  command: string;
  /** Start time in clock ticks since boot: with the pid, names one process even after the pid is reused. */
  startTicks: string;
}

/** Every running process below `ancestor`, from /proc. */
async function descendantsOf(ancestor: number): Promise<ProcessEntry[]> {
  const entries: (ProcessEntry & { parent: number })[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await procStat(Number(name));
    if (stat && stat.state !== 'Z') entries.push(stat);
  }
  const found: ProcessEntry[] = [];
  const parents = [ancestor];
  for (let parent = parents.pop(); parent !== undefined; parent = parents.pop()) {
    for (const entry of entries.filter((candidate) => candidate.parent === parent)) {
      found.push({ pid: entry.pid, command: entry.command, startTicks: entry.startTicks });
      parents.push(entry.pid);
    }
  }
  return found;
}

async function procStat(pid: number) {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!text) return null;
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return {
    pid,
    command: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
    state: fields[0] ?? '',
    parent: Number(fields[1]),
    startTicks: fields[19] ?? '',
  };
}

/** Those of `processes` still running (a zombie has ended; another start time is another process). */
async function stillRunning(processes: ProcessEntry[]): Promise<ProcessEntry[]> {
  const running: ProcessEntry[] = [];
  for (const entry of processes) {
    const stat = await procStat(entry.pid);
    if (stat && stat.state !== 'Z' && stat.startTicks === entry.startTicks) running.push(entry);
  }
  return running;
}

describe('a twin killed with SIGKILL', () => {
  it('keeps a second twin off its state folder while it runs, naming itself', async () => {
    // Act
    const refused = await startTwin(options()).catch((error: unknown) => error);

    // Assess
    expect(refused).toBeInstanceOf(StateFolderInUse);
    expect((refused as Error).message).toContain(`pid ${first?.pid}`);
    expect((refused as Error).message).toContain(`port ${new URL(first?.url ?? '').port}`);
    // And a way round it that npm start has (local/cli/main.ts: --state).
    expect((refused as Error).message).toContain('npm start -- --state .local-3001');
  });

  it('leaves no child running 5 s later, with a render in progress', async () => {
    // Prepare: an ad being rendered, so ffmpeg runs beside DynamoDB Local's JVM.
    const twinProcess = first as TwinProcess;
    await createPaidOrder(twinProcess, { email: uniqueEmail('sigkill') });
    const children = await eventually(async () => {
      const found = await descendantsOf(twinProcess.pid);
      return found.some((entry) => entry.command === 'ffmpeg') && found;
    }, 90_000);
    expect(children.map((entry) => entry.command)).toContain('java');

    // Act
    await twinProcess.kill();
    const killedAt = Date.now();
    let survivors = await stillRunning(children);
    while (survivors.length > 0 && Date.now() - killedAt < 5_000) {
      await new Promise((resolveDelay) => setTimeout(resolveDelay, 100));
      survivors = await stillRunning(children);
    }

    // Assess
    expect(survivors).toEqual([]);
  }, 180_000);

  it('lets a twin start on the folder once it is dead, taking over its stale lock', async () => {
    // Act
    second = await startTwin(options());

    // Assess
    expect((await callApi(second, 'GET', '/api/capacity')).status).toBe(200);
  });
});
