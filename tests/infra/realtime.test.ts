// Live order status in CDK: the Events API's key and its renewer, the `orders` namespace, the
// onSubscribe rule as deployed (run in the twin's APPSYNC_JS sandbox), and the stream publisher
// with its retries, on-failure queue, alarm and IAM scope. Built from the same constructs the
// stack uses, in a stack of their own, so these assertions hold whatever else the stack wires.
import { randomUUID } from 'node:crypto';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { Orders } from '#lib/orders/orders.ts';
import { Realtime } from '#lib/realtime/realtime.ts';
import { opsFunctions } from '#lib/shared/ops-functions.ts';
import { loadOnSubscribe } from '#local/appsync-events/channels.ts';
import { orderChannelHandlerCode } from '#shared/order-channel.ts';
import { type CfnResource, resourceNamed } from './stack.ts';

function buildRealtimeStack(options: { validateTemplate?: boolean } = {}) {
  const app = new App({
    context: {
      'aws:cdk:bundling-stacks': [],
      ...(options.validateTemplate ? { '@aws-cdk/core:validateAgainstDefaultRules': true } : {}),
    },
    builtinCloudFormationValidation: options.validateTemplate ?? false,
  });
  const stack = new Stack(app, 'RealtimeUnderTest', { env: { account: '123456789012', region: 'eu-west-1' } });
  const orders = new Orders(stack, 'Orders', { retainData: false });
  const opsTopic = new Topic(stack, 'OpsTopic', { enforceSSL: true });
  const realtime = new Realtime(stack, 'Realtime');
  realtime.publishOrderChanges({ ordersTable: orders.ordersTable, alarmTopic: opsTopic });
  return { app, stack, template: Template.fromStack(stack) };
}

const { stack, template } = buildRealtimeStack();
const [ordersTableId] = resourceNamed(template, 'AWS::DynamoDB::GlobalTable', 'OrdersOrdersTable');
const [queueId, queue] = resourceNamed(template, 'AWS::SQS::Queue', 'RealtimeOrderChangesPublisherFailedRecords');
const [functionId, publisherFunction] = resourceNamed(
  template,
  'AWS::Lambda::Function',
  'RealtimeOrderChangesPublisherFunction',
);
const [, namespace] = resourceNamed(template, 'AWS::AppSync::ChannelNamespace', 'RealtimeOrdersNamespace');
const [eventApiId] = resourceNamed(template, 'AWS::AppSync::Api', 'RealtimeEventApi');

describe('Events API', () => {
  it('writes no expiry for the browser key: it would change with every synth, and the renewer sets it', () => {
    const [, apiKey] = resourceNamed(template, 'AWS::AppSync::ApiKey', 'RealtimeEventApi');

    expect(apiKey.Properties).toEqual({ ApiId: { 'Fn::GetAtt': [eventApiId, 'ApiId'] } });
  });

  it('lets browsers subscribe to `orders` with the API key and only IAM principals publish', () => {
    expect(namespace.Properties.Name).toBe('orders');
    expect(namespace.Properties.SubscribeAuthModes).toEqual([{ AuthType: 'API_KEY' }]);
    expect(namespace.Properties.PublishAuthModes).toEqual([{ AuthType: 'AWS_IAM' }]);
  });

  it('deploys the onSubscribe handler the twin runs', () => {
    expect(namespace.Properties.CodeHandlers).toBe(orderChannelHandlerCode);
    expect(namespace.Properties.CodeHandlers).toMatch(/export function onSubscribe\(ctx\)/);
  });
});

