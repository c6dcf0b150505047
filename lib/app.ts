// Builds the stack the same way for `cdk deploy` (bin/reelfive.ts), the infra tests and the local
// twin, so the tested and emulated stack is the deployed one.
import { rmSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { ReelFiveStack } from './reelfive-stack.ts';
import { type StackParameters, validateStackParameters } from './stack-parameters.ts';

export function createStacks(app: App, parameters: StackParameters): { stack: ReelFiveStack } {
  const env =
    parameters.account || parameters.region ? { account: parameters.account, region: parameters.region } : undefined;
  const stack = new ReelFiveStack(app, `ReelFive-${parameters.stage}`, {
    parameters,
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
  const { stack } = createStacks(app, localStackParameters);
  const assembly = app.synth();
  try {
    return assembly.getStackArtifact(stack.artifactId).template;
  } finally {
    rmSync(assembly.directory, { recursive: true, force: true });
  }
}
