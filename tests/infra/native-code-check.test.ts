// ReelFiveFunction checks the native code a function carries when its stack is bundled (cdk synth,
// deploy): the check runs before esbuild and names each wrong file. Stacks that skip bundling,
// as these infra tests do, carry no files and skip the check, so they pass on any machine.
import { App, Stack } from 'aws-cdk-lib';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { ReelFiveFunction, type ReelFiveFunctionProps } from '#lib/shared/reelfive-function.ts';

/** What a function built on a Mac would carry: the macOS builds, never the Linux ones. */
const carriedFromAMac: ReelFiveFunctionProps = {
  entry: 'generation/render-jobs/render.handler.ts',
  timeoutSeconds: 30,
  description: 'native code check',
  architecture: Architecture.X86_64,
  bundledFiles: [
    { from: 'node_modules/@ffmpeg-installer/darwin-arm64/ffmpeg', to: 'ffmpeg', executable: true },
    // Any file that is not a program stands in for a binary of another platform.
    { from: 'package.json', to: 'ffprobe', executable: true },
  ],
  copiedPackages: ['@img/sharp-darwin-arm64'],
};

describe('native code a function carries', () => {
  it('stops a bundled synth before anything is built, naming each file, what it is and how to install the right one', () => {
    // Prepare: bundling is on for every stack by default, as in `cdk synth`.
    const stack = new Stack(new App(), 'Bundled');

    // Act
    let error: Error | undefined;
    try {
      new ReelFiveFunction(stack, 'Render', carriedFromAMac);
    } catch (thrown) {
      error = thrown as Error;
    }

    // Assess
    expect(error?.message).toMatch(/^Bundled\/Render carries native code that Lambda \(linux x86_64\) cannot run/);
    expect(error?.message).toContain('node_modules/@ffmpeg-installer/darwin-arm64/ffmpeg: missing');
    expect(error?.message).toContain('package.json: not a native binary, not ELF 64-bit little-endian x86_64');
    expect(error?.message).toContain('node_modules/@img/sharp-darwin-arm64: missing');
    expect(error?.message).toContain('npm ci --os=linux --cpu=x64 --libc=glibc');
    expect(stack.node.children).toEqual([]);
  });

  it('is not checked in a stack that skips bundling, whose functions carry nothing', () => {
    // Prepare
    const stack = new Stack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'Unbundled');

    // Act
    const fn = new ReelFiveFunction(stack, 'Render', carriedFromAMac);

    // Assess
    expect(fn.architecture).toBe(Architecture.X86_64);
  });
});
