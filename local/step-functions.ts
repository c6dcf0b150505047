// Step Functions for the twin: runs the ASL that CDK synthesized with aws-local-stepfunctions,
// Task states calling local handlers (by state name), behind an HTTP endpoint that speaks the
// Step Functions JSON protocol so the real @aws-sdk/client-sfn works unmodified. Executions are
// kept in a JSON file so the ops pages and idempotent starts survive a restart.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { ExecutionAbortedError, ExecutionError, ExecutionTimeoutError, StateMachine } from 'aws-local-stepfunctions';
import {
  type AslDefinition,
  type AslState,
  allStates,
  type CloudFormationTemplate,
  stateMachineDefinition,
  twinAccountId,
  twinRegion,
} from './cloudformation.ts';

installPromiseWithResolvers();

export type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

/** One history event in the shape GetExecutionHistory answers, with `timestamp` in epoch ms. */
export interface HistoryEventRecord {
  id: number;
  previousEventId: number;
  type: string;
  timestamp: number;
  [details: string]: unknown;
}

export interface ExecutionRecord {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: ExecutionStatus;
  /** Epoch ms. */
  startDate: number;
  stopDate?: number;
  input: unknown;
  output?: unknown;
  error?: string;
  cause?: string;
  events: HistoryEventRecord[];
}

export type TaskHandler = (input: unknown) => Promise<unknown>;

export interface StepFunctionsOptions {
  template: CloudFormationTemplate;
  /** Task state name → what runs it (the Lambda handler for that state). */
  taskHandlers: Record<string, TaskHandler>;
  /** Executions persist here (JSON); in memory only when absent. */
  storeFile?: string;
  /** Multiplies Wait durations and Retry intervals (e.g. 0.01 in tests); 1 keeps AWS timing. */
  waitScale?: number;
  /** Called once per execution that ends, whatever the status (the twin's EventBridge rule). */
  onExecutionEnd?: (execution: ExecutionRecord) => void | Promise<void>;
  /** Where failures of onExecutionEnd are reported; console.error by default. */
  log?: (line: string) => void;
  /** A free port is picked when absent. */
  port?: number;
}

export interface LocalStepFunctions {
  endpoint: string;
  stateMachineArn: string;
  /** Every execution, oldest first. */
  listExecutions(): ExecutionRecord[];
  getExecution(arnOrName: string): ExecutionRecord | undefined;
  /** Resolves when the execution (by ARN or name) has ended; waits for it to exist too. */
  waitForExecution(arnOrName: string, timeoutMs?: number): Promise<ExecutionRecord>;
  /** Stops serving. Running executions are left RUNNING in the store, as if the process died. */
  stop(): Promise<void>;
}

/** aws-local-stepfunctions 3 calls Promise.withResolvers (Node ≥ 22); Node 20 lacks it. */
function installPromiseWithResolvers(): void {
  const promise = Promise as unknown as { withResolvers?: () => unknown };
  promise.withResolvers ??= () => {
    let resolve: unknown;
    let reject: unknown;
    const created = new Promise((resolvePromise, rejectPromise) => {
      resolve = resolvePromise;
      reject = rejectPromise;
    });
    return { promise: created, resolve, reject };
  };
}

/** A task's failure as Lambda reports it: Error = the thrown error's name, Cause = Lambda's JSON. */
class TaskFailure extends Error {
  constructor(errorType: string, cause: string) {
    super(cause);
    this.name = errorType;
  }
}

class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
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

const terminal = (status: ExecutionStatus) => status !== 'RUNNING';
const json = (value: unknown) => JSON.stringify(value ?? null);
const jsonClone = <T>(value: T): T => JSON.parse(json(value)) as T;

