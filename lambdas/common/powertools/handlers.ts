// Every kind of handler wrapped one way: a middy chain that puts the Lambda context on each log
// line, flushes the invocation's metrics as EMF when it ends (with the ColdStart metric once per
// container), and traces the handler in X-Ray. One function per kind, so that a handler's first
// line says what invokes it; an API route's HTTP middlewares run inside it (#common/http.ts), and a
// Step Functions task's transient AWS failures become the error its Retry matches.
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy, { type MiddyfiedHandler } from '@middy/core';
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent, EventBridgeEvent } from 'aws-lambda';
import { step } from '#generation/step-errors.ts';
import { logger } from './logger.ts';
import { metrics } from './metrics.ts';
import { tracer } from './tracer.ts';

/** What invokes a function: API Gateway, a Step Functions task, a DynamoDB stream, EventBridge, an async Invoke. */
export type HandlerKind = 'api' | 'task' | 'stream' | 'event' | 'invoke';

type Handle<TEvent, TResult> = (event: TEvent, context: Context) => Promise<TResult>;
export type ObservedHandler<TEvent, TResult> = MiddyfiedHandler<TEvent, TResult>;

const kinds = new WeakMap<object, HandlerKind>();

/** The kind a handler was wrapped as here; undefined for a handler that was not. */
export function handlerKind(handler: unknown): HandlerKind | undefined {
  return typeof handler === 'function' ? kinds.get(handler) : undefined;
}

/**
 * The chain every kind shares around `handle`. A kind's own middlewares belong inside `handle`
 * (a middy chain of their own): one that answers early would otherwise skip the flush here.
 */
export function observed<TEvent, TResult>(
  kind: HandlerKind,
  handle: Handle<TEvent, TResult>,
): ObservedHandler<TEvent, TResult> {
  const wrapped = middy<TEvent, TResult>()
    // resetKeys: keys a handler appends (an order id) do not leak into the container's next invocation.
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(logMetrics(metrics, { captureColdStartMetric: true }))
    .use(captureLambdaHandler(tracer))
    .handler(handle);
  kinds.set(wrapped, kind);
  return wrapped;
}

/**
 * A Step Functions Task. Retry and Catch route on the error's name, so a transient AWS failure
 * (throttling, a 5xx, a dropped connection) leaves as the retryable error every task's Retry
 * matches (lib/generation/generation.ts) — here, so that no task can forget it — and any other
 * error propagates unchanged.
 */
export function taskHandler<TInput, TOutput>(handle: Handle<TInput, TOutput>): ObservedHandler<TInput, TOutput> {
  return observed('task', (input, context) => step(() => handle(input, context)));
}

/** A DynamoDB stream batch: returns the batch item failures Lambda resumes from. */
export function streamHandler(
  handle: Handle<DynamoDBStreamEvent, DynamoDBBatchResponse>,
): ObservedHandler<DynamoDBStreamEvent, DynamoDBBatchResponse> {
  return observed('stream', handle);
}

/** An EventBridge rule's target: a matched event or a schedule's tick (a ScheduledEvent). */
export function eventHandler<TEvent extends EventBridgeEvent<string, unknown>, TResult>(
  handle: Handle<TEvent, TResult>,
): ObservedHandler<TEvent, TResult> {
  return observed('event', handle);
}

/** A function another one invokes asynchronously (InvocationType Event) with its own payload. */
export function invokeHandler<TPayload>(handle: Handle<TPayload, void>): ObservedHandler<TPayload, void> {
  return observed('invoke', handle);
}
