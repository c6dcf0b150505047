// Generation state machine (render queue and concurrency included), realtime Events API and its
// key renewal, and the ops alarms.
import { readFileSync } from 'node:fs';
import { CfnElement } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { opsFunctions } from '#lib/shared/ops-functions.ts';
import { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import { config, generationConfig, serviceLimits } from '#shared/config.ts';
import { type GenerationStep, generationSteps, renderFunction, renderStates } from '#shared/generation-steps.ts';
import { signatureRejectedMessage } from '#shared/observability.ts';
import { orderChannelHandlerCode } from '#shared/order-channel.ts';
import { apiRoutes } from '#shared/routes.ts';
import { envNames } from '#shared/runtime-env.ts';
import { type BuiltStack, buildStack, statementsOf, testParameters } from './stack.ts';

const { stack, template } = buildStack();
const logicalId = (construct: IConstruct) =>
  stack.getLogicalId(CfnElement.isCfnElement(construct) ? construct : (construct.node.defaultChild as CfnElement));
const resources = template.toJSON().Resources;
const machine = resources[logicalId(stack.generation.stateMachine)];

interface AslState {
  Type: string;
  Resource?: string;
  TimeoutSeconds?: number;
  Retry?: { ErrorEquals: string[]; BackoffRate?: number; MaxAttempts?: number }[];
  Next?: string;
  ResultPath?: string | null;
  Catch?: { ErrorEquals: string[]; ResultPath?: string; Next: string }[];
  Choices?: { Next: string }[];
  Default?: string;
  ItemsPath?: string;
  ItemSelector?: Record<string, string>;
  MaxConcurrency?: number;
  ItemProcessor?: { StartAt: string; States: Record<string, AslState> };
  Parameters?: Record<string, string>;
}
/** The ASL with each GetAtt written as `<LogicalId.Attribute>` (what the twin resolves). */
const definitionText: string = machine.Properties.DefinitionString['Fn::Join'][1]
  .map((part: string | { 'Fn::GetAtt': [string, string] }) =>
    typeof part === 'string' ? part : `<${part['Fn::GetAtt'].join('.')}>`,
  )
  .join('');
const definition = JSON.parse(definitionText) as {
  StartAt: string;
  TimeoutSeconds: number;
  States: Record<string, AslState>;
};

const stepsOn = (path: GenerationStep['path']) =>
  (generationSteps as readonly GenerationStep[]).filter((step) => step.path === path).map((step) => step.state);

describe('generation state machine', () => {
  it('is a Standard machine with an execution timeout, X-Ray and ALL-level logs', () => {
    expect(machine.Properties).toMatchObject({
      StateMachineType: 'STANDARD',
      StateMachineName: 'ReelFive-prod-generation',
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: {
        Level: 'ALL',
        IncludeExecutionData: false,
        Destinations: [{ CloudWatchLogsLogGroup: { LogGroupArn: expect.anything() } }],
      },
    });
    expect(definition.TimeoutSeconds).toBe(generationConfig.executionTimeoutMinutes * 60);
  });

  it('has one Task per step, named after it, the primary render and the revision render', () => {
    const taskNames = Object.entries(definition.States)
      .filter(([, state]) => state.Type === 'Task')
      .map(([name]) => name);

    expect(taskNames.sort()).toEqual(
      [...generationSteps.map((step) => step.state), renderStates.primary, renderStates.revision].sort(),
    );
  });

  it('runs the happy path in order: the primary render, delivery and completion, then the pack', () => {
    const path = [definition.StartAt];
    while (path.length < 20) {
      const current = definition.States[path.at(-1) ?? ''];
      // FootageReady's Default is the engine-only path (footage skipped or done); its loop is below.
      // WhichVersion's Default is the order's own execution; its revision is the test below.
      const takesDefault = path.at(-1) === 'FootageReady' || path.at(-1) === 'WhichVersion';
      const choice = takesDefault ? current?.Default : current?.Choices?.[0]?.Next;
      const next = current?.Type === 'Choice' ? choice : current?.Next;
      if (!next) break;
      path.push(next);
    }

    expect(path).toEqual([
      'WhichVersion',
      'MarkProcessing',
      'AnalyzeWebsite',
      'WriteStoryboard',
      'StartFootage',
      'FootageReady',
      'PlanRenders',
      renderStates.primary,
      'Deliver',
      'MarkCompleted',
      'RenderPack',
      'DeliverPack',
      'Done',
    ]);
    expect(definition.States.Done?.Type).toBe('Succeed');
    expect(definitionText).not.toMatch(/WaitForRender|CheckRender|StartRender/);
  });

  it("runs an order's revision (its input's `revision`) as its own path, whose every failure fails the revision alone", () => {
    const start = definition.States[definition.StartAt];
    expect(start?.Type).toBe('Choice');
    expect(start?.Choices).toEqual([{ Variable: '$.revision', IsPresent: true, Next: 'ReviseStoryboard' }]);
    expect(definition.States.ReviseStoryboard?.Next).toBe(renderStates.revision);
    expect(definition.States[renderStates.revision]?.Next).toBe('DeliverRevision');
    expect(definition.States.DeliverRevision?.Next).toBe('Done');
    expect(definition.States.MarkRevisionFailed?.Next).toBe('Done');
    expect(definition.States[renderStates.revision]).toMatchObject({
      Parameters: { 'request.$': '$.renders.request', 'item.$': '$.renders.primary', revision: 2 },
      ResultPath: '$.rendered',
    });
    for (const name of ['ReviseStoryboard', renderStates.revision, 'DeliverRevision']) {
      expect(definition.States[name]?.Catch, name).toEqual([
        { ErrorEquals: ['States.ALL'], ResultPath: '$.failure', Next: 'MarkRevisionFailed' },
      ]);
    }
    // Nothing of the revision reaches the order's failure path (MarkFailed → Refund).
    expect(definitionText.match(/"Next":"MarkFailed"/g)?.length).toBe(
      stepsOn('main').length + 1, // every main step and the primary render
    );
    expect(stepsOn('revision')).toEqual(['ReviseStoryboard', 'DeliverRevision', 'MarkRevisionFailed']);
  });

  const renderResource = `<${logicalId(stack.generation.renderFunction)}.Arn>`;

  it('renders the primary with a synchronous task of the render function, its failure going to the failure path', () => {
    expect(definition.States[renderStates.primary]).toMatchObject({
      Type: 'Task',
      Resource: renderResource,
      Parameters: { 'request.$': '$.renders.request', 'item.$': '$.renders.primary' },
      ResultPath: '$.rendered',
      // The function's own timeout, and half a minute for Lambda to answer: never Lambda's 15 minutes.
      TimeoutSeconds: renderFunction.timeoutSeconds + 30,
      Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.failure', Next: stepsOn('failure')[0] }],
    });
    expect(renderFunction.timeoutSeconds + 30).toBeLessThan(15 * 60);
  });

  it('renders the pack in a Map of render tasks, MaxConcurrency from config, its failure failing the pack alone', () => {
    const map = definition.States.RenderPack;
    expect(map).toMatchObject({
      Type: 'Map',
      ItemsPath: '$.renders.pack',
      ItemSelector: { 'request.$': '$.renders.request', 'item.$': '$$.Map.Item.Value' },
      MaxConcurrency: generationConfig.pack.maxConcurrentRenders,
      ResultPath: '$.packFiles',
      Next: 'DeliverPack',
      Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.packFailure', Next: 'MarkPackFailed' }],
    });
    expect(map?.ItemProcessor?.StartAt).toBe(renderStates.pack);
    expect(map?.ItemProcessor?.States[renderStates.pack]).toMatchObject({
      Type: 'Task',
      Resource: renderResource,
      Parameters: { 'request.$': '$.request', 'item.$': '$.item' },
      TimeoutSeconds: renderFunction.timeoutSeconds + 30,
      End: true,
    });
    // Its output is the file it made: the Map collects them under $.packFiles.
    expect(map?.ItemProcessor?.States[renderStates.pack]?.ResultPath).toBeUndefined();
    expect(definition.States.DeliverPack?.Catch).toEqual([
      { ErrorEquals: ['States.ALL'], ResultPath: '$.packFailure', Next: 'MarkPackFailed' },
    ]);
    // A failed pack never reaches the failure path: the order is completed and paid for.
    expect(definition.States.MarkPackFailed?.Next).toBe('Done');
    expect(stepsOn('pack')).toEqual(['DeliverPack', 'MarkPackFailed']);
  });

  it.each(Object.values(renderStates))(
    '%s retries Lambda throttling for minutes and a transient AWS failure once, never a failed render',
    (name) => {
      const state = definition.States[name] ?? definition.States.RenderPack?.ItemProcessor?.States[name];

      expect(state?.Retry).toEqual([
        expect.objectContaining({
          ErrorEquals: expect.arrayContaining(['Lambda.TooManyRequestsException', 'Lambda.ServiceException']),
          IntervalSeconds: 5,
          BackoffRate: 2,
          MaxAttempts: 6,
        }),
        expect.objectContaining({ ErrorEquals: ['RetryableStepError'], MaxAttempts: 1 }),
      ]);
      expect(JSON.stringify(state?.Retry)).not.toMatch(/RenderFailed|States\.ALL|Lambda\.Unknown/);
    },
  );

  it('waits for footage with a Wait/Check loop (no task token) while a clip is running', () => {
    expect(definition.States.FootageReady).toMatchObject({
      Type: 'Choice',
      Choices: [{ Variable: '$.footage.status', StringEquals: 'running', Next: 'WaitForFootage' }],
      Default: 'PlanRenders',
    });
    expect(definition.States.WaitForFootage).toMatchObject({
      Type: 'Wait',
      Seconds: generationConfig.footage.pollSeconds,
      Next: 'CheckFootage',
    });
    expect(definition.States.CheckFootage?.Next).toBe('FootageReady');
  });

  it('catches every error of a main-path step of the table into the first failure step', () => {
    const [firstFailureStep] = stepsOn('failure');

    for (const name of stepsOn('main')) {
      expect(definition.States[name]?.Catch, name).toEqual([
        { ErrorEquals: ['States.ALL'], ResultPath: '$.failure', Next: firstFailureStep },
      ]);
    }
  });

  it('runs the failure steps in table order, each moving on even when it fails, then fails the execution', () => {
    const failurePath = [...stepsOn('failure'), 'GenerationFailed'];

    for (const [index, name] of failurePath.slice(0, -1).entries()) {
      expect(definition.States[name]?.Next, name).toBe(failurePath[index + 1]);
      // A failing failure state still moves on, so ops always hear of it.
      expect(definition.States[name]?.Catch, name).toEqual([
        { ErrorEquals: ['States.ALL'], ResultPath: '$.failurePathError', Next: failurePath[index + 1] },
      ]);
    }
    expect(definition.States.GenerationFailed?.Type).toBe('Fail');
    expect(stepsOn('failure')).toEqual(['MarkFailed', 'Refund', 'NotifyOps']);
  });

  it('reaches every main-path step from the start, and no failure step without an error', () => {
    const reached = new Set<string>();
    const visit = (name: string | undefined) => {
      if (!name || reached.has(name)) return;
      reached.add(name);
      const state = definition.States[name];
      visit(state?.Next);
      for (const choice of state?.Choices ?? []) visit(choice.Next);
      visit(state?.Default);
    };
    visit(definition.StartAt);

    expect(stepsOn('main').filter((name) => !reached.has(name))).toEqual([]);
    expect(stepsOn('failure').filter((name) => reached.has(name))).toEqual([]);
  });

  it('keeps each step result under its own key and discards the rest', () => {
    for (const step of generationSteps as readonly GenerationStep[]) {
      expect(definition.States[step.state]?.ResultPath, step.state).toBe(step.resultKey ? `$.${step.resultKey}` : null);
    }
  });

  it.each(generationSteps)(
    '$state invokes its function directly with its timeout and retries Lambda and retryable errors',
    (step) => {
      const state = definition.States[step.state];

      expect(state?.Resource).toMatch(new RegExp(`^<Generation${step.state}Function\\w*\\.Arn>$`));
      expect(state?.TimeoutSeconds).toBe(step.timeoutSeconds);
      expect(state?.Retry).toEqual([
        expect.objectContaining({
          ErrorEquals: expect.arrayContaining(['Lambda.ServiceException', 'Lambda.TooManyRequestsException']),
          BackoffRate: 2,
        }),
        expect.objectContaining({ ErrorEquals: expect.arrayContaining(['RetryableStepError']), BackoffRate: 2 }),
      ]);
      // A step that calls Stripe also retries Stripe's transient errors; the others have none to retry.
      const callsStripe = (step.uses as readonly string[]).some((use) => use.startsWith('stripe:'));
      expect(state?.Retry?.[1]?.ErrorEquals.includes('StripeConnectionError'), step.state).toBe(callsStripe);
    },
  );

  it('keeps to what the twin’s runner executes: JSONPath, no variables, no task tokens', () => {
    expect(definitionText).not.toContain('QueryLanguage');
    expect(definitionText).not.toContain('"Assign"');
    expect(definitionText).not.toContain('waitForTaskToken');
  });

  it('step functions get the table their capabilities name', () => {
    const fn = resources[definition.States.MarkProcessing?.Resource?.slice(1).split('.')[0] ?? ''];

    expect(fn.Properties.Environment.Variables[envNames.ordersTable]).toEqual({
      Ref: logicalId(stack.orders.ordersTable),
    });
  });

  it("runs the steps that decode images with sharp on x86_64, sharp's build, and the others on arm64", () => {
    const architectureOf = (step: GenerationStep) =>
      resources[logicalId(stack.generation.stepFunctions[step.state as keyof typeof stack.generation.stepFunctions])]
        ?.Properties.Architectures;

    const steps: readonly GenerationStep[] = generationSteps;
    const decoding = steps.filter((step) => step.decodesImages).map((step) => step.state);
    expect(decoding.sort()).toEqual(['CheckFootage', 'StartFootage']);
    for (const step of steps) {
      expect(architectureOf(step), step.state).toEqual([step.decodesImages ? 'x86_64' : 'arm64']);
    }
  });

  it('renders in its own x86_64 function with the ffmpeg binaries, invoked by the state machine alone', () => {
    const render = resources[logicalId(stack.generation.renderFunction)];

    expect(render.Properties).toMatchObject({ Architectures: ['x86_64'], MemorySize: 3008, Timeout: 300 });
    expect(render.Properties.Environment.Variables).toMatchObject({
      FFMPEG_PATH: '/var/task/ffmpeg',
      RENDER_FONTS_DIR: '/var/task',
    });
    // No asynchronous invoke any more: no invoke config.
    expect(
      template.findResources('AWS::Lambda::EventInvokeConfig', {
        Properties: { FunctionName: { Ref: logicalId(stack.generation.renderFunction) } },
      }),
    ).toEqual({});
  });

  it("labels the ad with its C2PA addon and the stage's signer secret, which no other function reads", () => {
    // Prepare
    const readsSigner = (fn: Parameters<typeof statementsOf>[1]) =>
      statementsOf({ stack, template }, fn).some(
        (statement) =>
          [statement.Action].flat().includes('secretsmanager:GetSecretValue') &&
          JSON.stringify(statement.Resource).includes(':secret:reelfive/prod/c2pa-signer-??????'),
      );
    const functions = stack.node.findAll().filter((construct) => construct instanceof ReelFiveFunction);

    // Act
    const readers = functions.filter(readsSigner).map((fn) => fn.node.path);

    // Assess
    expect(readers).toEqual([stack.generation.renderFunction.node.path]);
    expect(resources[logicalId(stack.generation.renderFunction)].Properties.Environment.Variables).toMatchObject({
      C2PA_LIBRARY_PATH: '/var/task/c2pa-node.node',
      [envNames.c2paSignerSecretName]: 'reelfive/prod/c2pa-signer',
    });
  });

  it('gives PlanRenders the pack formats of generationConfig.pack', () => {
    const plan = resources[logicalId(stack.generation.stepFunctions.PlanRenders)];
    expect(plan.Properties.Environment.Variables[envNames.packFormats]).toBe(generationConfig.pack.formats.join(','));
  });

  it('reserves render concurrency only when the stage sets renderReservedConcurrency', () => {
    const reservedOf = (built: Pick<BuiltStack, 'stack' | 'template'>) =>
      built.template.toJSON().Resources[
        built.stack.getLogicalId(built.stack.generation.renderFunction.node.defaultChild as CfnElement)
      ].Properties.ReservedConcurrentExecutions;

    expect(reservedOf({ stack, template })).toBeUndefined();
    expect(reservedOf(buildStack(testParameters({ renderReservedConcurrency: 4 })))).toBe(4);
  });

  it('lets the render function read and update orders (progress; skipping orders that left its state)', () => {
    const render = resources[logicalId(stack.generation.renderFunction)];
    const ordersTableArn = { 'Fn::GetAtt': [logicalId(stack.orders.ordersTable), 'Arn'] };
    const onOrders = statementsOf({ stack, template }, stack.generation.renderFunction).filter(
      (statement) => JSON.stringify(statement.Resource) === JSON.stringify(ordersTableArn),
    );

    expect(render.Properties.Environment.Variables[envNames.ordersTable]).toEqual({
      Ref: logicalId(stack.orders.ordersTable),
    });
    expect(onOrders.map((statement) => statement.Action)).toEqual([
      'dynamodb:GetItem',
      ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem'],
    ]);
  });

  it('gives WriteStoryboard Bedrock (one model, InvokeModel only) by default on a deployed stage, and none with the template copywriter', () => {
    const policiesOf = (built: Pick<BuiltStack, 'stack' | 'template'>) =>
      statementsOf(built, built.stack.generation.stepFunctions.WriteStoryboard);
    const environmentOf = (built: Pick<BuiltStack, 'stack' | 'template'>) =>
      built.template.toJSON().Resources[
        built.stack.getLogicalId(built.stack.generation.stepFunctions.WriteStoryboard.node.defaultChild as CfnElement)
      ].Properties.Environment.Variables;

    const withTemplate = buildStack(testParameters({ copywriter: 'template' }));
    expect(JSON.stringify(policiesOf(withTemplate))).not.toContain('bedrock');
    expect(environmentOf(withTemplate)[envNames.copywriter]).toBeUndefined();

    const withModel = { stack, template };
    expect(environmentOf(withModel)[envNames.copywriter]).toBe('bedrock');
    const bedrock = policiesOf(withModel).filter((statement) => JSON.stringify(statement).includes('bedrock'));
    expect(bedrock).toHaveLength(1);
    expect(bedrock[0]?.Action).toBe('bedrock:InvokeModel');
    expect(JSON.stringify(bedrock[0]?.Resource)).toContain(`:foundation-model/${generationConfig.bedrockModelId}`);
  });

  it('lets the render function speak with Polly (SynthesizeSpeech only) on a deployed stage, and refuses the local voice there', () => {
    const renderFunction = stack.generation.renderFunction;
    const polly = statementsOf({ stack, template }, renderFunction).filter((statement) =>
      JSON.stringify(statement).includes('polly'),
    );
    expect(polly).toEqual([expect.objectContaining({ Action: 'polly:SynthesizeSpeech', Resource: '*' })]);
    const environment =
      template.toJSON().Resources[stack.getLogicalId(renderFunction.node.defaultChild as CfnElement)].Properties
        .Environment.Variables;
    expect(environment[envNames.voiceEngine]).toBe('polly');
    expect(() => buildStack(testParameters({ voice: 'local' }))).toThrow('Lambda has no festival');
  });

  it('sends executions that fail, time out or are aborted to the failure path', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: {
        source: ['aws.states'],
        'detail-type': ['Step Functions Execution Status Change'],
        detail: {
          status: ['FAILED', 'TIMED_OUT', 'ABORTED'],
          stateMachineArn: [{ Ref: logicalId(stack.generation.stateMachine) }],
        },
      },
      Targets: [Match.objectLike({ RetryPolicy: { MaximumRetryAttempts: 8, MaximumEventAgeInSeconds: 21600 } })],
    });
  });

  it('keeps execution-status events the rule could not deliver in an encrypted, TLS-only queue', () => {
    // Prepare
    const queueId = logicalId(stack.generation.executionEndedDeadLetters);
    const [ruleId] = Object.keys(
      template.findResources('AWS::Events::Rule', { Properties: { EventPattern: { source: ['aws.states'] } } }),
    );

    // Assess
    template.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: Match.objectLike({ source: ['aws.states'] }),
      Targets: [Match.objectLike({ DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queueId, 'Arn'] } } })],
    });
    expect(resources[queueId].Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Action: 'sqs:SendMessage',
            Principal: { Service: 'events.amazonaws.com' },
            Condition: { ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [ruleId, 'Arn'] } } },
          }),
        ]),
      },
    });
  });
});

