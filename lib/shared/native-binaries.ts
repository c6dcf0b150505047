// What machine a native file (program, shared library, Node addon) was built for, read from its
// first bytes, and the synth-time rule built on it: every native file a Lambda carries is an ELF
// for the function's architecture. That code comes from optional platform packages, which npm
// silently skips on a machine of another OS or CPU (a Mac, an ARM laptop).
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';

export type LambdaArchitecture = 'x86_64' | 'arm64';

export type BinaryFormat =
  | { format: 'elf'; bits: 32 | 64; endian: 'little' | 'big'; machine: number }
  | { format: 'mach-o'; cpu: number | 'universal' }
  | { format: 'pe' }
  | { format: 'not native' };

/** Bytes needed to tell the formats apart (an ELF header's e_machine ends at 20). */
const headerBytes = 20;

/** e_machine values (ELF gABI) of the CPUs npm packages ship for. */
const elfMachines = new Map([
  [0x03, 'x86'],
  [0x14, 'ppc'],
  [0x15, 'ppc64'],
  [0x16, 's390x'],
  [0x28, 'arm'],
  [0x3e, 'x86_64'],
  [0xb7, 'aarch64'],
  [0xf3, 'riscv'],
]);
const lambdaElfMachine: Record<LambdaArchitecture, number> = { x86_64: 0x3e, arm64: 0xb7 };
/** What npm calls the CPU (`--cpu`, package.json `cpu`). */
const npmCpu: Record<LambdaArchitecture, string> = { x86_64: 'x64', arm64: 'arm64' };

/** Mach-O cputype values (mach/machine.h). */
const machOCpus = new Map([
  [0x7, 'x86'],
  [0x01000007, 'x86_64'],
  [0xc, 'arm'],
  [0x0100000c, 'arm64'],
]);

export function readBinaryFormat(header: Uint8Array): BinaryFormat {
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const word = (offset: number, littleEndian: boolean) =>
    header.length >= offset + 4 ? view.getUint32(offset, littleEndian) : undefined;
  if (word(0, false) === 0x7f454c46 && header.length >= headerBytes) {
    const endian = header[5] === 2 ? 'big' : 'little';
    return {
      format: 'elf',
      bits: header[4] === 2 ? 64 : 32,
      endian,
      machine: view.getUint16(18, endian === 'little'),
    };
  }
  const magic = word(0, false);
  if (magic === 0xcafebabe) return { format: 'mach-o', cpu: 'universal' };
  if (magic === 0xfeedface || magic === 0xfeedfacf) return { format: 'mach-o', cpu: word(4, false) ?? 0 };
  if (magic === 0xcefaedfe || magic === 0xcffaedfe) return { format: 'mach-o', cpu: word(4, true) ?? 0 };
  if (header[0] === 0x4d && header[1] === 0x5a) return { format: 'pe' };
  return { format: 'not native' };
}

export function describeBinaryFormat(binary: BinaryFormat): string {
  switch (binary.format) {
    case 'elf': {
      const machine = elfMachines.get(binary.machine) ?? `machine 0x${binary.machine.toString(16)}`;
      return `ELF ${binary.bits}-bit ${binary.endian}-endian ${machine}`;
    }
    case 'mach-o':
      return binary.cpu === 'universal'
        ? 'Mach-O universal (macOS)'
        : `Mach-O ${machOCpus.get(binary.cpu) ?? `cpu 0x${binary.cpu.toString(16)}`} (macOS)`;
    case 'pe':
      return 'PE (Windows)';
    case 'not native':
      return 'not a native binary';
  }
}

export function isLambdaBinary(binary: BinaryFormat, architecture: LambdaArchitecture): boolean {
  return (
    binary.format === 'elf' &&
    binary.bits === 64 &&
    binary.endian === 'little' &&
    binary.machine === lambdaElfMachine[architecture]
  );
}

/** What `architecture`'s Lambda needs, in the words describeBinaryFormat uses. */
function lambdaBinaryName(architecture: LambdaArchitecture): string {
  return describeBinaryFormat({ format: 'elf', bits: 64, endian: 'little', machine: lambdaElfMachine[architecture] });
}

/** Names that are native code whatever their bytes say: Node addons and shared libraries. */
const nativeFileName = /\.(node|so(\.\d+)*|dylib|dll)$/;

export function readHeader(path: string): Uint8Array {
  const header = new Uint8Array(headerBytes);
  const file = openSync(path, 'r');
  try {
    return header.subarray(0, readSync(file, header, 0, headerBytes, 0));
  } finally {
    closeSync(file);
  }
}

/** Every native file under `dir` (by name or by its first bytes), relative to `dir`. */
export function findNativeFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(join(dir, file)).isFile())
    .filter(
      (file) => nativeFileName.test(file) || readBinaryFormat(readHeader(join(dir, file))).format !== 'not native',
    )
    .sort();
}

/** Why `path` cannot run in `architecture`'s Lambda, or undefined when it can. */
export function nativeBinaryProblem(path: string, architecture: LambdaArchitecture): string | undefined {
  let header: Uint8Array;
  try {
    header = readHeader(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  const binary = readBinaryFormat(header);
  return isLambdaBinary(binary, architecture)
    ? undefined
    : `${describeBinaryFormat(binary)}, not ${lambdaBinaryName(architecture)}`;
}

/** The synth error: which files, what they are, and how to install the Linux builds. */
export function nativeBinariesError(
  owner: string,
  architecture: LambdaArchitecture,
  problems: readonly { file: string; problem: string }[],
): Error {
  const cpu = npmCpu[architecture];
  return new Error(
    [
      `${owner} carries native code that Lambda (linux ${architecture}) cannot run:`,
      ...problems.map(({ file, problem }) => `  - ${file}: ${problem}`),
      'These files come from optional platform packages, which npm installs only for the machine it runs on.',
      `Synthesize and deploy from linux-${cpu} (CI or a container), or install the Linux builds here with`,
      `\`npm ci --os=linux --cpu=${cpu} --libc=glibc\` (or os=linux, cpu=${cpu}, libc=glibc in .npmrc);`,
      "that replaces this machine's own builds: run plain `npm ci` again to render locally.",
    ].join('\n'),
  );
}
