// Builds the stack the same way for `cdk deploy` (bin/reelfive.ts), the infra tests and the local
// twin, so the tested and emulated stack is the deployed one.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { config } from '#shared/config.ts';
import { checkConfig } from '#shared/config-schema.ts';
import { ReelFiveStack } from './reelfive-stack.ts';
import { type StackParameters, validateStackParameters } from './stack-parameters.ts';

/** Where `npm run build` writes the site that `cdk deploy` uploads. */
export const builtSiteDir = fileURLToPath(new URL('../web/dist', import.meta.url));

export interface StackOptions {
  /**
   * The built site to upload: `builtSiteDir` unless told otherwise (the infra tests use a small
   * fixture, so they synthesize without a build). Synth fails when it holds no built site. `null`
   * leaves the upload out and is for the twin's template only, which is never deployed.
   */
  siteDir?: string | null;
}

export function createStacks(
  app: App,
  parameters: StackParameters,
  options: StackOptions = {},
): { stack: ReelFiveStack } {
  checkConfig(config);
  // Without account and region the stack stays environment-agnostic and deploys where the CLI's
  // credentials point; no CDK_DEFAULT_* fallback, so the template does not depend on who synthesized it.
  const env =
    parameters.account || parameters.region ? { account: parameters.account, region: parameters.region } : undefined;
  const stack = new ReelFiveStack(app, `ReelFive-${parameters.stage}`, {
    parameters,
    siteDir: options.siteDir === undefined ? builtSiteDir : options.siteDir,
    env,
    description: `ReelFive (${parameters.stage}): $5 AI video ads — site, API, generation, realtime`,
  });
  return { stack };
}

/** Stand-ins for the twin: it overrides the site URL and secrets with its own local values. */
export const localStackParameters: StackParameters = validateStackParameters(
  {
    stage: 'local',
    domainName: 'localhost',
    mailFrom: 'orders@reelfive.local',
    stripeSecretName: 'reelfive/local/stripe-secret-key',
    stripeWebhookSecretName: 'reelfive/local/stripe-webhook-secret',
    alarmEmail: 'ops@reelfive.local',
  },
  'local twin',
);

/**
 * The CloudFormation template of the local stack, without bundling any Lambda: the twin reads
 * its tables, buckets, state machine ASL and each function's Environment.
 */
// biome-ignore lint/suspicious/noExplicitAny: a CloudFormation template is free-form JSON
export function synthesizeTwinTemplate(): Record<string, any> {
  // Neither bundles nor the built-in template validation: bin/ and the infra tests do both.
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] }, builtinCloudFormationValidation: false });
  // The twin serves web/dist itself, so its template has no upload and needs no build.
  const { stack } = createStacks(app, localStackParameters, { siteDir: null });
  const assembly = app.synth();
  try {
    return assembly.getStackArtifact(stack.artifactId).template;
  } finally {
    rmSync(assembly.directory, { recursive: true, force: true });
  }
}
