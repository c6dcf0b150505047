// Step Functions for the twin: runs the ASL that CDK synthesized with aws-local-stepfunctions,
// Task states calling local handlers (by state name), behind an HTTP endpoint that speaks the
// Step Functions JSON protocol so the real @aws-sdk/client-sfn works unmodified. Executions are
// kept in a JSON file so the ops pages and idempotent starts survive a restart.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import {
  type CloudFormationTemplate,
  stateMachineDefinition,
  twinAccountId,
  twinRegion,
} from '#local/cloudformation/template.ts';
import { listen } from '#local/support/http.ts';
import { ApiError, apiHandlers, serveApi } from './api.ts';
import {
  appendEvent,
  type ExecutionRecord,
  executionStore,
  json,
  terminal,
  untruncated,
  waitUntil,
} from './executions.ts';
import { createExecutionRunner, type TaskHandler } from './runner.ts';

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
  /**
   * Resolves when onExecutionEnd (the twin's execution-status rule) has finished with every end so
   * far: once an execution has ended and this resolves, nothing of the state machine's acts on its
   * order any more.
   */
  announced(): Promise<void>;
  /** Stops serving. Running executions are left RUNNING in the store, as if the process died. */
  stop(): Promise<void>;
}

export async function startStepFunctions(options: StepFunctionsOptions): Promise<LocalStepFunctions> {
  const machine = stateMachineDefinition(options.template);
  const stateMachineArn = machine.arn;
  const log = options.log ?? ((line: string) => console.error(line));
  const store = executionStore(options.storeFile);
  const executions = await store.load();
  const runner = createExecutionRunner({
    machine,
    taskHandlers: options.taskHandlers,
    waitScale: options.waitScale ?? 1,
    ...(options.onExecutionEnd ? { onExecutionEnd: options.onExecutionEnd } : {}),
    log,
    changed: () => store.save(executions),
  });

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
    runner.run(execution);
    return execution;
  }

  async function stopExecution(request: {
    executionArn?: string;
    error?: string;
    cause?: string;
  }): Promise<ExecutionRecord> {
    const execution = executions.get(request.executionArn ?? '');
    if (!execution) throw new ApiError('ExecutionDoesNotExist', `Execution Does Not Exist: '${request.executionArn}'`);
    await runner.stop(execution, request);
    return execution;
  }

  // Whatever was running when the last process ended cannot be resumed.
  for (const execution of executions.values()) {
    if (execution.status === 'RUNNING') {
      runner.end(execution, { status: 'ABORTED', error: 'TwinRestarted', cause: 'twin restarted' });
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
  const listening = await listen(server, { port: options.port ?? 0 });

  const find = (arnOrName: string) =>
    executions.get(arnOrName) ?? [...executions.values()].find((execution) => execution.name === arnOrName);

  // Ends are announced only once start has returned, so the caller is wired up to react to them.
  setImmediate(runner.announceEnds);
  return {
    endpoint: `http://127.0.0.1:${listening.port}`,
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
    announced: () => runner.announced(),
    async stop() {
      runner.halt();
      await listening.close();
      await runner.announced();
      await store.flush(executions);
    },
  };
}

/** Step Functions' naming rule: 1–80 characters, no whitespace, brackets, wildcards, punctuation or control characters. */
function isValidName(name: string): boolean {
  const controlCharacter = [...name].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });
  return !controlCharacter && /^[^\s<>{}[\]?*"#%\\^|~`$&,;:/]{1,80}$/.test(name);
}