describe('the deployed onSubscribe handler, run as APPSYNC_JS with a stand-in util', () => {
  const onSubscribe = loadOnSubscribe(namespace.Properties.CodeHandlers);
  const refused = { errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.' };

  it('allows one order’s channel', () => {
    expect(onSubscribe(`/orders/${randomUUID()}`)).toBeNull();
  });

  it.each([
    ['a namespace wildcard', '/orders/*'],
    ['a deeper wildcard', `/orders/${randomUUID()}/*`],
    ['a channel that is not an order id', '/orders/everything'],
    ['an order id with an extra segment', `/orders/${randomUUID()}/more`],
    ['the namespace alone', '/orders'],
    ['an upper-case id (ids are lower-case UUIDs)', `/orders/${randomUUID().toUpperCase()}`],
  ])('refuses %s', (_case, channel) => {
    expect(onSubscribe(channel)).toEqual(refused);
  });
});

describe('API key renewer', () => {
  const [renewerId, renewer] = resourceNamed(template, 'AWS::Lambda::Function', 'RealtimeApiKeyRenewerFunction');
  const [apiKeyId] = resourceNamed(template, 'AWS::AppSync::ApiKey', 'RealtimeEventApi');

  it(`runs every ${opsFunctions.apiKeyRenewer.everyHours} hours, well within the 7 days AppSync gives a new key`, () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: `rate(${opsFunctions.apiKeyRenewer.everyHours} hours)`,
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [renewerId, 'Arn'] } })],
    });
    expect(opsFunctions.apiKeyRenewer.everyHours).toBeLessThanOrEqual(24);
  });

  it('is told the key by its ARN (the Ref), which names the API and the key', () => {
    expect(renewer.Properties.Environment.Variables.EVENTS_API_KEY_ARN).toEqual({ Ref: apiKeyId });
  });

  it('may update API keys and do nothing else with AppSync', () => {
    const [, policy] = resourceNamed(template, 'AWS::IAM::Policy', 'RealtimeApiKeyRenewerFunctionRoleDefaultPolicy');
    const statements = policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[];
    const appSync = statements.filter((statement) => JSON.stringify(statement.Action).includes('appsync:'));

    expect(appSync).toEqual([{ Action: 'appsync:UpdateApiKey', Effect: 'Allow', Resource: '*' }]);
  });
});

describe('order changes publisher', () => {
  it('follows the orders stream from LATEST in batches of 10, retrying alone what failed', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: functionId },
      EventSourceArn: { 'Fn::GetAtt': [ordersTableId, 'StreamArn'] },
      StartingPosition: 'LATEST',
      BatchSize: 10,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 3,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
  });

  it('is only invoked for inserts and modifications', () => {
    const [, mapping] = resourceNamed(template, 'AWS::Lambda::EventSourceMapping', 'RealtimeOrderChangesPublisher');
    const patterns = mapping.Properties.FilterCriteria.Filters.map((filter: { Pattern: string }) =>
      JSON.parse(filter.Pattern),
    );

    expect(patterns).toEqual([{ eventName: ['INSERT', 'MODIFY'] }]);
  });

  it('keeps failed records 14 days in an encrypted, TLS-only queue', () => {
    expect(queue.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('alarms the ops topic as soon as one record is in the failed-records queue', () => {
    const [, alarm] = resourceNamed(
      template,
      'AWS::CloudWatch::Alarm',
      'RealtimeOrderChangesPublisherFailedRecordsAlarm',
    );
    const [opsTopicId] = resourceNamed(template, 'AWS::SNS::Topic', 'OpsTopic');

    expect(alarm.Properties).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [{ Ref: opsTopicId }],
    });
  });

  it('posts to the API’s HTTPS publish endpoint', () => {
    expect(publisherFunction.Properties.Environment.Variables.EVENTS_HTTP_ENDPOINT).toEqual({
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [eventApiId, 'Dns.Http'] }, '/event']],
    });
  });

  it('may publish to the orders namespace and to nothing else of the API', () => {
    // Prepare
    const [, policy] = resourceNamed(
      template,
      'AWS::IAM::Policy',
      'RealtimeOrderChangesPublisherFunctionRoleDefaultPolicy',
    ) as [string, CfnResource];
    const appSyncStatements = (
      policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]
    ).filter((statement) => [statement.Action].flat().some((action) => action.startsWith('appsync:')));

    // Assess
    expect(appSyncStatements).toHaveLength(1);
    expect(appSyncStatements[0]?.Action).toBe('appsync:EventPublish');
    expect(JSON.stringify(appSyncStatements[0]?.Resource)).toMatch(/:apis\/".*"\/channelNamespace\/orders"/);
    expect(JSON.stringify(appSyncStatements[0]?.Resource)).not.toContain('*');
  });

  it('has no unacknowledged cdk-nag AWS Solutions findings', () => {
    const report = new AwsSolutionsChecks().validateScope(stack);

    const findings = report.violations
      .flatMap((violation) =>
        violation.violatingResources.map((resource) => `${violation.ruleName} ${resource.constructPath}`),
      )
      .filter((finding) => finding.includes('/Realtime/'));
    expect(findings).toEqual([]);
  });

  it('passes CloudFormation’s own template rules', () => {
    const { app } = buildRealtimeStack({ validateTemplate: true });

    // synth throws on any rule error
    expect(() => app.synth()).not.toThrow();
  });
});
