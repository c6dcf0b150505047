import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DescribeExecutionCommand,
  type DescribeExecutionCommandOutput,
  ExecutionAlreadyExists,
  GetExecutionHistoryCommand,
  ListExecutionsCommand,
  SFNClient,
  StartExecutionCommand,
  StopExecutionCommand,
} from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionRecord } from '#local/step-functions/executions.ts';
import { type LocalStepFunctions, startStepFunctions } from '#local/step-functions/server.ts';

// A generation-like machine as `cdk synth` writes it: the DefinitionString is an Fn::Join around
// Fn::GetAtt of the functions. MarkProcessing (function ARN, Retry on a custom error, no Catch) →
// StartRender (lambda:invoke with Payload) → WaitForRender (SecondsPath) → CheckRender (Catch) →
// IsRenderDone (Choice) ↺ PauseBeforeCheck (Seconds) → Done; a caught failure → MarkFailed → Failed.
const asl = (lambda: (logicalId: string) => unknown) => [
  '{"StartAt":"MarkProcessing","TimeoutSeconds":2,"States":{',
  '"MarkProcessing":{"Type":"Task","Resource":"',
  lambda('MarkProcessingFnA1B2C3D4'),
  '","ResultPath":"$.order","Retry":[{"ErrorEquals":["RetryableError"],"IntervalSeconds":2,"MaxAttempts":2,"BackoffRate":2}],"Next":"StartRender"},',
  '"StartRender":{"Type":"Task","Resource":"arn:',
  { Ref: 'AWS::Partition' },
  ':states:::lambda:invoke","Parameters":{"FunctionName":"',
  lambda('StartRenderFnE5F6A7B8'),
  '","Payload.$":"$"},"ResultSelector":{"jobId.$":"$.Payload.jobId","pollSeconds.$":"$.Payload.pollSeconds"},"ResultPath":"$.render","Next":"WaitForRender"},',
  '"WaitForRender":{"Type":"Wait","SecondsPath":"$.render.pollSeconds","Next":"CheckRender"},',
  '"CheckRender":{"Type":"Task","Resource":"',
  lambda('CheckRenderFnC9D0E1F2'),
  '","ResultPath":"$.check","Catch":[{"ErrorEquals":["States.ALL"],"ResultPath":"$.failure","Next":"MarkFailed"}],"Next":"IsRenderDone"},',
  '"IsRenderDone":{"Type":"Choice","Choices":[{"Variable":"$.check.done","BooleanEquals":true,"Next":"Done"}],"Default":"PauseBeforeCheck"},',
  '"PauseBeforeCheck":{"Type":"Wait","Seconds":5,"Next":"CheckRender"},',
  '"Done":{"Type":"Succeed","OutputPath":"$.check"},',
  '"MarkFailed":{"Type":"Task","Resource":"',
  lambda('MarkFailedFn3A4B5C6D'),
  '","ResultPath":null,"Next":"Failed"},',
  '"Failed":{"Type":"Fail","Error":"GenerationFailed","Cause":"The render failed"}}}',
];

const template = {
  Resources: {
    MarkProcessingFnA1B2C3D4: { Type: 'AWS::Lambda::Function', Properties: {} },
    StartRenderFnE5F6A7B8: { Type: 'AWS::Lambda::Function', Properties: {} },
    CheckRenderFnC9D0E1F2: { Type: 'AWS::Lambda::Function', Properties: {} },
    MarkFailedFn3A4B5C6D: { Type: 'AWS::Lambda::Function', Properties: {} },
    GenerationStateMachine12345678: {
      Type: 'AWS::StepFunctions::StateMachine',
      Properties: {
        RoleArn: { 'Fn::GetAtt': ['GenerationStateMachineRole', 'Arn'] },
        DefinitionString: { 'Fn::Join': ['', asl((logicalId) => ({ 'Fn::GetAtt': [logicalId, 'Arn'] }))] },
      },
    },
    GenerationStateMachineRole: { Type: 'AWS::IAM::Role', Properties: {} },
  },
};