describe('realtime Events API', () => {
  const api = resources[logicalId(stack.realtime.api)];

  it('connects and subscribes with the API key and publishes with IAM only', () => {
    expect(api.Properties.EventConfig).toEqual({
      AuthProviders: [{ AuthType: 'API_KEY' }, { AuthType: 'AWS_IAM' }],
      ConnectionAuthModes: [{ AuthType: 'API_KEY' }],
      DefaultSubscribeAuthModes: [{ AuthType: 'API_KEY' }],
      DefaultPublishAuthModes: [{ AuthType: 'AWS_IAM' }],
    });
  });

  it('has the orders namespace with the onSubscribe channel check', () => {
    template.hasResourceProperties('AWS::AppSync::ChannelNamespace', {
      Name: 'orders',
      CodeHandlers: orderChannelHandlerCode,
      SubscribeAuthModes: [{ AuthType: 'API_KEY' }],
      PublishAuthModes: [{ AuthType: 'AWS_IAM' }],
    });
  });

  it('writes no expiry for the API key, so the template does not change with the day it is synthesized', () => {
    expect(resources[logicalId(stack.realtime.apiKey)].Properties.Expires).toBeUndefined();
    expect(template.findResources('AWS::Scheduler::Schedule')).toEqual({});
  });

  it('extends the API key every 6 hours with a function that may only update API keys', () => {
    // Prepare
    const renewer = stack.realtime.apiKeyRenewer.function;
    const renewerId = logicalId(renewer);
    const actions = statementsOf({ stack, template }, renewer).flatMap((statement) => [statement.Action].flat());

    // Assess
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: `rate(${opsFunctions.apiKeyRenewer.everyHours} hours)`,
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [renewerId, 'Arn'] } })],
    });
    expect(resources[renewerId].Properties.Environment.Variables[envNames.eventsApiKeyArn]).toEqual({
      Ref: logicalId(stack.realtime.apiKey),
    });
    expect(actions.filter((action) => action.startsWith('appsync:'))).toEqual(['appsync:UpdateApiKey']);
    expect(actions.filter((action) => !/^(appsync|logs|xray):/.test(action))).toEqual([]);
  });

  it('outputs the HTTP and realtime hosts and the API key id', () => {
    const values = Object.values(template.toJSON().Outputs).map((output) => JSON.stringify(output));

    expect(values).toContainEqual(
      JSON.stringify({ Value: { 'Fn::GetAtt': [logicalId(stack.realtime.api), 'Dns.Http'] } }),
    );
    expect(values).toContainEqual(
      JSON.stringify({ Value: { 'Fn::GetAtt': [logicalId(stack.realtime.api), 'Dns.Realtime'] } }),
    );
    expect(values).toContainEqual(
      JSON.stringify({ Value: { 'Fn::GetAtt': [logicalId(stack.realtime.apiKey), 'ApiKeyId'] } }),
    );
  });
});

