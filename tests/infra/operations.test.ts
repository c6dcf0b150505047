// The reconciler as deployed: its schedule, its least-privilege role, its alarm, and cdk-nag.
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { createStacks } from '#lib/app.ts';
import type { Notifications } from '#lib/notifications/notifications.ts';
import { Operations, reconcilerFunction } from '#lib/operations/operations.ts';
import type { Payments } from '#lib/payments/payments.ts';
import type { ReelFiveStack } from '#lib/reelfive-stack.ts';
import { type CfnResource, resourceNamed, testParameters, testSiteDir } from './stack.ts';

/** The stack's Operations; added here with the stack's own domain constructs until the stack declares it. */
function operationsOf(stack: ReelFiveStack): Operations {
  const declared = stack.node.tryFindChild('Operations');
  if (declared instanceof Operations) return declared;
  return new Operations(stack, 'Operations', {
    orders: stack.orders,
    uploads: stack.uploads,
    generation: stack.generation,
    payments: stack.node.findChild('Payments') as Payments,
    notifications: stack.node.findChild('Notifications') as Notifications,
  });
}

// As tests/infra/stack.ts builds it, but Operations is added before the first synth.
const parameters = testParameters();
const { stack } = createStacks(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), parameters, {
  siteDir: testSiteDir(parameters),
});
const operations = operationsOf(stack);
const template = Template.fromStack(stack);
const [functionId, reconciler] = resourceNamed(template, 'AWS::Lambda::Function', 'OperationsReconciler');
const [, policy] = resourceNamed(template, 'AWS::IAM::Policy', 'OperationsReconcilerRoleDefaultPolicy');
const statements = policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[];
const actions = statements.flatMap((statement) => statement.Action);

describe('reconciler function', () => {
  it('has a fixed name per stage, so the ops CLI finds the stage through it', () => {
    expect(reconciler.Properties.FunctionName).toBe(`${Stack.of(stack).stackName}-reconciler`);
  });

  it('runs every five minutes with no retries, and finishes before the next run', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: `rate(${reconcilerFunction.everyMinutes} minutes)`,
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [functionId, 'Arn'] } })],
    });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: functionId },
      MaximumRetryAttempts: 0,
    });
    expect(reconciler.Properties.Timeout).toBeLessThan(reconcilerFunction.everyMinutes * 60);
  });

  it('knows the tables, the machine, the secret names of its Stripe keys, the mail sender and the ops topic', () => {
    expect(Object.keys(reconciler.Properties.Environment.Variables)).toEqual(
      expect.arrayContaining([
        'ORDERS_TABLE',
        'RATE_LIMITS_TABLE',
        'STATE_MACHINE_ARN',
        'STRIPE_CHECKOUT_KEY_SECRET_NAME',
        'STRIPE_REFUND_KEY_SECRET_NAME',
        'MAIL_FROM',
        'OPS_TOPIC_ARN',
        'SITE_URL',
        'VIDEOS_BUCKET',
      ]),
    );
  });
});

describe('reconciler permissions', () => {
  it('may query the by_status and by_email_owed indexes and nothing else of the table by query or scan', () => {
    const queries = statements.filter((statement) => [statement.Action].flat().includes('dynamodb:Query'));
    const ordersQuery = queries.find((statement) => JSON.stringify(statement.Resource).includes('OrdersOrdersTable'));

    expect(ordersQuery?.Resource).toEqual(
      ['by_status', 'by_email_owed'].map((index) => ({
        'Fn::Join': ['', [{ 'Fn::GetAtt': [expect.stringMatching(/^OrdersOrdersTable/), 'Arn'] }, `/index/${index}`]],
      })),
    );
    expect(actions).not.toContain('dynamodb:Scan');
  });

  it('may start, describe and stop executions but not delete anything or read videos', () => {
    expect(actions).toEqual(
      expect.arrayContaining(['states:StartExecution', 'states:DescribeExecution', 'states:StopExecution']),
    );
    expect(actions.filter((action) => /Delete(Table|Object)|s3:/.test(action))).toEqual([]);
  });
});

describe('reconciler alarm', () => {
  it('tells ops through the ops topic when any pass fails', () => {
    const [, alarm] = resourceNamed(template, 'AWS::CloudWatch::Alarm', 'OperationsReconcilerErrors') as [
      string,
      CfnResource,
    ];

    expect(alarm.Properties).toMatchObject({
      MetricName: 'Errors',
      Namespace: 'AWS/Lambda',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: functionId } }],
      Threshold: 1,
      AlarmActions: [{ Ref: expect.stringMatching(/^NotificationsOpsTopic/) }],
    });
  });
});

describe('cdk-nag', () => {
  it('finds nothing unacknowledged in the operations construct', () => {
    const report = new AwsSolutionsChecks().validateScope(operations);

    expect(
      report.violations.map(
        (violation) =>
          `${violation.ruleName}: ${violation.violatingResources.map((resource) => resource.constructPath).join(', ')}`,
      ),
    ).toEqual([]);
  });

  it("acknowledges only wildcards over the generation machine's executions", () => {
    const acknowledged = operations.node
      .findAll()
      .flatMap((construct) =>
        construct.node.metadata
          .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
          .flatMap((entry) => Object.keys(entry.data as Record<string, string>)),
      );

    const beyondXRay = acknowledged.filter((id) => !id.includes('[Resource::*]'));
    expect(beyondXRay.length).toBeGreaterThan(0);
    for (const id of beyondXRay) expect(id).toMatch(/AwsSolutions-IAM5\[Resource::arn:[^\]]*:execution:[^\]]+:\*\]$/);
  });
});
