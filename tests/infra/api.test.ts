// The HTTP API against the route table, and each function's runtime, environment and IAM.
import type { CfnElement } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { concurrencyQuotaMessage } from '#lib/api/api.ts';
import type { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import { apiRoutes, concurrencyQuotaNeeded, previewConcurrencyShare } from '#shared/routes.ts';
import { envNames } from '#shared/runtime-env.ts';
import { envOf, everyFunctionEnv } from './capability-env.ts';
import { buildStack, type PolicyStatement, statementsOf as roleStatements } from './stack.ts';

const { stack, template } = buildStack();
const routes = apiRoutes;
const logicalId = (construct: IConstruct) => stack.getLogicalId(construct.node.defaultChild as CfnElement);
const ref = (construct: IConstruct) => ({ Ref: logicalId(construct) });
const arnOf = (construct: IConstruct) => ({ 'Fn::GetAtt': [logicalId(construct), 'Arn'] });

const functionResource = (fn: ReelFiveFunction) => template.toJSON().Resources[logicalId(fn)];
type Statement = PolicyStatement;
const statementsOf = (fn: ReelFiveFunction) => roleStatements({ stack, template }, fn);
const actionsOf = (statement: Statement) => [statement.Action].flat();
const resourcesOf = (statement: Statement) => [statement.Resource].flat();
const mentions = (statement: Statement, target: unknown) =>
  JSON.stringify(resourcesOf(statement)).includes(JSON.stringify(target));

const everyApiFunctionEnv = [
  ...everyFunctionEnv,
  envNames.originVerifySecretName,
  envNames.siteUrl,
  envNames.ipAttemptsPerHour,
  envNames.rateLimitsTable,
];

describe('HTTP API routes', () => {
  it('are exactly the route table plus $default', () => {
    const routeKeys = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map(
      (route) => route.Properties.RouteKey,
    );

    expect(routeKeys.sort()).toEqual([...routes.map((route) => `${route.method} ${route.path}`), '$default'].sort());
  });

  it('each route is throttled as the table says, everything else at the stage default', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 },
      RouteSettings: Object.fromEntries(
        routes.map((route) => [
          `${route.method} ${route.path}`,
          { ThrottlingRateLimit: route.throttle.rate, ThrottlingBurstLimit: route.throttle.burst },
        ]),
      ),
    });
  });

  it('bounds what previews can hold to their share of the quota cdk synth prints, with no reservation', () => {
    const preview = routes.find((route) => route.name === 'CreatePreview');
    const settings = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'))[0]?.Properties.RouteSettings;
    const { ThrottlingRateLimit: rate, ThrottlingBurstLimit: burst } = settings['POST /api/previews'];
    const previewFunction = functionResource(stack.api.functionFor('CreatePreview'));

    // API Gateway starts at most `burst` at once and `rate` a second after; each ends by its timeout.
    const timeout = previewFunction.Properties.Timeout;
    expect({ rate, burst, timeout }).toEqual({ rate: 2, burst: 5, timeout: preview?.timeoutSeconds });
    expect(burst + rate * timeout).toBe(25);
    expect(concurrencyQuotaNeeded()).toBe(100);
    expect(burst + rate * timeout).toBeLessThanOrEqual(previewConcurrencyShare * concurrencyQuotaNeeded());
    expect(previewFunction.Properties.ReservedConcurrentExecutions).toBeUndefined();
    expect(
      Annotations.fromStack(stack)
        .findInfo('*', Match.anyValue())
        .map((annotation) => annotation.entry.data),
    ).toContain(concurrencyQuotaMessage('ReelFive-prod'));
  });

  it('logs access to its own log group without the request path, which holds order ids', () => {
    const stage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'))[0];

    expect(stage?.Properties.AccessLogSettings.DestinationArn).toEqual(
      arnOf(stack.node.findChild('Api').node.findChild('AccessLogs')),
    );
    expect(stage?.Properties.AccessLogSettings.Format).toContain('$context.routeKey');
    expect(stage?.Properties.AccessLogSettings.Format).not.toContain('$context.path');
  });

  it('sends each route to its own function and the rest to the not-found function', () => {
    const integrations = template.findResources('AWS::ApiGatewayV2::Integration');
    const targetOf = (routeKey: string) => {
      const route = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).find(
        (candidate) => candidate.Properties.RouteKey === routeKey,
      );
      const integrationId = route?.Properties.Target['Fn::Join'][1][1].Ref;
      return integrations[integrationId]?.Properties.IntegrationUri;
    };

    for (const route of routes) {
      expect(targetOf(`${route.method} ${route.path}`)).toEqual(arnOf(stack.api.functionFor(route.name)));
    }
    expect(targetOf('$default')).toEqual(arnOf(stack.node.findChild('Api').node.findChild('NotFound')));
  });
});

