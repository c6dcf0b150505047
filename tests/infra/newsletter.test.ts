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

  it('is on demand, KMS-encrypted, with point-in-time recovery and no stream or index', () => {
    expect(table.Properties.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.Properties.SSESpecification).toEqual({ SSEEnabled: true, SSEType: 'KMS' });
    expect(table.Properties.Replicas[0].PointInTimeRecoverySpecification).toEqual({
      PointInTimeRecoveryEnabled: true,
    });
    expect(table.Properties.StreamSpecification).toBeUndefined();
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
        'GET /api/newsletter/confirm NewsletterConfirm',
        'GET /api/newsletter/unsubscribe NewsletterUnsubscribe',
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
        'GET /api/newsletter/confirm',
        'GET /api/newsletter/unsubscribe',
      ]),
    );
    const names: ApiRouteName[] = ['GetCapacity', 'NewsletterSubscribe', 'NewsletterConfirm', 'NewsletterUnsubscribe'];
    expect(new Set(names.map((name) => logicalId(stack.api.functionFor(name)))).size).toBe(4);
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

  it('no other API function can reach the table', () => {
    const others = apiRoutes.filter((route) => !route.name.startsWith('Newsletter'));

    for (const route of others) expect(actionsOn(route.name, subscribersArn)).toEqual([]);
  });

  it('each newsletter function is told the table name, and none can reach the orders table', () => {
    for (const name of ['NewsletterSubscribe', 'NewsletterConfirm', 'NewsletterUnsubscribe'] as const) {
      expect(environmentOf(name)[envNames.subscribersTable]).toEqual({
        Ref: logicalId(stack.newsletter.subscribersTable),
      });
      expect(actionsOn(name, ordersArn)).toEqual([]);
    }
  });

  it('of the newsletter functions only subscribe may send mail, and only as the stage sender', () => {
    const sesStatements = (name: ApiRouteName) =>
      statementsOf(stack.api.functionFor(name)).filter((statement) =>
        [statement.Action].flat().some((action) => action.startsWith('ses:')),
      );

    expect(sesStatements('NewsletterConfirm')).toEqual([]);
    expect(sesStatements('NewsletterUnsubscribe')).toEqual([]);
    const [send] = sesStatements('NewsletterSubscribe');
    expect(send?.Action).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    expect(JSON.stringify(send?.Resource)).toContain('identity/orders@reelfive.com');
    expect(environmentOf('NewsletterSubscribe')[envNames.mailFrom]).toBe('orders@reelfive.com');
  });
});

describe('newsletter pages at the edge', () => {
  it('the viewer-request function maps both landing pages to their documents, not to the 404 page', () => {
    const viewerRequest = new Function(
      `${viewerRequestCode(pagePaths, stack.realtime.runtimeConfig())}\nreturn handler;`,
    )() as (event: { request: { uri: string } }) => { uri: string };
    const mapped = (uri: string) => viewerRequest({ request: { uri } }).uri;

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