class RetryableError extends Error {
  override name = 'RetryableError';
}
class BadOrderError extends Error {
  override name = 'BadOrderError';
}
class RenderCrashed extends Error {
  override name = 'RenderCrashed';
}

interface Order {
  orderId: string;
  /** MarkProcessing throws RetryableError this many times first. */
  flaky?: number;
  /** MarkProcessing throws BadOrderError. */
  bad?: boolean;
  /** CheckRender reports done after this many checks. */
  checks?: number;
  /** CheckRender throws RenderCrashed. */
  crash?: boolean;
  /** StartRender's poll interval (scaled by 0.01 in this file). */
  pollSeconds?: number;
}

describe('Step Functions for the twin', () => {
  let directory = '';
  let storeFile = '';
  let steps: LocalStepFunctions;
  let sfn: SFNClient;
  const calls: { state: string; input: unknown }[] = [];
  const ended: ExecutionRecord[] = [];
  const attempts = new Map<string, number>();

  const taskHandlers = {
    async MarkProcessing(input: unknown) {
      const order = input as Order;
      calls.push({ state: 'MarkProcessing', input });
      const attempt = (attempts.get(order.orderId) ?? 0) + 1;
      attempts.set(order.orderId, attempt);
      if (order.bad) throw new BadOrderError(`Order ${order.orderId} cannot be made`);
      if (attempt <= (order.flaky ?? 0)) throw new RetryableError(`Attempt ${attempt} hit a throttle`);
      return { status: 'processing', attempt };
    },
    async StartRender(input: unknown) {
      calls.push({ state: 'StartRender', input });
      const order = input as Order;
      return { jobId: `job-${order.orderId}`, pollSeconds: order.pollSeconds ?? 1 };
    },
    async CheckRender(input: unknown) {
      calls.push({ state: 'CheckRender', input });
      const order = input as Order & { render: { jobId: string } };
      if (order.crash) throw new RenderCrashed('ffmpeg exited with code 1');
      const key = `checks-${order.orderId}`;
      const checks = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, checks);
      return { done: checks >= (order.checks ?? 1), checks, jobId: order.render.jobId };
    },
    async MarkFailed(input: unknown) {
      calls.push({ state: 'MarkFailed', input });
      return { marked: true };
    },
  };

  const start = (service: { endpoint: string }) => {
    sfn?.destroy();
    sfn = new SFNClient({
      endpoint: service.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'twin', secretAccessKey: 'twin' },
    });
  };
  const startService = async () => {
    steps = await startStepFunctions({
      template,
      taskHandlers,
      storeFile,
      waitScale: 0.01,
      onExecutionEnd: (execution) => {
        ended.push(execution);
      },
    });
    start(steps);
  };
  const run = (order: Order, name = order.orderId) =>
    sfn.send(new StartExecutionCommand({ stateMachineArn: steps.stateMachineArn, name, input: JSON.stringify(order) }));
  const describeUntilDone = async (executionArn: string): Promise<DescribeExecutionCommandOutput> => {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const described = await sfn.send(new DescribeExecutionCommand({ executionArn }));
      if (described.status !== 'RUNNING') return described;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${executionArn} still running`);
  };

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'reelfive-sfn-'));
    storeFile = join(directory, 'executions.json');
    await startService();
  });

  afterAll(async () => {
    sfn?.destroy();
    await steps?.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('runs the loop to success and describes it with its output', async () => {
    // Act
    const { executionArn, startDate } = await run({ orderId: 'order-ok', checks: 3 });
    const described = await describeUntilDone(executionArn ?? '');

    // Assess
    expect(executionArn).toBe(
      'arn:aws:states:us-east-1:000000000000:execution:GenerationStateMachine12345678:order-ok',
    );
    expect(startDate).toBeInstanceOf(Date);
    expect(described).toMatchObject({
      status: 'SUCCEEDED',
      name: 'order-ok',
      stateMachineArn: 'arn:aws:states:us-east-1:000000000000:stateMachine:GenerationStateMachine12345678',
    });
    expect(JSON.parse(described.input ?? '')).toEqual({ orderId: 'order-ok', checks: 3 });
    expect(JSON.parse(described.output ?? '')).toEqual({ done: true, checks: 3, jobId: 'job-order-ok' });
    expect(described.stopDate?.getTime()).toBeGreaterThanOrEqual(described.startDate?.getTime() ?? Infinity);
    expect(
      calls.filter((call) => call.state === 'CheckRender' && (call.input as Order).orderId === 'order-ok'),
    ).toHaveLength(3);
  });

  it('gives a lambda:invoke task its Payload and the state the Invoke response', async () => {
    // Act
    const { executionArn } = await run({ orderId: 'order-payload' });
    await describeUntilDone(executionArn ?? '');

    // Assess
    const startRender = calls.find(
      (call) => call.state === 'StartRender' && (call.input as Order).orderId === 'order-payload',
    );
    expect(startRender?.input).toEqual({ orderId: 'order-payload', order: { status: 'processing', attempt: 1 } });
    const checkRender = calls.find(
      (call) => call.state === 'CheckRender' && (call.input as Order).orderId === 'order-payload',
    );
    expect((checkRender?.input as { render?: unknown } | undefined)?.render).toEqual({
      jobId: 'job-order-payload',
      pollSeconds: 1,
    });
  });

  it('answers a repeated start of a running execution with the same ARN', async () => {
    // Prepare
    const order = { orderId: 'order-repeat', pollSeconds: 20 };
    const first = await run(order);

    // Act
    const second = await run(order);

    // Assess
    expect(second.executionArn).toBe(first.executionArn);
    await describeUntilDone(first.executionArn ?? '');
  });

  it('refuses to start an execution again once it has finished', async () => {
    // Prepare
    const { executionArn } = await run({ orderId: 'order-once' });
    await describeUntilDone(executionArn ?? '');

    // Act
    const again = await run({ orderId: 'order-once' }).catch((error: unknown) => error);

    // Assess
    expect(again).toBeInstanceOf(ExecutionAlreadyExists);
    expect((again as ExecutionAlreadyExists).$metadata.httpStatusCode).toBe(400);
    expect((again as ExecutionAlreadyExists).message).toContain(executionArn);
  });

  it('refuses the same name with a different input while running', async () => {
    // Prepare
    await run({ orderId: 'order-clash', pollSeconds: 50 });

    // Act
    const clash = await run({ orderId: 'order-clash', pollSeconds: 49 }).catch((error: unknown) => error);

    // Assess
    expect(clash).toBeInstanceOf(ExecutionAlreadyExists);
  });

  it('retries a task that throws the error its Retry names, by the error class name', async () => {
    // Act
    const { executionArn } = await run({ orderId: 'order-flaky', flaky: 2 });
    const described = await describeUntilDone(executionArn ?? '');

    // Assess
    expect(described.status).toBe('SUCCEEDED');
    expect(attempts.get('order-flaky')).toBe(3);
  });

  it('fails the execution with the task error name and a Lambda-style JSON cause when nothing catches it', async () => {
    // Act
    const { executionArn } = await run({ orderId: 'order-bad', bad: true });
    const described = await describeUntilDone(executionArn ?? '');

    // Assess
    expect(described.status).toBe('FAILED');
    expect(described.error).toBe('BadOrderError');
    const cause = JSON.parse(described.cause ?? '');
    expect(cause).toMatchObject({ errorType: 'BadOrderError', errorMessage: 'Order order-bad cannot be made' });
    expect(cause.trace[0]).toBe('BadOrderError: Order order-bad cannot be made');
    expect(described.output).toBeUndefined();
  });

  it('fails with the retried error once Retry gives up', async () => {
    // Act
    const { executionArn } = await run({ orderId: 'order-throttled', flaky: 10 });
    const described = await describeUntilDone(executionArn ?? '');

    // Assess
    expect(described.status).toBe('FAILED');
    expect(described.error).toBe('RetryableError');
    expect(attempts.get('order-throttled')).toBe(3);
  });

  it('routes a caught error to the Catch state with Error and Cause, then ends in the Fail state', async () => {
    // Act
    const { executionArn } = await run({ orderId: 'order-crash', crash: true });
    const described = await describeUntilDone(executionArn ?? '');

    // Assess
    expect(described).toMatchObject({ status: 'FAILED', error: 'GenerationFailed', cause: 'The render failed' });
    const markFailed = calls.find(
      (call) => call.state === 'MarkFailed' && (call.input as Order).orderId === 'order-crash',
    );
    const failure = (markFailed?.input as { failure?: { Error: string; Cause: string } } | undefined)?.failure;
    expect(failure?.Error).toBe('RenderCrashed');
    expect(JSON.parse(failure?.Cause ?? '')).toMatchObject({
      errorType: 'RenderCrashed',
      errorMessage: 'ffmpeg exited with code 1',
    });
  });

  it('aborts a running execution on StopExecution with the given error and cause', async () => {
    // Prepare
    const { executionArn } = await run({ orderId: 'order-stopped', pollSeconds: 100 });

    // Act
    const { stopDate } = await sfn.send(
      new StopExecutionCommand({ executionArn, error: 'Ops.Cancelled', cause: 'Buyer asked for a refund' }),
    );
    const described = await sfn.send(new DescribeExecutionCommand({ executionArn }));

    // Assess
    expect(stopDate).toBeInstanceOf(Date);
    expect(described).toMatchObject({ status: 'ABORTED', error: 'Ops.Cancelled', cause: 'Buyer asked for a refund' });
    const history = await sfn.send(new GetExecutionHistoryCommand({ executionArn }));
    expect(history.events?.slice(-2).map((event) => event.type)).toEqual(['WaitStateAborted', 'ExecutionAborted']);
  });

  it("times an execution out after the machine's TimeoutSeconds", async () => {
    // Act
    const { executionArn } = await run({ orderId: 'order-slow', pollSeconds: 1000 });
    const described = await describeUntilDone(executionArn ?? '');

    // Assess
    expect(described.status).toBe('TIMED_OUT');
    expect(described.error).toBe('States.Timeout');
  });

  it('reports every ended execution to onExecutionEnd', async () => {
    // Act
    const byName = (name: string) => ended.find((execution) => execution.name === name)?.status;

    // Assess
    expect(byName('order-ok')).toBe('SUCCEEDED');
    expect(byName('order-bad')).toBe('FAILED');
    expect(byName('order-stopped')).toBe('ABORTED');
    expect(byName('order-slow')).toBe('TIMED_OUT');
    expect(ended.filter((execution) => execution.name === 'order-ok')).toHaveLength(1);
  });

  it('tells the history with Step Functions event types, retries and timestamps included', async () => {
    // Prepare
    const executionArn = steps.getExecution('order-flaky')?.executionArn;

    // Act
    const { events = [] } = await sfn.send(new GetExecutionHistoryCommand({ executionArn }));

    // Assess
    expect(events.slice(0, 10).map((event) => event.type)).toEqual([
      'ExecutionStarted',
      'TaskStateEntered',
      'LambdaFunctionScheduled',
      'LambdaFunctionStarted',
      'LambdaFunctionFailed',
      'LambdaFunctionScheduled',
      'LambdaFunctionStarted',
      'LambdaFunctionFailed',
      'LambdaFunctionScheduled',
      'LambdaFunctionStarted',
    ]);
    const types = events.map((event) => event.type);
    expect(types).toContain('TaskScheduled');
    expect(types).toContain('WaitStateEntered');
    expect(types).toContain('ChoiceStateExited');
    expect(types.slice(-3)).toEqual(['SucceedStateEntered', 'SucceedStateExited', 'ExecutionSucceeded']);
    expect(events.map((event) => event.id)).toEqual(events.map((_, index) => index + 1));
    expect(events.every((event) => event.timestamp instanceof Date)).toBe(true);
    const failed = events.find((event) => event.type === 'LambdaFunctionFailed');
    expect(failed?.lambdaFunctionFailedEventDetails?.error).toBe('RetryableError');
    const scheduled = events.find((event) => event.type === 'TaskScheduled');
    expect(scheduled?.taskScheduledEventDetails).toMatchObject({ resourceType: 'lambda', resource: 'invoke' });
    expect(JSON.parse(scheduled?.taskScheduledEventDetails?.parameters ?? '').FunctionName).toBe(
      'arn:aws:lambda:us-east-1:000000000000:function:StartRenderFnE5F6A7B8',
    );
    const entered = events.find((event) => event.type === 'TaskStateEntered');
    expect(JSON.parse(entered?.stateEnteredEventDetails?.input ?? '')).toEqual({ orderId: 'order-flaky', flaky: 2 });
  });

  it('lists executions newest first and filters them by status', async () => {
    // Act
    const all = await sfn.send(new ListExecutionsCommand({ stateMachineArn: steps.stateMachineArn }));
    const failed = await sfn.send(
      new ListExecutionsCommand({ stateMachineArn: steps.stateMachineArn, statusFilter: 'FAILED' }),
    );

    // Assess
    expect(all.executions?.[0]?.name).toBe('order-slow');
    expect(failed.executions?.map((execution) => execution.name).sort()).toEqual([
      'order-bad',
      'order-crash',
      'order-throttled',
    ]);
  });

  it('waits for an execution by name until it ends', async () => {
    // Prepare
    await run({ orderId: 'order-awaited', checks: 2 });

    // Act
    const execution = await steps.waitForExecution('order-awaited', 5_000);

    // Assess
    expect(execution.status).toBe('SUCCEEDED');
    expect(execution.output).toEqual({ done: true, checks: 2, jobId: 'job-order-awaited' });
  });

  it('keeps executions across a restart and marks the ones that were running as aborted', async () => {
    // Prepare
    const { executionArn } = await run({ orderId: 'order-interrupted', pollSeconds: 100 });
    await steps.stop();
    const endedBefore = ended.length;

    // Act
    await startService();
    const interrupted = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    const kept = await sfn.send(
      new DescribeExecutionCommand({ executionArn: steps.getExecution('order-ok')?.executionArn }),
    );
    const again = await run({ orderId: 'order-ok', checks: 3 }).catch((error: unknown) => error);

    // Assess
    expect(interrupted).toMatchObject({ status: 'ABORTED', cause: 'twin restarted' });
    expect(kept.status).toBe('SUCCEEDED');
    expect(JSON.parse(kept.output ?? '')).toEqual({ done: true, checks: 3, jobId: 'job-order-ok' });
    expect(again).toBeInstanceOf(ExecutionAlreadyExists);
    await expect.poll(() => ended.slice(endedBefore).map((execution) => execution.name)).toEqual(['order-interrupted']);
  });

  it('refuses a definition that uses JSONata, which the runner would silently ignore', async () => {
    // Prepare
    const jsonata = {
      Resources: {
        Machine: {
          Type: 'AWS::StepFunctions::StateMachine',
          Properties: {
            DefinitionString:
              '{"QueryLanguage":"JSONata","StartAt":"Shape","States":{"Shape":{"Type":"Pass","Output":"{% $states.input %}","End":true}}}',
          },
        },
      },
    };

    // Act
    const starting = startStepFunctions({ template: jsonata, taskHandlers: {} });

    // Assess
    await expect(starting).rejects.toThrow(/JSONata/);
  });

  it('refuses to start when a Task state has no local handler', async () => {
    // Act
    const starting = startStepFunctions({ template, taskHandlers: { MarkProcessing: taskHandlers.MarkProcessing } });

    // Assess
    await expect(starting).rejects.toThrow(/StartRender, CheckRender, MarkFailed/);
  });
});
