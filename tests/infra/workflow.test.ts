// Generation state machine, realtime Events API and alarms.
import { CfnElement } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { generationSteps } from '../../lambdas/generation/steps.ts';
import { envNames } from '../../lambdas/shared/runtime-env.ts';
import { orderChannelHandlerCode } from '../../lib/realtime/order-channel.ts';
import { buildStack } from './stack.ts';

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
    expect(definition.TimeoutSeconds).toBe(3600);
  });

  it('has one Task per step, named after it, in table order, ending in success', () => {
    const taskNames = Object.entries(definition.States)
      .filter(([, state]) => state.Type === 'Task')
      .map(([name]) => name);

    expect(taskNames).toEqual(generationSteps.map((step) => step.state));
    expect(definition.StartAt).toBe(generationSteps[0].state);
    const last = definition.States[generationSteps[generationSteps.length - 1]?.state ?? ''];
    expect(definition.States[last?.Next ?? '']?.Type).toBe('Succeed');
  });

  it.each(generationSteps)(
    '$state invokes its function directly with its timeout and retries Lambda errors',
    (step) => {
      const state = definition.States[step.state];

      expect(state?.Resource).toMatch(new RegExp(`^<Generation${step.state}Function\\w*\\.Arn>$`));
      expect(state?.TimeoutSeconds).toBe(step.timeoutSeconds);
      expect(state?.Retry).toEqual([
        expect.objectContaining({
          ErrorEquals: expect.arrayContaining(['Lambda.ServiceException', 'Lambda.TooManyRequestsException']),
          BackoffRate: 2,
        }),
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
  const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm'));

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
