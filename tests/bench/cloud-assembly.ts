// `cdk synth` of the staging stack exactly as bin/ deploys it (bundling and cdk-nag included), into
// a temporary cloud assembly outside the project: no node_modules lies above it, so a bundle that
// imports what it does not carry (it carries the AWS SDK) fails there as it would in Lambda. The
// cold-init and cost groups read the assembly; the bench removes it at the end.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { CloudFormationTemplate } from '#local/cloudformation/template.ts';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * cdk.json's staging block has no certificate (the real one is given with -c at deploy time), and
 * synth refuses a deployed stage without one. Its value changes no bundle and no function.
 */
const placeholderCertificateArn = 'arn:aws:acm:us-east-1:000000000000:certificate/00000000-0000-0000-0000-000000000000';

export interface AssetManifest {
  files: Record<
    string,
    {
      displayName?: string;
      source: { path: string; packaging?: string };
      destinations: Record<string, { objectKey: string }>;
    }
  >;
}

export interface CloudAssembly {
  directory: string;
  stackName: string;
  template: CloudFormationTemplate;
  assets: AssetManifest;
  /** How long `cdk synth` took, bundling and cdk-nag included. */
  synthSeconds: number;
  remove(): Promise<void>;
}

export async function synthesizeStaging(): Promise<CloudAssembly> {
  const directory = await mkdtemp(join(tmpdir(), 'reelfive-bench-cdk-'));
  const remove = () => rm(directory, { recursive: true, force: true });
  const began = performance.now();
  const synth = spawnSync(
    'npx',
    [
      'cdk',
      'synth',
      '--quiet',
      '-c',
      'stage=staging',
      '-c',
      `certificateArn=${placeholderCertificateArn}`,
      '--output',
      directory,
    ],
    { cwd: projectRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const synthSeconds = (performance.now() - began) / 1000;
  if (synth.status !== 0) {
    await remove();
    throw new Error(`cdk synth failed: ${(synth.stderr || synth.stdout).slice(-600)}`);
  }
  const stackName = 'ReelFive-staging';
  const readJson = async (file: string) => JSON.parse(await readFile(join(directory, file), 'utf8'));
  return {
    directory,
    stackName,
    template: await readJson(`${stackName}.template.json`),
    assets: await readJson(`${stackName}.assets.json`),
    synthSeconds,
    remove,
  };
}
