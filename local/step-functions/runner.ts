// Runs executions of the state machine with aws-local-stepfunctions: Task states call the local
// handlers as Lambda would (JSON in and out, errors as Error and Cause), and each step the library
// reports goes into the execution's history as Step Functions would record it.
import { ExecutionAbortedError, ExecutionError, ExecutionTimeoutError, StateMachine } from 'aws-local-stepfunctions';
import { type AslState, allStates, type StateMachineTemplate, twinAccountId } from '#local/cloudformation/template.ts';
import { refuseUnsupported, retryOverrides, runnableDefinition, waitOverrides } from './definition.ts';
import {
  appendEvent,
  asTaskFailure,
  type ExecutionRecord,
  type ExecutionStatus,
  json,
  jsonClone,
  recordTask,
  type TaskOutcome,
  terminal,
  untruncated,
  waitUntil,
} from './executions.ts';

export type TaskHandler = (input: unknown) => Promise<unknown>;

export interface ExecutionRunnerOptions {
  machine: StateMachineTemplate;
  /** Task state name → what runs it (the Lambda handler for that state). */
  taskHandlers: Record<string, TaskHandler>;
  /** Multiplies Wait durations and Retry intervals; 1 keeps AWS timing. */
  waitScale: number;
  /** Called once per execution that ends, whatever the status. */
  onExecutionEnd?: (execution: ExecutionRecord) => void | Promise<void>;
  log: (line: string) => void;
  /** Called after each change to an execution's record, so that it is saved. */
  changed: () => void;
}

export type ExecutionOutcome = { status: ExecutionStatus; output?: unknown; error?: string; cause?: string };

export interface ExecutionRunner {
  /** Runs an execution just started (RUNNING, with its ExecutionStarted event). */
  run(execution: ExecutionRecord): void;
  /** Aborts a running execution with the caller's error and cause; resolves once it has ended. */
  stop(execution: ExecutionRecord, request: { error?: string; cause?: string }): Promise<void>;
  /** Ends an execution nothing runs any more (one a previous process left RUNNING). */
  end(execution: ExecutionRecord, outcome: ExecutionOutcome): void;
  /** Ends are announced to onExecutionEnd only from this call on, once the caller can react to them. */
  announceEnds(): void;
  /** Stops every run and all recording; what is RUNNING stays so, as if the process died. */
  halt(): void;
  /** Resolves when every onExecutionEnd call made so far has finished. */
  announced(): Promise<void>;
}

interface RunningExecution {
  abort: () => void;
  /** Aborted with the execution; ends the twin's own sleeps. */
  signal: AbortSignal;
  stopRequest?: { error?: string; cause?: string };
  /** The state entered and not yet exited, for the <Type>StateAborted event. */
  currentState?: string;
  /** Task invocations whose outcome is still to be recorded, by state name. */
  pendingTasks: Map<string, { settled: boolean }[]>;
}

type LibraryEvent = {
  type: string;
  Error?: string;
  Cause?: unknown;
  index?: number;
  state?: { name: string; type: string; input?: unknown; output?: unknown };
  parentState?: { name: string };
};