export async function startStepFunctions(options: StepFunctionsOptions): Promise<LocalStepFunctions> {
  const machine = stateMachineDefinition(options.template);
  const stateMachineArn = machine.arn;
  const scale = options.waitScale ?? 1;
  const log = options.log ?? ((line: string) => console.error(line));
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

  const store = executionStore(options.storeFile);
  const executions = await store.load();
  const running = new Map<string, RunningExecution>();
  const notifications = new Set<Promise<void>>();
  // Ends are announced only once start has returned, so the caller is wired up to react to them.
  let openGate: () => void = () => undefined;
  const gate = new Promise<void>((resolveGate) => {
    openGate = resolveGate;
  });
  let stopped = false;

  function finish(
    execution: ExecutionRecord,
    outcome: { status: ExecutionStatus; output?: unknown; error?: string; cause?: string },
    run: RunningExecution | undefined,
  ): void {
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
          store.save(executions);
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
    store.save(executions);
  }

  function startExecution(request: { stateMachineArn?: string; name?: string; input?: string }): ExecutionRecord {
    if (request.stateMachineArn !== stateMachineArn) {
      throw new ApiError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${request.stateMachineArn}'`);
    }
    const name = request.name ?? randomUUID();
    if (!isValidName(name)) {
      throw new ApiError('InvalidName', `Invalid Name: '${name}'`);
    }
    let input: unknown;
    try {
      input = JSON.parse(request.input ?? '{}');
    } catch {
      throw new ApiError('InvalidExecutionInput', 'Invalid State Machine Execution Input: the input is not valid JSON');
    }
    const executionArn = `arn:aws:states:${twinRegion}:${twinAccountId}:execution:${machine.name}:${name}`;
    const existing = executions.get(executionArn);
    if (existing) {
      // Like AWS: a repeat of a running execution (same input) is answered with it, anything else refused.
      if (existing.status === 'RUNNING' && json(existing.input) === json(input)) return existing;
      throw new ApiError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
    }
    const execution: ExecutionRecord = {
      executionArn,
      stateMachineArn,
      name,
      status: 'RUNNING',
      startDate: Date.now(),
      input,
      events: [],
    };
    appendEvent(execution, 'ExecutionStarted', {
      input: json(input),
      inputDetails: untruncated,
      roleArn: `arn:aws:iam::${twinAccountId}:role/${machine.name}Role`,
    });
    executions.set(executionArn, execution);
    store.save(executions);
    run(execution);
    return execution;
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
        StateMachine: { Id: stateMachineArn, Name: machine.name },
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
        store.save(executions);
      })
      .catch((error: Error) =>
        log(`execution ${execution.executionArn} could not be recorded: ${error.stack ?? error}`),
      );
  }

  async function stopExecution(request: {
    executionArn?: string;
    error?: string;
    cause?: string;
  }): Promise<ExecutionRecord> {
    const execution = executions.get(request.executionArn ?? '');
    if (!execution) throw new ApiError('ExecutionDoesNotExist', `Execution Does Not Exist: '${request.executionArn}'`);
    const runState = running.get(execution.executionArn);
    if (runState && !terminal(execution.status)) {
      runState.stopRequest = {
        ...(request.error === undefined ? {} : { error: request.error }),
        ...(request.cause === undefined ? {} : { cause: request.cause }),
      };
      runState.abort();
      await waitUntil(() => terminal(execution.status), 10_000);
    }
    return execution;
  }

  // Whatever was running when the last process ended cannot be resumed.
  for (const execution of executions.values()) {
    if (execution.status === 'RUNNING') {
      finish(execution, { status: 'ABORTED', error: 'TwinRestarted', cause: 'twin restarted' }, undefined);
    }
  }
  store.save(executions);

  const api = apiHandlers({
    stateMachineArn,
    machineName: machine.name,
    definition: machine.definition,
    executions,
    startExecution,
    stopExecution,
  });
  const server = createServer((req, res) => {
    serveApi(req, res, api).catch((error: Error) => log(`Step Functions request failed: ${error.stack ?? error}`));
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;

  const find = (arnOrName: string) =>
    executions.get(arnOrName) ?? [...executions.values()].find((execution) => execution.name === arnOrName);

  setImmediate(openGate);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stateMachineArn,
    listExecutions: () => [...executions.values()].map((execution) => structuredClone(execution)),
    getExecution: (arnOrName) => {
      const execution = find(arnOrName);
      return execution && structuredClone(execution);
    },
    async waitForExecution(arnOrName, timeoutMs = 30_000) {
      try {
        await waitUntil(() => {
          const execution = find(arnOrName);
          return execution !== undefined && terminal(execution.status);
        }, timeoutMs);
      } catch {
        const status = find(arnOrName)?.status ?? 'not started';
        throw new Error(`Execution ${arnOrName} did not end within ${timeoutMs} ms (status: ${status})`);
      }
      return structuredClone(find(arnOrName) as ExecutionRecord);
    },
    async stop() {
      stopped = true;
      openGate();
      for (const runState of running.values()) runState.abort();
      server.closeAllConnections();
      await new Promise((resolveClose) => server.close(() => resolveClose(undefined)));
      await Promise.all(notifications);
      await store.flush(executions);
    },
  };
}

