// The folder a twin keeps its state in between runs (.local/ by default): locked for this twin
// before anything touches it (lock.ts), cleared on --reset, and given env.json, what the ops CLI
// reads to find the twin's tables and machine (tools/ops/target.ts), once the twin is up.
import { rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunningService } from '#local/support/service.ts';
import { clearStateFolder, lockStateFolder } from './lock.ts';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface StateFolder extends RunningService {
  dir: string;
  /** Where one service keeps its files in the folder. */
  path(name: string): string;
  /** Records the URL the twin serves, for the message a second twin on the folder prints. */
  announce(url: string): Promise<void>;
  /** Writes env.json (secrets inside: owner-only); stopping the returned service removes it. */
  publishEnvironment(url: string, env: Record<string, string>): Promise<RunningService>;
}

export async function start(options: { stateDir?: string; reset?: boolean }): Promise<StateFolder> {
  const dir = resolve(options.stateDir ?? join(projectRoot, '.local'));
  // A second twin on the folder refuses here, naming the first.
  const lock = await lockStateFolder(dir);
  if (options.reset) {
    try {
      await clearStateFolder(dir);
    } catch (error) {
      await lock.release().catch(() => undefined);
      throw error;
    }
  }
  return {
    dir,
    path: (name) => join(dir, name),
    announce: lock.announce,
    async publishEnvironment(url, env) {
      const envFile = join(dir, 'env.json');
      await writeFile(
        envFile,
        JSON.stringify({ url, pid: process.pid, startedAt: new Date().toISOString(), env }, null, 2),
        { mode: 0o600 },
      );
      return { stop: () => rm(envFile, { force: true }) };
    },
    stop: lock.release,
  };
}
