// The real `cdk` CLI on the real cdk.json and bin/: `-c <name>=<value>` reaches the deployed template
// as docs/deploy.md says, and a deployed stage without a certificate is refused. The site is web/dist
// (built by this project's globalSetup); bundling is skipped (REELFIVE_SKIP_BUNDLING), so these
// templates are for reading only.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concurrencyQuotaMessage } from '#lib/api/api.ts';
import { envNames } from '#shared/runtime-env.ts';

const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));
const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0b5e9c1e-3f2a-4c1d-9a7e-2f1d3c4b5a69';
/** A synth takes 6 s on an idle 2-core machine and 30 s while other suites run beside it. */
const synthTimeout = 90_000;

let outputRoot = '';
beforeAll(async () => {
  outputRoot = await mkdtemp(join(tmpdir(), 'reelfive-cdk-synth-'));
});
afterAll(() => rm(outputRoot, { recursive: true, force: true }));

interface SynthRun {
  code: number;
  stderr: string;
  // biome-ignore lint/suspicious/noExplicitAny: a CloudFormation template is free-form JSON
  template: Record<string, any> | undefined;
  /** The stage's us-east-1 stack (lib/edge). */
  // biome-ignore lint/suspicious/noExplicitAny: a CloudFormation template is free-form JSON
  edgeTemplate: Record<string, any> | undefined;
  /** Each stack's environment as the cloud assembly records it (`aws://<account>/<region>`). */
  environments: Record<string, string>;
}

/** `npx cdk synth --quiet` with these `-c` values, into its own directory (not the shared cdk.out). */
async function synth(stage: string, context: Record<string, string>): Promise<SynthRun> {
  const outdir = await mkdtemp(join(outputRoot, `${stage}-`));
  const args = ['cdk', 'synth', '--quiet', '--no-notices', '-o', outdir, '-c', `stage=${stage}`];
  for (const [name, value] of Object.entries(context)) args.push('-c', `${name}=${value}`);
  return new Promise((resolve) => {
    execFile(
      'npx',
      args,
      {
        cwd: projectRoot,
        // No AWS credentials or defaults: synth is offline, and the stack stays environment-agnostic.
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          REELFIVE_SKIP_BUNDLING: '1',
          CDK_DISABLE_CLI_TELEMETRY: 'true',
          AWS_EC2_METADATA_DISABLED: 'true',
        },
        timeout: synthTimeout,
      },
      async (error, _stdout, stderr) => {
        const readJson = (file: string) =>
          readFile(join(outdir, file), 'utf8').then(
            (text) => JSON.parse(text),
            () => undefined,
          );
        const manifest = await readJson('manifest.json');
        const environments = Object.fromEntries(
          Object.entries((manifest?.artifacts ?? {}) as Record<string, { type: string; environment?: string }>)
            .filter(([, artifact]) => artifact.type === 'aws:cloudformation:stack')
            .map(([name, artifact]) => [name, artifact.environment ?? '']),
        );
        resolve({
          code: error ? Number(error.code ?? 1) : 0,
          stderr,
          template: await readJson(`ReelFive-${stage}.template.json`),
          edgeTemplate: await readJson(`ReelFive-${stage}-edge.template.json`),
          environments,
        });
      },
    );
  });
}

// biome-ignore lint/suspicious/noExplicitAny: a CloudFormation template is free-form JSON
function resourcesOf(template: Record<string, any> | undefined, type: string): [string, any][] {
  return Object.entries(template?.Resources ?? {}).filter(
    ([, resource]) => (resource as { Type: string }).Type === type,
  );
}

function distributionOf(run: SynthRun) {
  return resourcesOf(run.template, 'AWS::CloudFront::Distribution')[0]?.[1].Properties.DistributionConfig;
}

describe('cdk synth with -c overrides', { timeout: synthTimeout }, () => {
  it('synthesizes prod with the certificate, the copywriter and the reserved renders from the command line', async () => {
    // Act
    const run = await synth('prod', { certificateArn, copywriter: 'bedrock', renderReservedConcurrency: '4' });

    // Assess
    expect(run.code, run.stderr).toBe(0);
    expect(distributionOf(run).Aliases).toEqual(['reelfive.com']);
    expect(distributionOf(run).ViewerCertificate).toMatchObject({ AcmCertificateArn: certificateArn });
    const writeStoryboardFunctions = resourcesOf(run.template, 'AWS::Lambda::Function').filter(([id]) =>
      id.startsWith('GenerationWriteStoryboardFunction'),
    );
    expect(
      writeStoryboardFunctions.map(([, resource]) => resource.Properties.Environment.Variables[envNames.copywriter]),
    ).toEqual(['bedrock']);
  });

  it('synthesizes prod as the site stack and its us-east-1 edge stack, the distribution behind the edge web ACL', async () => {
    // Act: no account or region given, so the site stack stays environment-agnostic.
    const run = await synth('prod', { certificateArn });

    // Assess
    expect(run.code, run.stderr).toBe(0);
    expect(run.environments).toEqual({
      'ReelFive-prod': 'aws://unknown-account/unknown-region',
      'ReelFive-prod-edge': 'aws://unknown-account/us-east-1',
    });
    expect(resourcesOf(run.edgeTemplate, 'AWS::WAFv2::WebACL').map(([, acl]) => acl.Properties.Scope)).toEqual([
      'CLOUDFRONT',
    ]);
    expect(distributionOf(run).WebACLId).toEqual({
      'Fn::GetStackOutput': { StackName: 'ReelFive-prod-edge', OutputName: 'WebAclArn', Region: 'us-east-1' },
    });
    // cdk.json's prod block names no restricted Stripe keys.
    expect(run.stderr).toContain('reelfive:stripeKeysUnrestricted');
    // The account's concurrency quota the preview's throttle is sized for (shared/routes.ts).
    expect(run.stderr).toContain(concurrencyQuotaMessage('ReelFive-prod'));
  });

  it('synthesizes staging on its cdk.json domain with the certificate given as -c certificateArn', async () => {
    // Act
    const run = await synth('staging', { certificateArn });

    // Assess
    expect(run.code, run.stderr).toBe(0);
    expect(distributionOf(run).Aliases).toEqual(['staging.reelfive.com']);
    expect(distributionOf(run).ViewerCertificate).toMatchObject({ AcmCertificateArn: certificateArn });
  });

  it('refuses staging without a certificate, saying why and how to give one', async () => {
    // Act
    const run = await synth('staging', {});

    // Assess
    expect(run.code).not.toBe(0);
    expect(run.template).toBeUndefined();
    expect(run.stderr).toContain('certificateArn is required for every deployed stage');
    expect(run.stderr).toContain('-c certificateArn=arn:aws:acm:us-east-1:<account>:certificate/<id>');
  });
});
