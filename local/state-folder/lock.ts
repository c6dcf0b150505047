// One twin per state folder: DynamoDB Local, s3rver and the execution store each assume they are
// the only writer of their files. The lock file names the twin that holds the folder (pid, URL);
// a second twin refuses to start while that process lives, and takes over a lock its dead owner
// left behind (a SIGKILL, a crash, a power cut).
import { link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const lockFileName = 'twin.lock';

interface LockOwner {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux), so that a reused pid is not taken for the owner. */
  startTicks: string | null;
  /** Where the owner serves; null while it is starting. */
  url: string | null;
  startedAt: string;
}

export interface StateLock {
  /** Records the URL the twin serves, for the message a second twin prints. */
  announce(url: string): Promise<void>;
  /** Removes the lock if it is still this process's. */
  release(): Promise<void>;
}

/** Thrown when another live twin holds the folder; the message names it. */
export class StateFolderInUse extends Error {
  override name = 'StateFolderInUse';
}

export async function lockStateFolder(stateDir: string): Promise<StateLock> {
  await mkdir(stateDir, { recursive: true });
  const file = join(stateDir, lockFileName);
  const owner: LockOwner = {
    pid: process.pid,
    startTicks: await startTicksOf(process.pid),
    url: null,
    startedAt: new Date().toISOString(),
  };
  // Written whole under another name, then linked: link() fails if the lock exists, so a reader
  // never sees a half-written lock and two twins never both succeed.
  const draft = `${file}.${process.pid}.tmp`;
  await writeFile(draft, JSON.stringify(owner));
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await link(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt === 3) throw error;
      }
      const holder = await readOwner(file);
      if (holder && (await isRunning(holder))) throw new StateFolderInUse(inUseMessage(stateDir, holder));
      // Its owner is gone: the lock is stale.
      await rm(file, { force: true });
    }
  } finally {
    await rm(draft, { force: true });
  }

  return {
    async announce(url) {
      owner.url = url;
      await writeFile(draft, JSON.stringify(owner));
      await rename(draft, file);
    },
    async release() {
      const holder = await readOwner(file);
      if (holder?.pid === owner.pid && holder.startTicks === owner.startTicks) await rm(file, { force: true });
    },
  };
}

/** Empties the state folder (a `--reset`), keeping the lock that guards it. */
export async function clearStateFolder(stateDir: string): Promise<void> {
  for (const entry of await readdir(stateDir)) {
    if (entry !== lockFileName) await rm(join(stateDir, entry), { recursive: true, force: true });
  }
}

function inUseMessage(stateDir: string, holder: LockOwner): string {
  const where = holder.url ? `port ${new URL(holder.url).port}, ${holder.url}` : 'still starting';
  return (
    `Another twin is running on the state folder ${stateDir}: pid ${holder.pid}, ${where} (started ${holder.startedAt}). ` +
    `Stop it first (kill ${holder.pid}), or start this one on a state folder and port of its own: ` +
    `PORT=3001 npm start -- --state .local-3001`
  );
}

/** The lock's owner; null when there is no lock, or only a damaged one (locks are written whole). */
async function readOwner(file: string): Promise<LockOwner | null> {
  try {
    const owner = JSON.parse(await readFile(file, 'utf8')) as Partial<LockOwner>;
    return Number.isInteger(owner.pid) ? (owner as LockOwner) : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return null;
    throw error;
  }
}

async function isRunning(holder: LockOwner): Promise<boolean> {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: alive, another user's.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const stat = await procStat(holder.pid);
  if (!stat) return true;
  // A zombie has ended; another start time means the pid now belongs to another process.
  return stat.state !== 'Z' && (holder.startTicks === null || stat.startTicks === holder.startTicks);
}

async function startTicksOf(pid: number): Promise<string | null> {
  return (await procStat(pid))?.startTicks ?? null;
}

/** State and start time from /proc/<pid>/stat; null where there is no /proc (macOS). */
async function procStat(pid: number): Promise<{ state: string; startTicks: string } | null> {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!text) return null;
  // Fields after the command name, which is in parentheses and may hold spaces: state is field 3,
  // starttime field 22.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', startTicks: fields[19] ?? '' };
}
