// The newsletter's table, its routes and who may touch it; the capacity route's reach.
import type { CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import type { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import { viewerRequestCode } from '#lib/site/edge-functions.ts';
import { pagePaths, paths } from '#shared/paths.ts';
import { type ApiRouteName, apiRoutes } from '#shared/routes.ts';
import { envNames } from '#shared/runtime-env.ts';
import {
  buildStack,
  type PolicyStatement,
  resourceNamed,
  statementsOf as roleStatements,
  testParameters,
} from './stack.ts';

const prod = buildStack();
const staging = buildStack(testParameters({ stage: 'staging', certificateArn: undefined }));
const { stack, template } = prod;
const logicalId = (construct: IConstruct) => stack.getLogicalId(construct.node.defaultChild as CfnElement);
const subscribersArn = { 'Fn::GetAtt': [logicalId(stack.newsletter.subscribersTable), 'Arn'] };
const ordersArn = { 'Fn::GetAtt': [logicalId(stack.orders.ordersTable), 'Arn'] };

type Statement = PolicyStatement;
const statementsOf = (fn: ReelFiveFunction) => roleStatements({ stack, template }, fn);
const mentions = (statement: Statement, target: unknown) =>
  JSON.stringify([statement.Resource].flat()).includes(JSON.stringify(target));
/** The actions a route's function may take on one resource, sorted. */
const actionsOn = (route: ApiRouteName, target: unknown) =>
  statementsOf(stack.api.functionFor(route))
    .filter((statement) => mentions(statement, target))
    .flatMap((statement) => [statement.Action].flat())
    .sort();
const environmentOf = (route: ApiRouteName) =>
  template.toJSON().Resources[logicalId(stack.api.functionFor(route))].Properties.Environment.Variables;

describe('subscribers table', () => {
  const [, table] = resourceNamed(template, 'AWS::DynamoDB::GlobalTable', 'NewsletterSubscribersTable');

  it('is keyed by pk and lets unconfirmed sign-ups and old links lapse by expires_at', () => {
    expect(table.Properties.KeySchema).toEqual([{ AttributeName: 'pk', KeyType: 'HASH' }]);
    expect(table.Properties.AttributeDefinitions).toEqual([{ AttributeName: 'pk', AttributeType: 'S' }]);
    expect(table.Properties.TimeToLiveSpecification).toEqual({ AttributeName: 'expires_at', Enabled: true });
  });

  it('is on demand, KMS-encrypted, with point-in-time recovery, a stream of both images and no index', () => {
    expect(table.Properties.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.Properties.SSESpecification).toEqual({ SSEEnabled: true, SSEType: 'KMS' });
    expect(table.Properties.Replicas[0].PointInTimeRecoverySpecification).toEqual({
      PointInTimeRecoveryEnabled: true,
    });
    expect(table.Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_AND_OLD_IMAGES' });
    expect(table.Properties.GlobalSecondaryIndexes).toBeUndefined();
  });

  it('is kept and protected on prod, removed with a staging stack', () => {
    const [, stagingTable] = resourceNamed(
      staging.template,
      'AWS::DynamoDB::GlobalTable',
      'NewsletterSubscribersTable',
    );

    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.Properties.Replicas[0].DeletionProtectionEnabled).toBe(true);
    expect(stagingTable.DeletionPolicy).toBe('Delete');
    expect(stagingTable.Properties.Replicas[0].DeletionProtectionEnabled).toBe(false);
  });
});

describe('newsletter and capacity routes', () => {
  it('are in the route table with the methods the site and the emails use', () => {
    const keys = apiRoutes.map((route) => `${route.method} ${route.path} ${route.name}`);

    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/capacity GetCapacity',
        'POST /api/newsletter NewsletterSubscribe',
        'POST /api/newsletter/confirm NewsletterConfirm',
        'GET /api/newsletter/confirm NewsletterConfirmLink',
        'POST /api/newsletter/unsubscribe NewsletterUnsubscribe',
        'GET /api/newsletter/unsubscribe NewsletterUnsubscribeLink',
      ]),
    );
  });

  it('each has an API Gateway route to its own function', () => {
    const routeKeys = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map(
      (route) => route.Properties.RouteKey,
    );

    expect(routeKeys).toEqual(
      expect.arrayContaining([
        'GET /api/capacity',
        'POST /api/newsletter',
        'POST /api/newsletter/confirm',
        'GET /api/newsletter/confirm',
        'POST /api/newsletter/unsubscribe',
        'GET /api/newsletter/unsubscribe',
      ]),
    );
    const names: ApiRouteName[] = [
      'GetCapacity',
      'NewsletterSubscribe',
      'NewsletterConfirm',
      'NewsletterConfirmLink',
      'NewsletterUnsubscribe',
      'NewsletterUnsubscribeLink',
    ];
    expect(new Set(names.map((name) => logicalId(stack.api.functionFor(name)))).size).toBe(6);
  });
});