export function createExecutionRunner(options: ExecutionRunnerOptions): ExecutionRunner {
  const { machine, log, changed } = options;
  const scale = options.waitScale;
  const states = new Map(allStates(machine.definition));
  const missing = [...states].filter(([name, state]) => state.Type === 'Task' && !options.taskHandlers[name]);
  if (missing.length) {
    throw new Error(
      `No local handler for Task state(s) ${missing.map(([name]) => name).join(', ')} of ${machine.name}`,
    );
  }
  refuseUnsupported(machine.definition);
  const { definition, scaledWaits } = runnableDefinition(machine.definition, scale);
  const runner = new StateMachine(definition as never, { validationOptions: { checkPaths: true, checkArn: true } });

  const running = new Map<string, RunningExecution>();
  const notifications = new Set<Promise<void>>();
  let openGate: () => void = () => undefined;
  const gate = new Promise<void>((resolveGate) => {
    openGate = resolveGate;
  });
  let stopped = false;

  function finish(execution: ExecutionRecord, outcome: ExecutionOutcome, run: RunningExecution | undefined): void {
    if (terminal(execution.status)) return;
    const abortedState = run?.currentState ? states.get(run.currentState) : undefined;
    if (
      outcome.status !== 'SUCCEEDED' &&
      abortedState &&
      ['Task', 'Wait', 'Map', 'Parallel'].includes(abortedState.Type)
    ) {
      appendEvent(execution, `${abortedState.Type}StateAborted`, { name: run?.currentState });
    }
    Object.assign(execution, { status: outcome.status, stopDate: Date.now() });
    const errorDetails = {
      ...(outcome.error === undefined ? {} : { error: outcome.error }),
      ...(outcome.cause === undefined ? {} : { cause: outcome.cause }),
    };
    Object.assign(execution, errorDetails);
    switch (outcome.status) {
      case 'SUCCEEDED':
        execution.output = outcome.output;
        appendEvent(execution, 'ExecutionSucceeded', { output: json(outcome.output), outputDetails: untruncated });
        break;
      case 'FAILED':
        appendEvent(execution, 'ExecutionFailed', errorDetails);
        break;
      case 'TIMED_OUT':
        appendEvent(execution, 'ExecutionTimedOut', errorDetails);
        break;
      case 'ABORTED':
        appendEvent(execution, 'ExecutionAborted', errorDetails);
        break;
    }
    if (options.onExecutionEnd) {
      const notify = gate
        .then(() => options.onExecutionEnd?.(structuredClone(execution)))
        .catch((error: Error) => log(`onExecutionEnd failed for ${execution.executionArn}: ${error.stack ?? error}`))
        .finally(() => notifications.delete(notify));
      notifications.add(notify);
    }
  }

  /** Task handlers wrapped to behave like Lambda: JSON in and out, errors as {Error, Cause}, history events. */
  function taskOverrides(
    execution: ExecutionRecord,
    run: RunningExecution,
  ): Record<string, (input: unknown) => Promise<unknown>> {
    const overrides: Record<string, (input: unknown) => Promise<unknown>> = {};
    for (const [stateName, state] of states) {
      if (state.Type !== 'Task') continue;
      const handler = options.taskHandlers[stateName] as TaskHandler;
      const resource = String(state.Resource);
      // CDK LambdaInvoke without payloadResponseOnly: the function gets Parameters.Payload and the
      // state gets Lambda's Invoke response ({Payload, StatusCode…}).
      const invokesLambdaApi = resource.startsWith('arn:aws:states:::lambda:invoke');
      overrides[stateName] = async (input) => {
        // Let the runner's queued events (StateEntered…) be recorded first, so history stays in order.
        await new Promise((resolveTurn) => setImmediate(resolveTurn));
        const invocation = { settled: false };
        const pending = run.pendingTasks.get(stateName) ?? [];
        pending.push(invocation);
        run.pendingTasks.set(stateName, pending);
        const record = (outcome: TaskOutcome) => {
          if (invocation.settled || terminal(execution.status) || stopped) return;
          if (outcome.kind === 'succeeded' || outcome.kind === 'failed') invocation.settled = true;
          recordTask(execution, state, outcome);
          changed();
        };
        record({ kind: 'scheduled', input });
        record({ kind: 'started' });
        try {
          const payload = invokesLambdaApi ? (input as { Payload?: unknown } | null)?.Payload : input;
          const result = jsonClone(await handler(jsonClone(payload)));
          const output = invokesLambdaApi ? { ExecutedVersion: '$LATEST', Payload: result, StatusCode: 200 } : result;
          record({ kind: 'succeeded', output });
          return output;
        } catch (error) {
          const failure = asTaskFailure(error);
          record({ kind: 'failed', error: failure.name, cause: failure.message });
          throw failure;
        }
      };
    }
    for (const [stateName, waitFor] of scaledWaits) {
      overrides[stateName] = async (input) => {
        await sleep(waitFor(input), run.signal);
        return input;
      };
    }
    return overrides;
  }

  function recordLibraryEvent(execution: ExecutionRecord, run: RunningExecution, event: LibraryEvent): void {
    if (terminal(execution.status) || stopped) return;
    const stateName = event.state?.name ?? '';
    const type = states.get(stateName)?.Type ?? event.state?.type ?? 'Task';
    switch (event.type) {
      case 'StateEntered':
        run.currentState = stateName;
        appendEvent(execution, `${type}StateEntered`, {
          name: stateName,
          input: json(event.state?.input),
          inputDetails: untruncated,
        });
        break;
      case 'StateExited':
        run.currentState = undefined;
        appendEvent(execution, `${type}StateExited`, {
          name: stateName,
          output: json(event.state?.output),
          outputDetails: untruncated,
        });
        break;
      case 'StateFailed':
        // The runner timed the task out; its handler may still be running and is ignored from now on.
        if (type === 'Task' && event.Error === 'States.Timeout') {
          const invocation = run.pendingTasks.get(stateName)?.find((candidate) => !candidate.settled);
          if (invocation) invocation.settled = true;
          recordTask(execution, states.get(stateName) as AslState, {
            kind: 'timedOut',
            error: 'States.Timeout',
            cause: 'The task did not finish within its TimeoutSeconds',
          });
        }
        break;
      case 'MapIterationStarted':
      case 'MapIterationSucceeded':
      case 'MapIterationFailed':
        appendEvent(execution, event.type, { name: event.parentState?.name, index: event.index });
        break;
      // ExecutionStarted/…Succeeded/…Failed come from finish(); StateRetried, StateCaught and
      // Parallel branch events have no counterpart in Step Functions' history.
    }
    changed();
  }

  function run(execution: ExecutionRecord): void {
    const controller = new AbortController();
    const runState: RunningExecution = { abort: () => undefined, signal: controller.signal, pendingTasks: new Map() };
    const started = runner.run(execution.input as never, {
      overrides: {
        taskResourceLocalHandlers: taskOverrides(execution, runState) as never,
        waitTimeOverrides: waitOverrides(definition, scale),
        retryIntervalOverrides: retryOverrides(definition, scale),
      },
      context: {
        Execution: {
          Id: execution.executionArn,
          Name: execution.name,
          RoleArn: `arn:aws:iam::${twinAccountId}:role/${machine.name}Role`,
          StartTime: new Date(execution.startDate).toISOString(),
        },
        StateMachine: { Id: machine.arn, Name: machine.name },
      },
    });
    runState.abort = () => {
      controller.abort();
      started.abort();
    };
    running.set(execution.executionArn, runState);
    const recorded = (async () => {
      for await (const event of started.eventLogs) recordLibraryEvent(execution, runState, event as LibraryEvent);
    })();
    started.result
      .then(
        (output) => ({ status: 'SUCCEEDED' as const, output }),
        (error: unknown) => outcomeOfError(error, runState, definition.TimeoutSeconds),
      )
      .then(async (outcome) => {
        await recorded;
        running.delete(execution.executionArn);
        if (stopped) return;
        finish(execution, outcome, runState);
        changed();
      })
      .catch((error: Error) =>
        log(`execution ${execution.executionArn} could not be recorded: ${error.stack ?? error}`),
      );
  }

  return {
    run,
    async stop(execution, request) {
      const runState = running.get(execution.executionArn);
      if (!runState || terminal(execution.status)) return;
      runState.stopRequest = {
        ...(request.error === undefined ? {} : { error: request.error }),
        ...(request.cause === undefined ? {} : { cause: request.cause }),
      };
      runState.abort();
      await waitUntil(() => terminal(execution.status), 10_000);
    },
    end: (execution, outcome) => finish(execution, outcome, undefined),
    announceEnds: () => openGate(),
    halt() {
      stopped = true;
      openGate();
      for (const runState of running.values()) runState.abort();
    },
    announced: async () => {
      await Promise.all(notifications);
    },
  };
}

function outcomeOfError(error: unknown, run: RunningExecution, timeoutSeconds: number | undefined): ExecutionOutcome {
  if (error instanceof ExecutionAbortedError) return { status: 'ABORTED', ...run.stopRequest };
  if (error instanceof ExecutionTimeoutError) {
    return {
      status: 'TIMED_OUT',
      error: 'States.Timeout',
      cause: `The execution ran longer than the state machine's TimeoutSeconds (${timeoutSeconds} s)`,
    };
  }
  const failure = error instanceof ExecutionError && error.cause instanceof Error ? error.cause : error;
  if (failure instanceof Error) {
    // A Fail state without Error/Cause: AWS reports neither.
    if (failure.name === 'FailStateError') return { status: 'FAILED' };
    return {
      status: 'FAILED',
      error: failure.name,
      ...(failure.message === 'Execution failed because of a Fail state' ? {} : { cause: failure.message }),
    };
  }
  return { status: 'FAILED', error: 'States.Runtime', cause: String(error) };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolveSleep) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolveSleep();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
