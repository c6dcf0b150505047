// Builds the stack the tests assert on through createStacks(), as bin/ does, with Lambda bundling
// skipped (the handlers are other tests' business), a small stand-in for the built site (no
// `npm run build` needed) and prod-like parameters unless told otherwise.
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { createStacks } from '#lib/app.ts';
import type { EdgeStack } from '#lib/edge/edge-stack.ts';
import type { ReelFiveStack } from '#lib/reelfive-stack.ts';
import type { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import { type StackParameters, validateStackParameters } from '#lib/stack-parameters.ts';
import { siteBuildInfo, siteBuildInfoFile } from '#shared/site-build-info.ts';

/** What the site upload deploys in these tests: web/dist's layout in four files, built for engine-only ads. */
const engineOnlySiteDir = fileURLToPath(new URL('./fixtures/site', import.meta.url));

/**
 * The stand-in site built for the stage's footage model, as `cdk deploy` requires (SiteUpload
 * checks .build.json): the fixture itself, or a copy that says it was built for the model.
 */
export function testSiteDir(parameters: Pick<StackParameters, 'footageModel'>): string {
  if (!parameters.footageModel) return engineOnlySiteDir;
  const dir = mkdtempSync(join(tmpdir(), 'reelfive-infra-site-'));
  cpSync(engineOnlySiteDir, dir, { recursive: true });
  writeFileSync(
    join(dir, siteBuildInfoFile),
    JSON.stringify(siteBuildInfo('https://reelfive.com', parameters.footageModel)),
  );
  return dir;
}

export const testCertificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0b5e9c1e-3f2a-4c1d-9a7e-2f1d3c4b5a69';

export function testParameters(overrides: Partial<StackParameters> = {}): StackParameters {
  return validateStackParameters(
    {
      stage: 'prod',
      domainName: 'reelfive.com',
      certificateArn: testCertificateArn,
      mailFrom: 'orders@reelfive.com',
      stripeSecretName: 'reelfive/prod/stripe-secret-key',
      stripeWebhookSecretName: 'reelfive/prod/stripe-webhook-secret',
      c2paSignerSecretName: 'reelfive/prod/c2pa-signer',
      alarmEmail: 'ops@reelfive.com',
      account: '123456789012',
      region: 'eu-west-1',
      ...overrides,
    },
    'infra tests',
  );
}

export interface BuiltStack {
  app: App;
  stack: ReelFiveStack;
  template: Template;
  /** The stage's us-east-1 stack with the WAF web ACL (lib/edge); none on the local stage. */
  edge?: EdgeStack;
  edgeTemplate?: Template;
}

/** `validateTemplate` runs CloudFormation's own rules on synth (slow: one test file does it). */
export function buildStack(parameters = testParameters(), options: { validateTemplate?: boolean } = {}): BuiltStack {
  const app = new App({
    context: {
      'aws:cdk:bundling-stacks': [],
      ...(options.validateTemplate ? { '@aws-cdk/core:validateAgainstDefaultRules': true } : {}),
    },
    builtinCloudFormationValidation: options.validateTemplate ?? false,
  });
  const { stack, edge } = createStacks(app, parameters, { siteDir: testSiteDir(parameters) });
  return {
    app,
    stack,
    template: Template.fromStack(stack),
    edge,
    edgeTemplate: edge ? Template.fromStack(edge) : undefined,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: CloudFormation resources are free-form JSON
export type CfnResource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };

/** The one resource of `type` whose logical id starts with `prefix` (construct path without hash). */
export function resourceNamed(template: Template, type: string, prefix: string): [string, CfnResource] {
  const found = Object.entries(template.findResources(type) as Record<string, CfnResource>).filter(([id]) =>
    id.startsWith(prefix),
  );
  if (found.length !== 1) throw new Error(`Expected one ${type} named ${prefix}*, found ${found.length}`);
  return found[0] as [string, CfnResource];
}

export interface PolicyStatement {
  Action: string | string[];
  Resource: unknown;
  Effect: string;
}

/** Every statement of the IAM policies attached to a function's own role. */
export function statementsOf(built: Pick<BuiltStack, 'stack' | 'template'>, fn: ReelFiveFunction): PolicyStatement[] {
  const roleId = built.stack.getLogicalId(fn.executionRole.node.defaultChild as CfnElement);
  return Object.values(built.template.findResources('AWS::IAM::Policy'))
    .filter((policy) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
}