type LibraryEvent = {
  type: string;
  Error?: string;
  Cause?: unknown;
  index?: number;
  state?: { name: string; type: string; input?: unknown; output?: unknown };
  parentState?: { name: string };
};

type TaskOutcome =
  | { kind: 'scheduled'; input: unknown }
  | { kind: 'started' }
  | { kind: 'succeeded'; output: unknown }
  | { kind: 'failed' | 'timedOut'; error: string; cause: string };

/** Task events as Step Functions names them: LambdaFunction* for a function ARN, Task* for integrations. */
function recordTask(execution: ExecutionRecord, state: AslState, outcome: TaskOutcome): void {
  const resource = String(state.Resource);
  const [, resourceType, resourceName] = /^arn:aws:states:::([^:]+):(.+)$/.exec(resource) ?? [];
  const kind = `${outcome.kind.charAt(0).toUpperCase()}${outcome.kind.slice(1)}`;
  const timeoutInSeconds = typeof state.TimeoutSeconds === 'number' ? state.TimeoutSeconds : 60;
  let details: Record<string, unknown> | undefined;
  if (outcome.kind === 'scheduled') {
    details = resourceType
      ? { region: twinRegion, parameters: json(outcome.input), timeoutInSeconds }
      : { resource, input: json(outcome.input), inputDetails: untruncated, timeoutInSeconds };
  } else if (outcome.kind === 'succeeded') details = { output: json(outcome.output), outputDetails: untruncated };
  else if (outcome.kind !== 'started') details = { error: outcome.error, cause: outcome.cause };
  if (!resourceType) appendEvent(execution, `LambdaFunction${kind}`, details);
  else appendEvent(execution, `Task${kind}`, { resourceType, resource: resourceName, ...details });
}

const untruncated = { truncated: false };

/** Appends a history event, its details under the key GetExecutionHistory uses for that type. */
function appendEvent(execution: ExecutionRecord, type: string, details?: Record<string, unknown>): void {
  const id = execution.events.length + 1;
  const key = /StateEntered$/.test(type)
    ? 'stateEnteredEventDetails'
    : /State(Exited|Aborted)$/.test(type)
      ? 'stateExitedEventDetails'
      : `${type.charAt(0).toLowerCase()}${type.slice(1)}EventDetails`;
  execution.events.push({
    id,
    previousEventId: id - 1,
    type,
    timestamp: Date.now(),
    ...(details ? { [key]: details } : {}),
  });
}

function asTaskFailure(error: unknown): TaskFailure {
  if (error instanceof Error) {
    const cause = { errorType: error.name, errorMessage: error.message, trace: (error.stack ?? '').split('\n') };
    return new TaskFailure(error.name, JSON.stringify(cause));
  }
  return new TaskFailure('Error', JSON.stringify({ errorType: 'Error', errorMessage: String(error), trace: [] }));
}

