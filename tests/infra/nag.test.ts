// cdk-nag's AWS Solutions rules and CloudFormation's own template rules, on the stages bin/ deploys.
import { type Stack, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { buildStack, testParameters } from './stack.ts';

// Synthesizing with `validateTemplate` throws on any CloudFormation rule error.
const stages = {
  prod: buildStack(testParameters(), { validateTemplate: true }),
  'staging without a certificate': buildStack(testParameters({ stage: 'staging', certificateArn: undefined }), {
    validateTemplate: true,
  }),
};

it('needs no acknowledgement of a missing WAF on a deployed stage', () => {
  for (const { stack } of Object.values(stages)) {
    expect(acknowledgements(stack).filter(({ id }) => id === 'AwsSolutions-CFR2')).toEqual([]);
  }
});

function acknowledgements(root: IConstruct): { path: string; id: string; reason: string }[] {
  return root.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, string>).map(([id, reason]) => ({
          path: construct.node.path,
          id,
          reason,
        })),
      ),
  );
}

/** Each stage's site stack and its us-east-1 edge stack, which `cdk deploy` checks alike. */
const stacks: [string, Stack][] = Object.entries(stages).flatMap(([stage, { stack, edge }]) => [
  [stage, stack],
  ...(edge ? [[`${stage} edge`, edge] as [string, Stack]] : []),
]);

describe.each(stacks)('%s stack', (_stage, stack) => {
  it('has no unacknowledged cdk-nag AWS Solutions errors or warnings', () => {
    // Act
    const report = new AwsSolutionsChecks().validateScope(stack);

    // Assess
    const findings = report.violations.map(
      (violation) =>
        `${violation.severity} ${violation.ruleName}: ${violation.violatingResources.map((resource) => resource.constructPath).join(', ')}`,
    );
    expect(findings).toEqual([]);
  });

  it('gives every acknowledgement a reason a reviewer can check', () => {
    const acknowledged = acknowledgements(stack);

    expect(acknowledged.length).toBeGreaterThan(0);
    for (const { id, reason, path } of acknowledged) {
      expect(reason.length, `${id} at ${path}`).toBeGreaterThan(60);
      expect(reason, `${id} at ${path}`).not.toMatch(/TODO|TBD|suppress/i);
    }
  });

  it('acknowledges IAM wildcards one finding at a time, never the whole rule', () => {
    const iam5 = acknowledgements(stack).filter(({ id }) => id.includes('AwsSolutions-IAM5'));

    // Action wildcards only where aws-cdk-lib grants them itself (BucketDeployment's handler role).
    for (const { id, path } of iam5) {
      expect(id).toMatch(/AwsSolutions-IAM5\[(Resource|Action)::.+\]$/);
      if (id.includes('[Action::')) expect(path).toMatch(/\/Site\/Upload\/HandlerRole$/);
    }
  });
});
