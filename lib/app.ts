// Builds the stack the same way for `cdk deploy` (bin/reelfive.ts), the infra tests and the local
// twin, so the tested and emulated stack is the deployed one.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { App, Fn } from 'aws-cdk-lib';
import { config, generationConfig, serviceLimits } from '#shared/config.ts';
import { checkConfig } from '#shared/config-schema.ts';
import { EdgeStack, edgeRegion, webAclArnOutput } from './edge/edge-stack.ts';
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

/**
 * The stage's stacks: `ReelFive-<stage>`, and for deployed stages `ReelFive-<stage>-edge` in
 * us-east-1 with the WAF web ACL of its CloudFront distribution, deployed first. The twin's `local`
 * stage has no edge stack: its per-IP limits stand in for WAF, and its template is never deployed.
 */
export function createStacks(
  app: App,
  parameters: StackParameters,
  options: StackOptions = {},
): { stack: ReelFiveStack; edge: EdgeStack | undefined } {
  checkConfig(config, generationConfig, serviceLimits);
  // Without account and region the stack stays environment-agnostic and deploys where the CLI's
  // credentials point; no CDK_DEFAULT_* fallback, so the template does not depend on who synthesized it.
  const env =
    parameters.account || parameters.region ? { account: parameters.account, region: parameters.region } : undefined;
  const stackName = `ReelFive-${parameters.stage}`;
  const edge =
    parameters.stage === 'local'
      ? undefined
      : new EdgeStack(app, `${stackName}-edge`, {
          env: { account: parameters.account, region: edgeRegion },
          webAclName: stackName,
          alarmEmail: parameters.alarmEmail,
          description: `ReelFive (${parameters.stage}): the AWS WAF web ACL of the site's CloudFront distribution (us-east-1)`,
        });
  const stack = new ReelFiveStack(app, stackName, {
    parameters,
    siteDir: options.siteDir === undefined ? builtSiteDir : options.siteDir,
    // Read by CloudFormation from the edge stack's output when the site's stack deploys: unlike a
    // CDK cross-region reference (crossRegionReferences), it needs neither the site stack's region
    // at synth nor a custom resource, so an environment-agnostic stage keeps working.
    webAclArn: edge ? Fn.getStackOutput(edge.stackName, webAclArnOutput, edgeRegion) : undefined,
    env,
    description: `ReelFive (${parameters.stage}): $5 AI video ads — site, API, generation, realtime`,
  });
  // `cdk deploy` deploys the edge stack first, and `cdk destroy` removes the site (and so frees the
  // web ACL) before it.
  if (edge) stack.addStackDependency(edge, "the CloudFront distribution uses the edge stack's web ACL");
  return { stack, edge };
}

/** Stand-ins for the twin: it overrides the site URL and secrets with its own local values. */
export const localStackParameters: StackParameters = validateStackParameters(
  {
    stage: 'local',
    domainName: 'localhost',
    mailFrom: 'orders@reelfive.local',
    stripeSecretName: 'reelfive/local/stripe-secret-key',
    stripeWebhookSecretName: 'reelfive/local/stripe-webhook-secret',
    c2paSignerSecretName: 'reelfive/local/c2pa-signer',
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