describe('alarms', () => {
  const topicRef = { Ref: logicalId(stack.alarms.topic) };

  // The Alarms construct's own; the reconciler and the publisher declare theirs (operations, realtime tests).
  const alarms = Object.entries(template.findResources('AWS::CloudWatch::Alarm'))
    .filter(([id]) => id.startsWith('Alarms'))
    .map(([, alarm]) => alarm);

  it('watch business metrics of their own stage: every function of the stack names it', () => {
    // Prepare
    const functions = Object.values(template.findResources('AWS::Lambda::Function')).filter(
      (fn) => fn.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME,
    );

    // Assess
    expect(functions.length).toBeGreaterThan(20);
    for (const fn of functions) expect(fn.Properties.Environment.Variables[envNames.stage]).toBe('prod');
  });

  it('mail the alarm address through a TLS-only topic', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@reelfive.com',
      TopicArn: topicRef,
    });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: [Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })],
      },
    });
  });

  // biome-ignore lint/suspicious/noExplicitAny: CloudFormation resources are free-form JSON
  const alarmNamed = (id: string): Record<string, any> => {
    const found = Object.entries(template.findResources('AWS::CloudWatch::Alarm')).filter(([logical]) =>
      new RegExp(`^Alarms${id}[0-9A-F]{8}$`).test(logical),
    );
    if (found.length !== 1) throw new Error(`Expected one alarm Alarms${id}, found ${found.length}`);
    return found[0]?.[1].Properties;
  };
  const fnRef = (fn: IConstruct) => ({ Ref: logicalId(fn) });
  const atOrAbove = 'GreaterThanOrEqualToThreshold';

  it.each([
    {
      alarm: 'Api5xx',
      metric: { Namespace: 'AWS/ApiGateway', MetricName: '5xx', Statistic: 'Sum', Period: 300 },
      dimensions: () => [{ Name: 'ApiId', Value: fnRef(stack.api.httpApi) }],
      threshold: 3,
    },
    {
      alarm: 'WebhookErrors',
      metric: { Namespace: 'AWS/Lambda', MetricName: 'Errors', Statistic: 'Sum', Period: 300 },
      dimensions: () => [{ Name: 'FunctionName', Value: fnRef(stack.api.functionFor('StripeWebhook')) }],
      threshold: 1,
    },
    {
      alarm: 'WebhookSignatureRejected',
      metric: { Namespace: config.brand.name, MetricName: 'WebhookSignatureRejected', Statistic: 'Sum', Period: 300 },
      dimensions: () => [{ Name: 'FunctionName', Value: fnRef(stack.api.functionFor('StripeWebhook')) }],
      threshold: 1,
    },
    {
      // The dimensions Powertools Metrics writes (lambdas/common/powertools/metrics.ts): the service
      // and this stack's stage, so another stage's free orders never count here.
      alarm: 'FreeAdRedemptions',
      metric: { Namespace: config.brand.name, MetricName: 'FreeAdRedemptions', Statistic: 'Sum', Period: 3600 },
      dimensions: () => [
        { Name: 'service', Value: config.brand.slug },
        { Name: 'stage', Value: 'prod' },
      ],
      threshold: serviceLimits.freeAdRedemptionsAlarmPerHour,
    },
    {
      // Deliver's AdCostUsd (one value per ad), averaged over the hour, above the stage's limit.
      alarm: 'AdCostPerHour',
      metric: { Namespace: config.brand.name, MetricName: 'AdCostUsd', Statistic: 'Average', Period: 3600 },
      dimensions: () => [
        { Name: 'service', Value: config.brand.slug },
        { Name: 'stage', Value: 'prod' },
      ],
      threshold: generationConfig.costPerAd.alarmUsdPerAd + 0.0001,
    },
    {
      alarm: 'RenderErrors',
      metric: { Namespace: 'AWS/Lambda', MetricName: 'Errors', Statistic: 'Sum', Period: 300 },
      dimensions: () => [{ Name: 'FunctionName', Value: fnRef(stack.generation.renderFunction) }],
      threshold: 1,
    },
    {
      alarm: 'RenderThrottles',
      metric: { Namespace: 'AWS/Lambda', MetricName: 'Throttles', Statistic: 'Sum', Period: 300 },
      dimensions: () => [{ Name: 'FunctionName', Value: fnRef(stack.generation.renderFunction) }],
      threshold: 1,
    },
    {
      alarm: 'ExecutionEndedDeadLetters',
      metric: { Namespace: 'AWS/SQS', MetricName: 'ApproximateNumberOfMessagesVisible', Statistic: 'Maximum' },
      dimensions: () => [
        {
          Name: 'QueueName',
          Value: { 'Fn::GetAtt': [logicalId(stack.generation.executionEndedDeadLetters), 'QueueName'] },
        },
      ],
      threshold: 1,
    },
    {
      alarm: 'ReconcilerNotRunning',
      metric: { Namespace: 'AWS/Lambda', MetricName: 'Invocations', Statistic: 'Sum', Period: 900 },
      dimensions: () => [{ Name: 'FunctionName', Value: fnRef(stack.operations.reconciler) }],
      threshold: 1,
      comparison: 'LessThanThreshold',
      missing: 'breaching',
    },
    {
      alarm: 'SesBounceRate',
      metric: { Namespace: 'AWS/SES', MetricName: 'Reputation.BounceRate', Statistic: 'Maximum', Period: 3600 },
      dimensions: () => undefined,
      threshold: 0.05,
    },
    {
      alarm: 'SesComplaintRate',
      metric: { Namespace: 'AWS/SES', MetricName: 'Reputation.ComplaintRate', Statistic: 'Maximum', Period: 3600 },
      dimensions: () => undefined,
      threshold: 0.001,
    },
    {
      alarm: 'ApiKeyExpiring',
      metric: { Namespace: config.brand.name, MetricName: 'ApiKeyDaysLeft', Statistic: 'Minimum', Period: 86_400 },
      dimensions: () => [
        { Name: 'ApiId', Value: { 'Fn::GetAtt': [logicalId(stack.realtime.api), 'ApiId'] } },
        { Name: 'service', Value: config.brand.slug },
      ],
      threshold: 30,
      comparison: 'LessThanThreshold',
      missing: 'breaching',
    },
  ])('$alarm watches $metric.MetricName, threshold $threshold, and mails ops', (expected) => {
    const alarm = alarmNamed(expected.alarm);

    expect(alarm).toMatchObject({
      ...expected.metric,
      Threshold: expected.threshold,
      ComparisonOperator: expected.comparison ?? atOrAbove,
      EvaluationPeriods: 1,
      TreatMissingData: expected.missing ?? 'notBreaching',
      AlarmActions: [topicRef],
    });
    expect(alarm.Dimensions).toEqual(expected.dimensions());
    expect(alarm.AlarmDescription).toContain(`Ops runbook, "${expected.alarm}"`);
  });

  it('GenerationFailed counts failed and timed-out executions of the machine, and mails ops', () => {
    const alarm = alarmNamed('GenerationFailed');
    const metrics = JSON.stringify(alarm.Metrics);

    expect(metrics).toContain('"MetricName":"ExecutionsFailed"');
    expect(metrics).toContain('"MetricName":"ExecutionsTimedOut"');
    expect(metrics).toContain(JSON.stringify({ Name: 'StateMachineArn', Value: fnRef(stack.generation.stateMachine) }));
    expect(alarm).toMatchObject({ Threshold: 1, TreatMissingData: 'notBreaching', AlarmActions: [topicRef] });
  });

  it.each(apiRoutes.map((route) => route.name))('ApiThrottles%s watches its route function and mails ops', (route) => {
    expect(alarmNamed(`ApiThrottles${route}`)).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'Throttles',
      Dimensions: [{ Name: 'FunctionName', Value: fnRef(stack.api.functionFor(route)) }],
      Threshold: 1,
      ComparisonOperator: atOrAbove,
      TreatMissingData: 'notBreaching',
      AlarmActions: [topicRef],
    });
  });

  it('has no other alarm of its own', () => {
    expect(alarms).toHaveLength(13 + apiRoutes.length);
  });

  it('has a runbook entry (docs/runbook.md, "Alarms") for each alarm its description names', () => {
    const doc = readFileSync(new URL('../../docs/runbook.md', import.meta.url), 'utf8');
    const runbook = doc.slice(doc.indexOf('\n### Alarms'), doc.indexOf('\n## ', doc.indexOf('\n### Alarms')));
    const entries = alarms.map((alarm) => /Ops runbook, "([^"]+)"/.exec(alarm.Properties.AlarmDescription)?.[1]);

    for (const entry of new Set(entries)) {
      expect(
        [`- **${entry}**`, `- **\`${entry}\`**`].some((heading) => runbook.includes(heading)),
        `${entry}`,
      ).toBe(true);
    }
  });

  it('counts webhook signature rejections from the webhook log line the handler writes', () => {
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      LogGroupName: { Ref: logicalId(stack.api.functionFor('StripeWebhook').logGroup) },
      FilterPattern: `{ $.message = "${signatureRejectedMessage}" }`,
      MetricTransformations: [
        {
          MetricNamespace: config.brand.name,
          MetricName: 'WebhookSignatureRejected',
          MetricValue: '1',
          Dimensions: [{ Key: 'FunctionName', Value: '$.function_name' }],
        },
      ],
    });
  });
});
