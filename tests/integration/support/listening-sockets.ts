// Which addresses the twin's servers listen on, read from the kernel's socket tables (Linux
// /proc/net/tcp and /proc/net/tcp6) rather than by connecting: a test must never contact an address
// other than 127.0.0.1, and a socket bound to every interface answers on 127.0.0.1 too.
import { readdir, readFile, readlink } from 'node:fs/promises';

export interface ListeningSocket {
  /** Dotted IPv4, or IPv6 in full hex groups (`0000:…:0000` for every interface). */
  address: string;
  port: number;
  family: 'IPv4' | 'IPv6';
  inode: number;
}

/** TCP_LISTEN in the `st` column of /proc/net/tcp*. */
const listenState = '0A';

/** Every TCP socket in the LISTEN state on this machine (this network namespace). */
export async function listeningSockets(): Promise<ListeningSocket[]> {
  const sockets: ListeningSocket[] = [];
  for (const [file, family] of [
    ['/proc/net/tcp', 'IPv4'],
    ['/proc/net/tcp6', 'IPv6'],
  ] as const) {
    const rows = (await readFile(file, 'utf8')).split('\n').slice(1);
    for (const row of rows) {
      const columns = row.trim().split(/\s+/);
      const [localAddress, state, inode] = [columns[1], columns[3], columns[9]];
      if (!localAddress || state !== listenState || !inode) continue;
      const [addressHex = '', portHex = ''] = localAddress.split(':');
      sockets.push({
        address: kernelAddress(addressHex),
        port: Number.parseInt(portHex, 16),
        family,
        inode: Number(inode),
      });
    }
  }
  return sockets;
}

/**
 * The kernel prints an address as 32-bit words in host byte order (little-endian here):
 * 127.0.0.1 is `0100007F`, ::ffff:127.0.0.1 is `0000000000000000FFFF00000100007F`.
 */
function kernelAddress(hex: string): string {
  const bytes = Buffer.from(hex, 'hex');
  for (let word = 0; word < bytes.length; word += 4) bytes.subarray(word, word + 4).reverse();
  if (bytes.length === 4) return [...bytes].join('.');
  return (bytes.toString('hex').match(/.{4}/g) ?? []).join(':');
}

/** The LISTEN sockets held by `rootPid` and every process descended from it (a JVM it started, say). */
export async function listeningSocketsOfProcessTree(rootPid: number): Promise<ListeningSocket[]> {
  const inodes = new Set<number>();
  for (const pid of await processTree(rootPid)) {
    const descriptors = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const descriptor of descriptors) {
      const target = await readlink(`/proc/${pid}/fd/${descriptor}`).catch(() => '');
      const socket = /^socket:\[(\d+)\]$/.exec(target);
      if (socket) inodes.add(Number(socket[1]));
    }
  }
  return (await listeningSockets()).filter((socket) => inodes.has(socket.inode));
}

async function processTree(rootPid: number): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // `pid (comm) state ppid …`; comm may hold spaces and parentheses, so read after the last ')'.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (Number.isInteger(parent)) parents.set(Number(entry), parent);
  }
  const tree = [rootPid];
  for (let index = 0; index < tree.length; index += 1) {
    for (const [pid, parent] of parents) if (parent === tree[index]) tree.push(pid);
  }
  return tree;
}
