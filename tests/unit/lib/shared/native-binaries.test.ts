// The synth-time rule that a Lambda's native code is ELF for its architecture, checked on
// hand-made headers: no other platform's packages are ever installed for these tests.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeBinaryFormat,
  findNativeFiles,
  isLambdaBinary,
  nativeBinariesError,
  nativeBinaryProblem,
  readBinaryFormat,
} from '#lib/shared/native-binaries.ts';

/** The first 20 bytes of an ELF file: magic, class, data (endianness), version, e_type, e_machine. */
function elfHeader(options: { bits: 32 | 64; endian: 'little' | 'big'; machine: number }): Uint8Array {
  const header = new Uint8Array(64);
  header.set([0x7f, 0x45, 0x4c, 0x46, options.bits === 64 ? 2 : 1, options.endian === 'little' ? 1 : 2, 1]);
  const view = new DataView(header.buffer);
  view.setUint16(16, 3, options.endian === 'little'); // ET_DYN
  view.setUint16(18, options.machine, options.endian === 'little');
  return header;
}

/** A Mach-O header as macOS writes it on Intel and Apple silicon (little-endian). */
function machOHeader(cpuType: number): Uint8Array {
  const header = new Uint8Array(32);
  const view = new DataView(header.buffer);
  view.setUint32(0, 0xfeedfacf, true);
  view.setUint32(4, cpuType, true);
  return header;
}

const elfX64 = elfHeader({ bits: 64, endian: 'little', machine: 0x3e });
const elfArm64 = elfHeader({ bits: 64, endian: 'little', machine: 0xb7 });
const text = (value: string) => new TextEncoder().encode(value);

describe('what a native file was built for, from its first bytes', () => {
  it('accepts a 64-bit little-endian ELF of the function architecture and nothing else', () => {
    expect(isLambdaBinary(readBinaryFormat(elfX64), 'x86_64')).toBe(true);
    expect(isLambdaBinary(readBinaryFormat(elfArm64), 'arm64')).toBe(true);
    expect(isLambdaBinary(readBinaryFormat(elfArm64), 'x86_64')).toBe(false);
    expect(isLambdaBinary(readBinaryFormat(elfX64), 'arm64')).toBe(false);
  });

  it('names ELF files by class, byte order and machine', () => {
    expect(describeBinaryFormat(readBinaryFormat(elfX64))).toBe('ELF 64-bit little-endian x86_64');
    expect(describeBinaryFormat(readBinaryFormat(elfArm64))).toBe('ELF 64-bit little-endian aarch64');
    expect(describeBinaryFormat(readBinaryFormat(elfHeader({ bits: 32, endian: 'little', machine: 0x03 })))).toBe(
      'ELF 32-bit little-endian x86',
    );
    expect(describeBinaryFormat(readBinaryFormat(elfHeader({ bits: 64, endian: 'big', machine: 0x16 })))).toBe(
      'ELF 64-bit big-endian s390x',
    );
  });

  it('refuses a 32-bit x86 ELF for an x86_64 function', () => {
    const x86 = readBinaryFormat(elfHeader({ bits: 32, endian: 'little', machine: 0x03 }));

    expect(isLambdaBinary(x86, 'x86_64')).toBe(false);
  });

  it('recognises macOS and Windows binaries', () => {
    expect(describeBinaryFormat(readBinaryFormat(machOHeader(0x0100000c)))).toBe('Mach-O arm64 (macOS)');
    expect(describeBinaryFormat(readBinaryFormat(machOHeader(0x01000007)))).toBe('Mach-O x86_64 (macOS)');
    expect(describeBinaryFormat(readBinaryFormat(Uint8Array.of(0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2)))).toBe(
      'Mach-O universal (macOS)',
    );
    expect(describeBinaryFormat(readBinaryFormat(text('MZ\x90\0')))).toBe('PE (Windows)');
  });

  it('calls scripts, text and empty files not native', () => {
    for (const bytes of [
      text('#!/bin/sh\nexec ffmpeg'),
      text('module.exports = 1'),
      new Uint8Array(),
      text('\x7fEL'),
    ]) {
      expect(readBinaryFormat(bytes)).toEqual({ format: 'not native' });
    }
  });
});

describe('native files on disk', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'native-binaries-'));
    await mkdir(join(dir, 'pkg/lib'), { recursive: true });
    await writeFile(join(dir, 'pkg/lib/addon-linux-x64.node'), elfX64);
    await writeFile(join(dir, 'pkg/lib/libvips-cpp.so.8.18.7'), elfX64);
    await writeFile(join(dir, 'pkg/lib/addon-darwin-arm64.node'), machOHeader(0x0100000c));
    await writeFile(join(dir, 'pkg/ffprobe'), elfArm64);
    await writeFile(join(dir, 'pkg/index.js'), 'module.exports = require("./lib/addon.node");');
    await writeFile(join(dir, 'pkg/README.md'), '# addon');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('finds native files by name (addons, shared libraries) and by their bytes (programs)', () => {
    expect(findNativeFiles(join(dir, 'pkg'))).toEqual([
      'ffprobe',
      'lib/addon-darwin-arm64.node',
      'lib/addon-linux-x64.node',
      'lib/libvips-cpp.so.8.18.7',
    ]);
  });

  it('says what a file is instead of the ELF the function needs, or that it is missing', () => {
    expect(nativeBinaryProblem(join(dir, 'pkg/lib/addon-linux-x64.node'), 'x86_64')).toBeUndefined();
    expect(nativeBinaryProblem(join(dir, 'pkg/lib/addon-darwin-arm64.node'), 'x86_64')).toBe(
      'Mach-O arm64 (macOS), not ELF 64-bit little-endian x86_64',
    );
    expect(nativeBinaryProblem(join(dir, 'pkg/ffprobe'), 'x86_64')).toBe(
      'ELF 64-bit little-endian aarch64, not ELF 64-bit little-endian x86_64',
    );
    expect(nativeBinaryProblem(join(dir, 'pkg/index.js'), 'arm64')).toBe(
      'not a native binary, not ELF 64-bit little-endian aarch64',
    );
    expect(nativeBinaryProblem(join(dir, 'pkg/ffmpeg'), 'x86_64')).toBe('missing');
  });
});

describe('the synth error', () => {
  it('names each file, what it is, and how to install the Linux builds for the architecture', () => {
    const error = nativeBinariesError('Stack/Generation/RenderFunction', 'x86_64', [
      { file: 'node_modules/@ffmpeg-installer/linux-x64/ffmpeg', problem: 'missing' },
      { file: 'node_modules/@img/sharp-linux-x64/lib/sharp.node', problem: 'Mach-O arm64 (macOS), not ELF …' },
    ]);

    expect(error.message).toContain('Stack/Generation/RenderFunction carries native code that Lambda (linux x86_64)');
    expect(error.message).toContain('  - node_modules/@ffmpeg-installer/linux-x64/ffmpeg: missing');
    expect(error.message).toContain('  - node_modules/@img/sharp-linux-x64/lib/sharp.node: Mach-O arm64 (macOS)');
    expect(error.message).toContain('npm ci --os=linux --cpu=x64 --libc=glibc');
    expect(nativeBinariesError('Fn', 'arm64', []).message).toContain('npm ci --os=linux --cpu=arm64 --libc=glibc');
  });
});
