// An execution as the twin's Step Functions keeps it: its record, its history events in the shape
// GetExecutionHistory answers, and the JSON file the records persist in across restarts.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type AslState, twinRegion } from '#local/cloudformation/template.ts';

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

export const terminal = (status: ExecutionStatus) => status !== 'RUNNING';
export const json = (value: unknown) => JSON.stringify(value ?? null);
export const jsonClone = <T>(value: T): T => JSON.parse(json(value)) as T;
export const untruncated = { truncated: false };

/** Appends a history event, its details under the key GetExecutionHistory uses for that type. */
export function appendEvent(execution: ExecutionRecord, type: string, details?: Record<string, unknown>): void {
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

export type TaskOutcome =
  | { kind: 'scheduled'; input: unknown }
  | { kind: 'started' }
  | { kind: 'succeeded'; output: unknown }
  | { kind: 'failed' | 'timedOut'; error: string; cause: string };

/** Task events as Step Functions names them: LambdaFunction* for a function ARN, Task* for integrations. */
export function recordTask(execution: ExecutionRecord, state: AslState, outcome: TaskOutcome): void {
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

/** A task's failure as Lambda reports it: Error = the thrown error's name, Cause = Lambda's JSON. */
export class TaskFailure extends Error {
  constructor(errorType: string, cause: string) {
    super(cause);
    this.name = errorType;
  }
}

export function asTaskFailure(error: unknown): TaskFailure {
  if (error instanceof Error) {
    const cause = { errorType: error.name, errorMessage: error.message, trace: (error.stack ?? '').split('\n') };
    return new TaskFailure(error.name, JSON.stringify(cause));
  }
  return new TaskFailure('Error', JSON.stringify({ errorType: 'Error', errorMessage: String(error), trace: [] }));
}

export async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms`);
    await new Promise((resolveDelay) => setTimeout(resolveDelay, 10));
  }
}

/** Executions in a JSON file, written atomically; saves are coalesced so a busy run writes rarely. */
export function executionStore(file: string | undefined) {
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