describe('API functions', () => {
  const newestNode = Object.entries(Runtime)
    .filter(([name]) => /^NODEJS_\d+_X$/.test(name))
    .map(([, runtime]) => (runtime as Runtime).name)
    .sort((a, b) => Number.parseInt(b.slice(6), 10) - Number.parseInt(a.slice(6), 10))[0];

  // A route that decodes images carries sharp's linux-x64 build, the one the render function and the tests run.
  it.each(routes)(
    '$name runs on its architecture, the newest Node.js runtime, with its table timeout, traced',
    (route) => {
      const fn = functionResource(stack.api.functionFor(route.name));

      expect(fn.Properties).toMatchObject({
        Runtime: newestNode,
        Architectures: ['decodesImages' in route ? 'x86_64' : 'arm64'],
        Handler: 'index.handler',
        Timeout: route.timeoutSeconds,
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: { LogFormat: 'JSON', LogGroup: ref(stack.api.functionFor(route.name).logGroup) },
      });
    },
  );

  it.each(routes)('$name gets exactly the environment its capabilities need', (route) => {
    const variables = functionResource(stack.api.functionFor(route.name)).Properties.Environment.Variables;
    const expected = new Set([
      ...everyApiFunctionEnv,
      ...envOf(route.uses),
      // The fonts the preview's opening still is drawn in.
      ...('decodesImages' in route ? ['RENDER_FONTS_DIR'] : []),
    ]);

    expect(Object.keys(variables).sort()).toEqual([...expected].sort());
  });

  it('resolves environment values to plain strings, Refs and attributes the twin can read', () => {
    const resources = template.toJSON().Resources;
    for (const fn of Object.values(template.findResources('AWS::Lambda::Function'))) {
      for (const [name, value] of Object.entries(fn.Properties.Environment.Variables)) {
        // The twin points the stream publisher at its own AppSync Events emulator.
        if (typeof value === 'string' || name === envNames.eventsHttpEndpoint) continue;
        // An attribute: the content guardrail's id and version, which the twin's stand-in is started with.
        const reference = value as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
        expect(Object.keys(reference)).toHaveLength(1);
        const target = reference.Ref ?? reference['Fn::GetAtt']?.[0];
        expect(target && resources[target]).toBeTruthy();
      }
    }
  });

  it('points at the stage’s site, tables, bucket, machine and secrets', () => {
    const variables = functionResource(stack.api.functionFor('StripeWebhook')).Properties.Environment.Variables;

    expect(variables).toMatchObject({
      [envNames.siteUrl]: 'https://reelfive.com',
      [envNames.ordersTable]: ref(stack.orders.ordersTable),
      [envNames.rateLimitsTable]: ref(stack.orders.rateLimitsTable),
      [envNames.eventsTable]: ref(stack.orders.eventsTable),
      [envNames.stateMachineArn]: ref(stack.generation.stateMachine),
      [envNames.stripeWebhookSecretName]: 'reelfive/prod/stripe-webhook-secret',
      [envNames.originVerifySecretName]: 'ReelFive-prod/origin-verify',
    });
    expect(
      functionResource(stack.api.functionFor('CreateUpload')).Properties.Environment.Variables[envNames.imagesBucket],
    ).toEqual(ref(stack.uploads.imagesBucket));
  });
});

describe('API function permissions', () => {
  it('CreateUpload may put objects only into the images bucket and cannot touch orders', () => {
    const statements = statementsOf(stack.api.functionFor('CreateUpload'));
    const puts = statements.filter((statement) => actionsOf(statement).includes('s3:PutObject'));

    expect(puts.length).toBeGreaterThan(0);
    for (const statement of puts) {
      expect(resourcesOf(statement)).toEqual([{ 'Fn::Join': ['', [arnOf(stack.uploads.imagesBucket), '/*']] }]);
    }
    expect(statements.some((statement) => mentions(statement, arnOf(stack.orders.ordersTable)))).toBe(false);
    expect(statements.some((statement) => mentions(statement, arnOf(stack.uploads.videosBucket)))).toBe(false);
  });

  it('GetOrder may start and describe executions of the generation machine only', () => {
    const statements = statementsOf(stack.api.functionFor('GetOrder'));
    const states = statements.filter((statement) =>
      actionsOf(statement).some((action) => action.startsWith('states:')),
    );

    expect(states).toEqual([
      expect.objectContaining({ Action: 'states:StartExecution', Resource: ref(stack.generation.stateMachine) }),
      expect.objectContaining({
        Action: 'states:DescribeExecution',
        Resource: {
          'Fn::Join': [
            '',
            ['arn:', { Ref: 'AWS::Partition' }, ':states:eu-west-1:123456789012:execution:ReelFive-prod-generation:*'],
          ],
        },
      }),
    ]);
  });

  it('only the webhook reads the Stripe webhook signing secret', () => {
    const readers = routes.filter((route) =>
      statementsOf(stack.api.functionFor(route.name)).some((statement) =>
        JSON.stringify(statement.Resource).includes('stripe-webhook-secret'),
      ),
    );

    expect(readers.map((route) => route.name)).toEqual(['StripeWebhook']);
  });

  it('orders are read with GetItem and written with Put/Update/ConditionCheck, nothing wider', () => {
    const orderActions = new Set(
      routes.flatMap((route) =>
        statementsOf(stack.api.functionFor(route.name))
          .filter((statement) => mentions(statement, arnOf(stack.orders.ordersTable)))
          .flatMap(actionsOf),
      ),
    );

    expect([...orderActions].sort()).toEqual([
      'dynamodb:ConditionCheckItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
  });

  it('no role carries an AWS managed policy; each function writes only to its own log group', () => {
    for (const role of Object.values(template.findResources('AWS::IAM::Role'))) {
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    }
    for (const route of routes) {
      const fn = stack.api.functionFor(route.name);
      const logs = statementsOf(fn).filter((statement) =>
        actionsOf(statement).some((action) => action.startsWith('logs:')),
      );
      expect(logs).toEqual([expect.objectContaining({ Resource: arnOf(fn.logGroup) })]);
    }
  });

  it('every API function may read the origin-verify secret, which the stack generates', () => {
    const secret = stack.api.originVerifySecret;

    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      Name: 'ReelFive-prod/origin-verify',
      GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true },
    });
    for (const route of routes) {
      expect(
        statementsOf(stack.api.functionFor(route.name)).some((statement) => mentions(statement, ref(secret))),
      ).toBe(true);
    }
  });
});