describe('who may touch subscribers', () => {
  it('the subscribe function reads, writes and updates sign-ups, and deletes nothing', () => {
    expect(actionsOn('NewsletterSubscribe', subscribersArn)).toEqual([
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
  });

  it('the confirm link may only read and update; the unsubscribe link may only read and delete', () => {
    expect(actionsOn('NewsletterConfirm', subscribersArn)).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    expect(actionsOn('NewsletterUnsubscribe', subscribersArn)).toEqual(['dynamodb:DeleteItem', 'dynamodb:GetItem']);
  });

  it('no other API function can reach the table; the GET links only redirect and reach nothing', () => {
    const others = apiRoutes.filter((route) => !route.name.startsWith('Newsletter'));

    for (const route of others) expect(actionsOn(route.name, subscribersArn)).toEqual([]);
    for (const name of ['NewsletterConfirmLink', 'NewsletterUnsubscribeLink'] as const) {
      expect(actionsOn(name, subscribersArn)).toEqual([]);
      expect(environmentOf(name)[envNames.subscribersTable]).toBeUndefined();
    }
  });

  it('each newsletter function is told the table name, and none can reach the orders table', () => {
    for (const name of ['NewsletterSubscribe', 'NewsletterConfirm', 'NewsletterUnsubscribe'] as const) {
      expect(environmentOf(name)[envNames.subscribersTable]).toEqual({
        Ref: logicalId(stack.newsletter.subscribersTable),
      });
      expect(actionsOn(name, ordersArn)).toEqual([]);
    }
  });

  it('no newsletter API function can send mail: the sign-up answers before any mail exists', () => {
    const sesStatements = (fn: ReelFiveFunction) =>
      statementsOf(fn).filter((statement) => [statement.Action].flat().some((action) => action.startsWith('ses:')));

    for (const route of apiRoutes.filter((candidate) => candidate.name.startsWith('Newsletter'))) {
      expect(sesStatements(stack.api.functionFor(route.name))).toEqual([]);
      expect(environmentOf(route.name)[envNames.mailFrom]).toBeUndefined();
    }
    const [send] = sesStatements(stack.newsletterConfirmationSender.function);
    expect(send?.Action).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    expect(JSON.stringify(send?.Resource)).toContain('identity/orders@reelfive.com');
  });
});

describe('confirmation sender', () => {
  const sender = stack.newsletterConfirmationSender;
  const [queueId, queue] = resourceNamed(template, 'AWS::SQS::Queue', 'NewsletterConfirmationSenderFailedRecords');
  const [, mapping] = resourceNamed(template, 'AWS::Lambda::EventSourceMapping', 'NewsletterConfirmationSender');

  it('reads the subscribers stream in small batches, retries, and sends what still fails to its queue', () => {
    expect(mapping.Properties.EventSourceArn).toEqual({
      'Fn::GetAtt': [logicalId(stack.newsletter.subscribersTable), 'StreamArn'],
    });
    expect(mapping.Properties).toMatchObject({
      BatchSize: 10,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 3,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
  });

  it('is handed only writes of pending sign-ups', () => {
    const [filter] = mapping.Properties.FilterCriteria.Filters;

    expect(JSON.parse(filter.Pattern)).toEqual({
      eventName: ['INSERT', 'MODIFY'],
      dynamodb: { NewImage: { status: { S: ['pending'] } } },
    });
  });

  it('keeps failed records encrypted for 14 days, and an alarm on them tells ops', () => {
    const [, alarm] = resourceNamed(
      template,
      'AWS::CloudWatch::Alarm',
      'NewsletterConfirmationSenderFailedRecordsAlarm',
    );

    expect(queue.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
    expect(alarm.Properties).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [{ Ref: expect.stringContaining('NotificationsOpsTopic') }],
    });
  });

  it('may check a request, write its link tokens and mark it mailed; never read, delete or reach orders', () => {
    const actions = statementsOf(sender.function)
      .filter((statement) => mentions(statement, subscribersArn))
      .flatMap((statement) => [statement.Action].flat())
      .sort();

    expect(actions).toEqual(['dynamodb:ConditionCheckItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
    expect(statementsOf(sender.function).filter((statement) => mentions(statement, ordersArn))).toEqual([]);
  });
});

describe('newsletter pages at the edge', () => {
  it('the viewer-request function maps both landing pages to their documents, not to the 404 page', () => {
    const viewerRequest = new Function(
      `${viewerRequestCode(pagePaths, stack.realtime.runtimeConfig())}\nreturn handler;`,
    )() as (event: { request: { uri: string } }) => { uri: string };
    const mapped = (uri: string) => viewerRequest({ request: { uri } }).uri;

    expect(mapped(paths.newsletterConfirm)).toBe('/newsletter/confirm.html');
    expect(mapped(paths.newsletterUnsubscribe)).toBe('/newsletter/unsubscribe.html');
    expect(mapped(paths.newsletterConfirmed)).toBe('/newsletter/confirmed.html');
    expect(mapped(paths.newsletterUnsubscribed)).toBe('/newsletter/unsubscribed.html');
    expect(mapped('/newsletter')).toBe('/404.html');
  });
});

describe('capacity function', () => {
  it('reads the rate-limits table (the day counter) and cannot reach orders or subscribers', () => {
    const rateLimitsArn = { 'Fn::GetAtt': [logicalId(stack.orders.rateLimitsTable), 'Arn'] };

    expect(actionsOn('GetCapacity', rateLimitsArn)).toContain('dynamodb:GetItem');
    expect(actionsOn('GetCapacity', ordersArn)).toEqual([]);
    expect(actionsOn('GetCapacity', subscribersArn)).toEqual([]);
  });
});
