// Peak memory during the load run, sampled every 250 ms from /proc (Linux): the twin's own Node
// process, and its whole process tree (DynamoDB Local's JVM, s3rver, every ffmpeg of a render).
import { readdir, readFile } from 'node:fs/promises';

export interface MemoryPeaks {
  /** Peak resident MB of the twin's Node process. */
  twinMb: number;
  /** Peak resident MB of the twin and its descendants together (one sample's sum). */
  treeMb: number;
  /** Peak resident MB per command name inside the tree (each name's own peak). */
  byCommand: Map<string, number>;
  /** Peak resident MB of this driver (the clients). */
  driverMb: number;
  samples: number;
}

interface ProcessEntry {
  pid: number;
  ppid: number;
  command: string;
  rssBytes: number;
}

// x86-64 and arm64 Linux both use 4 KiB pages by default.
const pageBytes = 4096;
const toMb = (bytes: number) => bytes / 1024 / 1024;

async function processTable(): Promise<ProcessEntry[]> {
  const entries = await readdir('/proc');
  const table = await Promise.all(
    entries
      .filter((name) => /^\d+$/.test(name))
      .map(async (name) => {
        const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
        const close = stat.lastIndexOf(')');
        if (close < 0) return undefined;
        // After "pid (comm)": state ppid … with rss the 22nd field from there.
        const fields = stat.slice(close + 2).split(' ');
        return {
          pid: Number(name),
          ppid: Number(fields[1]),
          command: stat.slice(stat.indexOf('(') + 1, close),
          rssBytes: Number(fields[21]) * pageBytes,
        };
      }),
  );
  return table.filter((entry): entry is ProcessEntry => entry !== undefined);
}

function treeOf(table: ProcessEntry[], rootPid: number): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table) children.set(entry.ppid, [...(children.get(entry.ppid) ?? []), entry]);
  const tree = table.filter((entry) => entry.pid === rootPid);
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get((tree[i] as ProcessEntry).pid) ?? []));
  return tree;
}

/** Samples until `stop()`, which resolves with the peaks. */
export function sampleMemory(rootPid: number, intervalMs = 250): { stop(): Promise<MemoryPeaks> } {
  const peaks: MemoryPeaks = { twinMb: 0, treeMb: 0, byCommand: new Map(), driverMb: 0, samples: 0 };
  let running = true;
  const sampleOnce = async () => {
    peaks.driverMb = Math.max(peaks.driverMb, toMb(process.memoryUsage().rss));
    const tree = treeOf(await processTable(), rootPid);
    const root = tree.find((entry) => entry.pid === rootPid);
    if (!root) return;
    peaks.samples += 1;
    peaks.twinMb = Math.max(peaks.twinMb, toMb(root.rssBytes));
    peaks.treeMb = Math.max(peaks.treeMb, toMb(tree.reduce((sum, entry) => sum + entry.rssBytes, 0)));
    const perCommand = new Map<string, number>();
    for (const entry of tree) perCommand.set(entry.command, (perCommand.get(entry.command) ?? 0) + entry.rssBytes);
    for (const [command, bytes] of perCommand) {
      peaks.byCommand.set(command, Math.max(peaks.byCommand.get(command) ?? 0, toMb(bytes)));
    }
  };
  const loop = (async () => {
    while (running) {
      await sampleOnce().catch(() => undefined);
      await new Promise((resolveWait) => setTimeout(resolveWait, intervalMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peaks;
    },
  };
}
