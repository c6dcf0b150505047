// Child processes that end with the twin, however the twin ends. A SIGKILL cannot be trapped, so
// exit handlers never run; instead the kernel is asked to kill each child when its parent dies
// (prctl PR_SET_PDEATHSIG, through util-linux's setpriv). That covers DynamoDB Local's JVM, and the
// ffmpeg, ffprobe and festival runs the generation handlers start in this process, which find
// their binaries through FFMPEG_PATH, FFPROBE_PATH and FESTIVAL_PATH.
import { execFile } from 'node:child_process';
import { access, constants, mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { delimiter, join, resolve } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Runs the command only while the parent is still this process: the death signal is armed by
 * setpriv before this check, so a parent that died in between is caught here instead.
 */
const onlyWhileParentLives = (pid: number) => `[ "$PPID" = ${pid} ] && exec "$0" "$@"`;

/** The operator's own choice of media binaries, read before a twin points these variables at its scripts. */
const chosenBinaries = {
  FFMPEG_PATH: process.env.FFMPEG_PATH,
  FFPROBE_PATH: process.env.FFPROBE_PATH,
  FESTIVAL_PATH: process.env.FESTIVAL_PATH,
};

let parentDeathSignal: Promise<boolean> | undefined;

/** Whether children can be tied to this process: Linux with setpriv ≥ 2.33; not macOS. */
export function canTieChildren(): Promise<boolean> {
  parentDeathSignal ??= new Promise((resolveProbe) =>
    execFile('setpriv', ['--pdeathsig', 'KILL', 'true'], (error) => resolveProbe(!error)),
  );
  return parentDeathSignal;
}

/** `command args` as a child that gets SIGKILL when this process dies; unchanged where that is not possible. */
export async function tiedToThisProcess(command: string, args: string[]): Promise<[string, string[]]> {
  if (!(await canTieChildren())) return [command, args];
  return ['setpriv', ['--pdeathsig', 'KILL', '/bin/sh', '-c', onlyWhileParentLives(process.pid), command, ...args]];
}

/**
 * FFMPEG_PATH, FFPROBE_PATH and FESTIVAL_PATH pointing at scripts in `directory` that run the real
 * binaries tied to this process (the script execs, so the pid a handler holds is the binary's).
 * Empty where children cannot be tied; festival only when it is installed, so that a missing one
 * still fails with the handler's own message.
 */
export async function tiedBinaryEnvironment(directory: string): Promise<Record<string, string>> {
  if (!(await canTieChildren())) return {};
  await mkdir(directory, { recursive: true });
  // What the handlers would run without the twin (lambdas/generation/media/ffmpeg-binary.ts, voice/local-voice.ts).
  const binaries = {
    FFMPEG_PATH: chosenBinaries.FFMPEG_PATH || (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
    FFPROBE_PATH: chosenBinaries.FFPROBE_PATH || (require('@ffprobe-installer/ffprobe') as { path: string }).path,
    FESTIVAL_PATH: chosenBinaries.FESTIVAL_PATH || 'festival',
  };
  const environment: Record<string, string> = {};
  for (const [name, binary] of Object.entries(binaries)) {
    const executable = await findExecutable(binary);
    if (!executable) continue;
    const script = join(directory, name.replace(/_PATH$/, '').toLowerCase());
    const [command, args] = await tiedToThisProcess(executable, []);
    await writeFile(
      script,
      `#!/bin/sh\n# ${executable} for the twin with pid ${process.pid}: it dies with the twin.\nexec ${[command, ...args].map(shellQuoted).join(' ')} "$@"\n`,
      { mode: 0o755 },
    );
    environment[name] = script;
  }
  return environment;
}

async function findExecutable(binary: string): Promise<string | null> {
  const candidates = binary.includes('/')
    ? [resolve(binary)]
    : (process.env.PATH ?? '').split(delimiter).map((directory) => join(directory, binary));
  for (const candidate of candidates) {
    if (await isExecutable(candidate)) return candidate;
  }
  return null;
}

const isExecutable = (path: string) =>
  access(path, constants.X_OK).then(
    () => true,
    () => false,
  );

function shellQuoted(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
