// Step Functions' JSON protocol (`X-Amz-Target: AWSStepFunctions.<Operation>`) for the twin: the
// operations @aws-sdk/client-sfn calls for the product and the ops tools, answered from the twin's
// execution records, so the real client works unmodified.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AslDefinition, twinAccountId } from '#local/cloudformation/template.ts';
import { readText, sendJson } from '#local/support/http.ts';
import { type ExecutionRecord, type HistoryEventRecord, json } from './executions.ts';

/** A refusal answered as Step Functions names it (400 with `__type`). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ApiContext {
  stateMachineArn: string;
  machineName: string;
  definition: AslDefinition;
  executions: Map<string, ExecutionRecord>;
  startExecution(request: Record<string, string>): ExecutionRecord;
  stopExecution(request: Record<string, string>): Promise<ExecutionRecord>;
}

type ApiHandler = (request: Record<string, unknown>) => unknown;

const seconds = (epochMs: number | undefined) => (epochMs === undefined ? undefined : epochMs / 1000);

export function apiHandlers(ctx: ApiContext): Record<string, ApiHandler> {
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

export async function serveApi(
  req: IncomingMessage,
  res: ServerResponse,
  handlers: Record<string, ApiHandler>,
): Promise<void> {
  const send = (status: number, body: unknown) =>
    sendJson(res, status, body, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': randomUUID() });
  const text = await readText(req);
  const target = String(req.headers['x-amz-target'] ?? '');
  const operation = target.startsWith('AWSStepFunctions.') ? target.slice('AWSStepFunctions.'.length) : '';
  const handler = handlers[operation];
  try {
    if (req.method !== 'POST' || !handler)
      throw new ApiError('UnknownOperationException', `The twin does not implement ${target}`);
    send(200, await handler(text ? (JSON.parse(text) as Record<string, unknown>) : {}));
  } catch (error) {
    if (error instanceof ApiError) {
      send(400, { __type: `com.amazonaws.swf.service.v2.model#${error.code}`, message: error.message });
    } else {
      send(500, { __type: 'InternalFailure', message: error instanceof Error ? error.message : String(error) });
    }
  }
}