function outcomeOfError(
  error: unknown,
  run: RunningExecution,
  timeoutSeconds: number | undefined,
): { status: ExecutionStatus; error?: string; cause?: string } {
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

/**
 * aws-local-stepfunctions ignores JSONata without a word and lacks variables and task tokens;
 * a definition using them would run wrongly, so the twin refuses it up front.
 */
function refuseUnsupported(definition: AslDefinition): void {
  const problems: string[] = [];
  if (definition.QueryLanguage === 'JSONata') problems.push('QueryLanguage JSONata');
  for (const [name, state] of allStates(definition)) {
    if (state.QueryLanguage === 'JSONata') problems.push(`${name}: QueryLanguage JSONata`);
    if (state.Assign !== undefined) problems.push(`${name}: Assign (variables)`);
    if (String(state.Resource ?? '').endsWith('.waitForTaskToken')) problems.push(`${name}: .waitForTaskToken`);
  }
  if (problems.length) throw new Error(`The twin cannot run this state machine: ${problems.join('; ')}`);
}

/** setTimeout's ceiling: the runner arms timers for TimeoutSeconds, and Node fires longer ones after 1 ms. */
const maxTimerSeconds = Math.floor(2 ** 31 / 1000) - 1;

/**
 * The definition as the runner gets it: timeouts clamped to what a timer can hold and, with a
 * waitScale, Wait states that read their time from the input (SecondsPath/TimestampPath) turned
 * into Task states run by a local sleep (the runner's wait overrides are fixed numbers).
 */
function runnableDefinition(
  definition: AslDefinition,
  scale: number,
): { definition: AslDefinition; scaledWaits: Map<string, (input: unknown) => number> } {
  const scaledWaits = new Map<string, (input: unknown) => number>();
  const copy = structuredClone(definition);
  const clamp = (holder: Record<string, unknown>) => {
    if (typeof holder.TimeoutSeconds === 'number')
      holder.TimeoutSeconds = Math.min(holder.TimeoutSeconds, maxTimerSeconds);
  };
  clamp(copy);
  for (const [name, state] of allStates(copy)) {
    clamp(state);
    if (scale === 1 || state.Type !== 'Wait' || (state.SecondsPath === undefined && state.TimestampPath === undefined))
      continue;
    const secondsPath = state.SecondsPath as string | undefined;
    const timestampPath = state.TimestampPath as string | undefined;
    scaledWaits.set(name, (input) =>
      secondsPath
        ? Number(readPath(input, secondsPath)) * 1000 * scale
        : Math.max(0, Date.parse(String(readPath(input, timestampPath as string))) - Date.now()) * scale,
    );
    for (const field of ['SecondsPath', 'TimestampPath']) delete state[field];
    Object.assign(state, { Type: 'Task', Resource: 'arn:aws:states:::twin:wait', TimeoutSeconds: maxTimerSeconds });
  }
  return { definition: copy, scaledWaits };
}

function waitOverrides(definition: AslDefinition, scale: number): Record<string, number> {
  const overrides: Record<string, number> = {};
  if (scale === 1) return overrides;
  for (const [name, state] of allStates(definition)) {
    if (state.Type !== 'Wait') continue;
    if (typeof state.Seconds === 'number') overrides[name] = state.Seconds * 1000 * scale;
    else if (typeof state.Timestamp === 'string') {
      const timestamp = state.Timestamp;
      Object.defineProperty(overrides, name, {
        enumerable: true,
        get: () => Math.max(0, Date.parse(timestamp) - Date.now()) * scale,
      });
    }
  }
  return overrides;
}

/** Scaled retry intervals (without backoff growth: the runner takes one fixed interval per retrier). */
function retryOverrides(definition: AslDefinition, scale: number): Record<string, number[]> {
  const overrides: Record<string, number[]> = {};
  if (scale === 1) return overrides;
  for (const [name, state] of allStates(definition)) {
    if (!Array.isArray(state.Retry)) continue;
    overrides[name] = (state.Retry as { IntervalSeconds?: number }[]).map(
      (retrier) => (retrier.IntervalSeconds ?? 1) * 1000 * scale,
    );
  }
  return overrides;
}

/** `$`, `$.a.b`, `$.a[0].b` — what SecondsPath/TimestampPath use in practice. */
function readPath(input: unknown, path: string): unknown {
  if (!path.startsWith('$')) throw new Error(`Unsupported path ${path}`);
  const steps = path.slice(1).match(/\.[^.[]+|\[\d+\]|\['[^']+'\]/g) ?? [];
  let value = input;
  for (const step of steps) {
    const key = step.startsWith('.') ? step.slice(1) : step.replace(/^\['?|'?\]$/g, '');
    value = (value as Record<string, unknown> | null)?.[key];
  }
  if (value === undefined) throw new TaskFailure('States.Runtime', `Path ${path} does not point to a value`);
  return value;
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

/** Step Functions' naming rule: 1–80 characters, no whitespace, brackets, wildcards, punctuation or control characters. */
function isValidName(name: string): boolean {
  const controlCharacter = [...name].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });
  return !controlCharacter && /^[^\s<>{}[\]?*"#%\\^|~`$&,;:/]{1,80}$/.test(name);
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms`);
    await new Promise((resolveDelay) => setTimeout(resolveDelay, 10));
  }
}

/** Executions in a JSON file, written atomically; saves are coalesced so a busy run writes rarely. */
function executionStore(file: string | undefined) {
  let writing: Promise<void> = Promise.resolve();
  let pending = false;
  const write = async (executions: Map<string, ExecutionRecord>) => {
    if (!file) return;
    await mkdir(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify({ executions: [...executions.values()] }));
    await rename(temporary, file);
  };
  return {
    async load(): Promise<Map<string, ExecutionRecord>> {
      const executions = new Map<string, ExecutionRecord>();
      if (!file) return executions;
      const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      const saved = text ? (JSON.parse(text) as { executions?: ExecutionRecord[] }) : {};
      for (const execution of saved.executions ?? []) executions.set(execution.executionArn, execution);
      return executions;
    },
    save(executions: Map<string, ExecutionRecord>): void {
      if (!file || pending) return;
      pending = true;
      writing = writing.then(async () => {
        await new Promise((resolveTick) => setTimeout(resolveTick, 20));
        pending = false;
        await write(executions);
      });
    },
    async flush(executions: Map<string, ExecutionRecord>): Promise<void> {
      await writing;
      await write(executions);
    },
  };
}

interface ApiContext {
  stateMachineArn: string;
  machineName: string;
  definition: AslDefinition;
  executions: Map<string, ExecutionRecord>;
  startExecution(request: Record<string, string>): ExecutionRecord;
  stopExecution(request: Record<string, string>): Promise<ExecutionRecord>;
}

type ApiHandler = (request: Record<string, unknown>) => unknown;

const seconds = (epochMs: number | undefined) => (epochMs === undefined ? undefined : epochMs / 1000);

function apiHandlers(ctx: ApiContext): Record<string, ApiHandler> {
  const executionOf = (arn: unknown) => {
    const execution = ctx.executions.get(String(arn));
    if (!execution) throw new ApiError('ExecutionDoesNotExist', `Execution Does Not Exist: '${String(arn)}'`);
    return execution;
  };
  const page = <T>(items: T[], request: Record<string, unknown>, defaultSize: number) => {
    const start = Number(request.nextToken ?? 0);
    const size = Number(request.maxResults || defaultSize);
    const end = start + size;
    return { items: items.slice(start, end), ...(end < items.length ? { nextToken: String(end) } : {}) };
  };
  return {
    StartExecution(request) {
      const execution = ctx.startExecution(request as Record<string, string>);
      return { executionArn: execution.executionArn, startDate: seconds(execution.startDate) };
    },
    DescribeExecution(request) {
      const execution = executionOf(request.executionArn);
      return {
        executionArn: execution.executionArn,
        stateMachineArn: execution.stateMachineArn,
        name: execution.name,
        status: execution.status,
        startDate: seconds(execution.startDate),
        stopDate: seconds(execution.stopDate),
        input: json(execution.input),
        inputDetails: { included: true },
        ...(execution.status === 'SUCCEEDED'
          ? { output: json(execution.output), outputDetails: { included: true } }
          : {}),
        error: execution.error,
        cause: execution.cause,
        redriveCount: 0,
        redriveStatus: 'NOT_REDRIVABLE',
      };
    },
    async StopExecution(request) {
      const execution = await ctx.stopExecution(request as Record<string, string>);
      return { stopDate: seconds(execution.stopDate ?? Date.now()) };
    },
    ListExecutions(request) {
      if (request.stateMachineArn !== ctx.stateMachineArn) {
        throw new ApiError(
          'StateMachineDoesNotExist',
          `State Machine Does Not Exist: '${String(request.stateMachineArn)}'`,
        );
      }
      const matching = [...ctx.executions.values()]
        .filter((execution) => !request.statusFilter || execution.status === request.statusFilter)
        .reverse();
      const { items, nextToken } = page(matching, request, 100);
      return {
        executions: items.map((execution) => ({
          executionArn: execution.executionArn,
          stateMachineArn: execution.stateMachineArn,
          name: execution.name,
          status: execution.status,
          startDate: seconds(execution.startDate),
          stopDate: seconds(execution.stopDate),
        })),
        nextToken,
      };
    },
    GetExecutionHistory(request) {
      const execution = executionOf(request.executionArn);
      const ordered = request.reverseOrder ? [...execution.events].reverse() : execution.events;
      const { items, nextToken } = page(ordered, request, 1000);
      const withoutData = (event: HistoryEventRecord) =>
        JSON.parse(
          JSON.stringify(event, (key, value) => (['input', 'output', 'parameters'].includes(key) ? undefined : value)),
        );
      return {
        events: items.map((event) => {
          const shaped = request.includeExecutionData === false ? withoutData(event) : event;
          return { ...shaped, timestamp: seconds(event.timestamp) };
        }),
        nextToken,
      };
    },
    DescribeStateMachine(request) {
      if (request.stateMachineArn !== ctx.stateMachineArn) {
        throw new ApiError(
          'StateMachineDoesNotExist',
          `State Machine Does Not Exist: '${String(request.stateMachineArn)}'`,
        );
      }
      return {
        stateMachineArn: ctx.stateMachineArn,
        name: ctx.machineName,
        status: 'ACTIVE',
        type: 'STANDARD',
        definition: JSON.stringify(ctx.definition),
        roleArn: `arn:aws:iam::${twinAccountId}:role/${ctx.machineName}Role`,
        creationDate: 0,
      };
    },
  };
}

async function serveApi(
  req: IncomingMessage,
  res: ServerResponse,
  handlers: Record<string, ApiHandler>,
): Promise<void> {
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': randomUUID() });
    res.end(JSON.stringify(body));
  };
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const target = String(req.headers['x-amz-target'] ?? '');
  const operation = target.startsWith('AWSStepFunctions.') ? target.slice('AWSStepFunctions.'.length) : '';
  const handler = handlers[operation];
  try {
    if (req.method !== 'POST' || !handler)
      throw new ApiError('UnknownOperationException', `The twin does not implement ${target}`);
    const text = Buffer.concat(chunks).toString('utf8');
    send(200, await handler(text ? (JSON.parse(text) as Record<string, unknown>) : {}));
  } catch (error) {
    if (error instanceof ApiError) {
      send(400, { __type: `com.amazonaws.swf.service.v2.model#${error.code}`, message: error.message });
    } else {
      send(500, { __type: 'InternalFailure', message: error instanceof Error ? error.message : String(error) });
    }
  }
}
