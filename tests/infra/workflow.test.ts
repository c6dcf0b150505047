// Generation state machine, realtime Events API and alarms.
import { CfnElement } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { type GenerationStep, generationSteps } from '../../lambdas/generation/steps.ts';
import { config } from '../../lambdas/shared/config.ts';
import { envNames } from '../../lambdas/shared/runtime-env.ts';
import { orderChannelHandlerCode } from '../../lib/realtime/order-channel.ts';
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
    expect(definition.TimeoutSeconds).toBe(config.generation.executionTimeoutMinutes * 60);
  });

  it('has one Task per step, named after it', () => {
    const taskNames = Object.entries(definition.States)
      .filter(([, state]) => state.Type === 'Task')
      .map(([name]) => name);

    expect(taskNames.sort()).toEqual(generationSteps.map((step) => step.state).sort());
  });

  it('runs the happy path in order, polling the render until it succeeds', () => {
    const path = [definition.StartAt];
    while (path.length < 20) {
      const current = definition.States[path.at(-1) ?? ''];
      const next = current?.Type === 'Choice' ? current.Choices?.[0]?.Next : current?.Next;
      if (!next) break;
      path.push(next);
    }

    expect(path).toEqual([
      'MarkProcessing',
      'AnalyzeWebsite',
      'WriteScript',
      'StartRender',
      'WaitForRender',
      'CheckRender',
      'RenderDone',
      'Deliver',
      'MarkCompleted',
      'Done',
    ]);
    expect(definition.States.WaitForRender).toMatchObject({
      Type: 'Wait',
      Seconds: config.generation.renderPollSeconds,
    });
    expect(definition.States.RenderDone).toMatchObject({
      Choices: [{ Variable: '$.render.status', StringEquals: 'succeeded', Next: 'Deliver' }],
      Default: 'WaitForRender',
    });
    expect(definition.States.Done?.Type).toBe('Succeed');
  });

  it('catches every error of the happy path into MarkFailed → Refund → NotifyOps → Fail', () => {
    for (const name of [
      'MarkProcessing',
      'AnalyzeWebsite',
      'WriteScript',
      'StartRender',
      'CheckRender',
      'Deliver',
      'MarkCompleted',
    ]) {
      expect(definition.States[name]?.Catch, name).toEqual([
        { ErrorEquals: ['States.ALL'], ResultPath: '$.failure', Next: 'MarkFailed' },
      ]);
    }
    expect(definition.States.MarkFailed?.Next).toBe('Refund');
    expect(definition.States.Refund?.Next).toBe('NotifyOps');
    expect(definition.States.NotifyOps?.Next).toBe('GenerationFailed');
    expect(definition.States.GenerationFailed?.Type).toBe('Fail');
    // A failing failure state still moves on, so ops always hear of it.
    expect(definition.States.MarkFailed?.Catch?.[0]?.Next).toBe('Refund');
    expect(definition.States.Refund?.Catch?.[0]?.Next).toBe('NotifyOps');
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

  it('renders in its own x86_64 function with the ffmpeg binaries and no async retries', () => {
    const render = resources[logicalId(stack.generation.renderFunction)];

    expect(render.Properties).toMatchObject({ Architectures: ['x86_64'], MemorySize: 3008, Timeout: 300 });
    expect(render.Properties.Environment.Variables).toMatchObject({
      FFMPEG_PATH: '/var/task/ffmpeg',
      RENDER_FONTS_DIR: '/var/task',
    });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: logicalId(stack.generation.renderFunction) },
      MaximumRetryAttempts: 0,
    });
    const startRender = resources[logicalId(stack.generation.stepFunctions.StartRender)];
    expect(startRender.Properties.Environment.Variables[envNames.renderFunctionName]).toEqual({
      Ref: logicalId(stack.generation.renderFunction),
    });
  });

  it('gives WriteScript Bedrock (one model, InvokeModel only) only when the stage picks that copywriter', () => {
    const policiesOf = (built: Pick<BuiltStack, 'stack' | 'template'>) =>
      statementsOf(built, built.stack.generation.stepFunctions.WriteScript);
    const environmentOf = (built: Pick<BuiltStack, 'stack' | 'template'>) =>
      built.template.toJSON().Resources[
        built.stack.getLogicalId(built.stack.generation.stepFunctions.WriteScript.node.defaultChild as CfnElement)
      ].Properties.Environment.Variables;

    expect(JSON.stringify(policiesOf({ stack, template }))).not.toContain('bedrock');
    expect(environmentOf({ stack, template })[envNames.copywriter]).toBeUndefined();

    const withModel = buildStack(testParameters({ copywriter: 'bedrock' }));
    expect(environmentOf(withModel)[envNames.copywriter]).toBe('bedrock');
    const bedrock = policiesOf(withModel).filter((statement) => JSON.stringify(statement).includes('bedrock'));
    expect(bedrock).toHaveLength(1);
    expect(bedrock[0]?.Action).toBe('bedrock:InvokeModel');
    expect(JSON.stringify(bedrock[0]?.Resource)).toContain(`:foundation-model/${config.generation.bedrockModelId}`);
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

  it('issues an API key that lasts 365 days, not CDK’s default 7', () => {
    const expires = resources[logicalId(stack.realtime.apiKey)].Properties.Expires as number;
    const days = (expires * 1000 - Date.now()) / 86_400_000;

    expect(days).toBeGreaterThan(364);
    // Expiration rounds to whole seconds at synth; deploying takes longer than that.
    expect(days).toBeLessThanOrEqual(365 + 1 / 86_400);
  });

  it('tells the ops topic 30 days before the API key expires', () => {
    const expires = resources[logicalId(stack.realtime.apiKey)].Properties.Expires as number;
    const warnAt = new Date((expires - 30 * 24 * 3600) * 1000).toISOString().replace(/\.\d{3}Z$/, '');
    const [schedule] = Object.values(template.findResources('AWS::Scheduler::Schedule'));

    expect(schedule?.Properties.ScheduleExpression).toBe(`at(${warnAt})`);
    expect(schedule?.Properties.Target.Arn).toEqual({ Ref: logicalId(stack.alarms.topic) });
    expect(schedule?.Properties.Target.Input).toContain('AppSync API key');
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

  it('watch API 5xx, webhook errors and failed or timed-out generations, each notifying ops', () => {
    const described = (metricName: string) =>
      alarms.find((alarm) => JSON.stringify(alarm.Properties).includes(`"MetricName":"${metricName}"`));

    expect(described('5xx')?.Properties.Dimensions).toEqual([
      { Name: 'ApiId', Value: { Ref: logicalId(stack.api.httpApi) } },
    ]);
    expect(described('Errors')?.Properties.Dimensions).toEqual([
      { Name: 'FunctionName', Value: { Ref: logicalId(stack.api.functionFor('StripeWebhook')) } },
    ]);
    expect(JSON.stringify(described('ExecutionsFailed')?.Properties)).toContain('ExecutionsTimedOut');
    expect(alarms).toHaveLength(3);
    for (const alarm of alarms) expect(alarm.Properties.AlarmActions).toEqual([topicRef]);
  });
});
