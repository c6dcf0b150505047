// The handler wrappers (#powertools/handlers.ts, and #common/http.ts for API routes): every kind
// puts the Lambda context on its log lines, flushes its metrics as EMF when the invocation ends
// (with the ColdStart metric on the container's first), leaves X-Ray alone outside Lambda, and
// keeps what the kind's caller relies on: the API's `{error, errorCode}` answers, a task's error
// name, a stream batch's item failures.
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { APIGatewayProxyEventV2, Context, DynamoDBStreamEvent, EventBridgeEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { lambdaContext } from '#local/lambda/context.ts';
import { config } from '#shared/config.ts';
import { apiMessages } from '#shared/contract.ts';
import { envNames } from '#shared/runtime-env.ts';

type Wrappers = typeof import('#powertools/handlers.ts') & typeof import('#common/http.ts');
type Invoke = (wrappers: Wrappers, body: () => Promise<void>, context: Context) => Promise<unknown>;

const apiEvent = (overrides: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 => ({
  version: '2.0',
  routeKey: 'POST /api/orders',
  rawPath: '/api/orders',
  rawQueryString: '',
  headers: { 'Content-Type': 'application/json' },
  requestContext: {
    accountId: '123456789012',
    apiId: 'api',
    domainName: 'example.com',
    domainPrefix: 'example',
    http: { method: 'POST', path: '/api/orders', protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'test' },
    requestId: 'request',
    routeKey: 'POST /api/orders',
    stage: '$default',
    time: '01/Jan/2026:00:00:00 +0000',
    timeEpoch: 1_767_225_600_000,
  },
  body: '{}',
  isBase64Encoded: false,
  ...overrides,
});

const streamEvent: DynamoDBStreamEvent = { Records: [] };
const scheduledEvent = {
  version: '0',
  id: 'event',
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: '123456789012',
  time: '2026-01-01T00:00:00Z',
  region: 'eu-west-1',
  resources: [],
  detail: {},
} satisfies EventBridgeEvent<'Scheduled Event', object>;

/** Each kind of wrapper around the same body, invoked with the event its caller sends. */
const kinds: Record<string, Invoke> = {
  'API route': async ({ apiHandler, json }, body, context) =>
    apiHandler(async () => {
      await body();
      return json(200, {});
    })(apiEvent(), context),
  'Step Functions task': async ({ taskHandler }, body, context) =>
    taskHandler(async (state: { orderId: string }) => {
      await body();
      return state;
    })({ orderId: 'order' }, context),
  'DynamoDB stream batch': async ({ streamHandler }, body, context) =>
    streamHandler(async () => {
      await body();
      return { batchItemFailures: [] };
    })(streamEvent, context),
  'EventBridge event': async ({ eventHandler }, body, context) =>
    eventHandler(async () => {
      await body();
    })(scheduledEvent, context),
  'async invoke': async ({ invokeHandler }, body, context) =>
    invokeHandler(async () => {
      await body();
    })({ orderId: 'order' }, context),
};

let printed: string[] = [];

/** Everything the process writes (Lambda sends stdout and stderr alike to the log group), as JSON lines. */
const jsonLines = () =>
  printed
    .flatMap((text) => text.split('\n'))
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
const emfDocuments = () => jsonLines().filter((line) => '_aws' in line);
const metricNames = (document: Record<string, unknown>) =>
  (document._aws as { CloudWatchMetrics: { Metrics: { Name: string }[] }[] }).CloudWatchMetrics.flatMap((set) =>
    set.Metrics.map((metric) => metric.Name),
  );

/** A fresh container: new Logger, Metrics and Tracer instances, so the next invocation is a cold start. */
async function freshContainer(): Promise<Wrappers & typeof import('#powertools/metrics.ts')> {
  vi.resetModules();
  return {
    ...(await import('#powertools/handlers.ts')),
    ...(await import('#common/http.ts')),
    ...(await import('#powertools/metrics.ts')),
  };
}

beforeAll(() => {
  // As in Lambda, minus what only Lambda sets: no AWS_EXECUTION_ENV, so Powertools is outside Lambda.
  vi.stubEnv('AWS_EXECUTION_ENV', undefined);
  vi.stubEnv('POWERTOOLS_TRACE_ENABLED', undefined);
  // Lambda's own marker of an on-demand container: Powertools counts a cold start only under it.
  vi.stubEnv('AWS_LAMBDA_INITIALIZATION_TYPE', 'on-demand');
  vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'INFO');
  vi.stubEnv('POWERTOOLS_DEV', 'false');
  vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
  // What ReelFiveFunction sets on every function of a deployed stage.
  vi.stubEnv(envNames.stage, 'staging');
  vi.stubEnv(envNames.originVerifySecret, undefined);
  vi.stubEnv(envNames.originVerifySecretName, undefined);
});
afterAll(() => vi.unstubAllEnvs());

beforeEach(() => {
  printed = [];
  const capture = (chunk: string | Uint8Array) => {
    printed.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
});
afterEach(() => vi.restoreAllMocks());

describe.each(Object.entries(kinds))('the %s wrapper', (_kind, invoke) => {
  it('puts the Lambda context on every log line the handler writes', async () => {
    // Prepare
    const wrappers = await freshContainer();
    const { logger } = await import('#powertools/logger.ts');
    const context = lambdaContext('ReelFive-test-Function', 30);

    // Act
    await invoke(wrappers, async () => logger.info('Inside the handler'), context);

    // Assess
    expect(jsonLines().filter((line) => line.message === 'Inside the handler')).toEqual([
      expect.objectContaining({
        function_name: 'ReelFive-test-Function',
        function_request_id: context.awsRequestId,
        function_arn: context.invokedFunctionArn,
        cold_start: true,
        service: config.brand.slug,
      }),
    ]);
  });

  it('flushes the invocation’s metrics as one EMF document when it ends, after a ColdStart document', async () => {
    // Prepare
    const wrappers = await freshContainer();
    const context = lambdaContext('ReelFive-test-Function', 30);
    let flushedBeforeTheEnd = -1;

    // Act
    await invoke(
      wrappers,
      async () => {
        wrappers.metrics.addMetric('OrdersCreated', MetricUnit.Count, 1);
        flushedBeforeTheEnd = emfDocuments().filter((document) => 'OrdersCreated' in document).length;
      },
      context,
    );
    const firstInvocation = emfDocuments();
    printed = [];
    await invoke(
      wrappers,
      async () => {
        wrappers.metrics.addMetric('OrdersCreated', MetricUnit.Count, 1);
      },
      context,
    );
    const secondInvocation = emfDocuments();

    // Assess
    expect(flushedBeforeTheEnd).toBe(0);
    expect(firstInvocation.map(metricNames)).toEqual([['ColdStart'], ['OrdersCreated']]);
    expect(firstInvocation[0]).toMatchObject({ function_name: 'ReelFive-test-Function', ColdStart: 1 });
    expect(firstInvocation[1]).toMatchObject({
      // The stage's own series: another stage in the account never counts toward this one's alarms.
      _aws: { CloudWatchMetrics: [{ Namespace: config.brand.name, Dimensions: [['service', 'stage']] }] },
      service: config.brand.slug,
      stage: 'staging',
      OrdersCreated: 1,
    });
    expect(secondInvocation.map(metricNames)).toEqual([['OrdersCreated']]);
  });

  it('prints no metrics warning on an invocation without business metrics', async () => {
    // Prepare
    const wrappers = await freshContainer();

    // Act
    await invoke(wrappers, async () => {}, lambdaContext('ReelFive-test-Function', 30));

    // Assess
    expect(emfDocuments().map(metricNames)).toEqual([['ColdStart']]);
    expect(printed.join('')).not.toMatch(/No application metrics/);
  });

  it('leaves X-Ray disabled outside Lambda, printing nothing about it', async () => {
    // Prepare
    const wrappers = await freshContainer();
    const { tracer } = await import('#powertools/tracer.ts');

    // Act
    const outcome = await invoke(wrappers, async () => {}, lambdaContext('ReelFive-test-Function', 30)).then(
      () => 'returned',
      (error: Error) => error,
    );

    // Assess
    expect(outcome).toBe('returned');
    expect(tracer.isTracingEnabled()).toBe(false);
    expect(printed.join('')).not.toMatch(/segment|x-?ray|daemon/i);
  });
});

describe('the tracer', () => {
  it('stays off under the twin’s environment, even where a container sets AWS_EXECUTION_ENV', async () => {
    // Prepare
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_ECS_FARGATE');
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', 'false');
    vi.resetModules();

    // Act
    const { tracer } = await import('#powertools/tracer.ts');
    vi.stubEnv('AWS_EXECUTION_ENV', undefined);
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', undefined);

    // Assess
    expect(tracer.isTracingEnabled()).toBe(false);
  });

  it('is on in Lambda, where AWS_EXECUTION_ENV names the runtime', async () => {
    // Prepare
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs22.x');
    vi.resetModules();

    // Act
    const { tracer } = await import('#powertools/tracer.ts');
    vi.stubEnv('AWS_EXECUTION_ENV', undefined);

    // Assess
    expect(tracer.isTracingEnabled()).toBe(true);
  });
});

describe('the API route wrapper', () => {
  const context = () => lambdaContext('ReelFive-test-Api', 5);

  it('answers an expected refusal with its status, error and errorCode', async () => {
    // Prepare
    const { apiHandler, ApiFailure } = { ...(await freshContainer()), ...(await import('#common/api-failure.ts')) };
    const handler = apiHandler(async () => {
      throw new ApiFailure('VALIDATION', 'The website is not a URL');
    });

    // Act
    const answer = await handler(apiEvent(), context());

    // Assess
    expect(answer).toMatchObject({ statusCode: 400 });
    expect(JSON.parse(String(answer.body))).toEqual({ error: 'The website is not a URL', errorCode: 'VALIDATION' });
  });

  it('answers an unexpected error with INTERNAL and logs it with the Lambda context', async () => {
    // Prepare
    const { apiHandler } = await freshContainer();
    const handler = apiHandler(async () => {
      throw new Error('DynamoDB is gone');
    });

    // Act
    const answer = await handler(apiEvent(), context());

    // Assess
    expect(answer).toMatchObject({ statusCode: 500 });
    expect(JSON.parse(String(answer.body))).toMatchObject({ errorCode: 'INTERNAL' });
    expect(jsonLines().filter((line) => line.message === 'Unhandled error')).toEqual([
      expect.objectContaining({ function_name: 'ReelFive-test-Api', level: 'ERROR' }),
    ]);
  });

  it('answers a handler that runs out of time with a JSON TIMEOUT before Lambda would end it', async () => {
    // Prepare: a 1 s function whose handler never finishes (a read that stalls, a dependency that hangs).
    const { apiHandler } = await freshContainer();
    const handler = apiHandler(() => new Promise<never>(() => {}));

    // Act
    const answer = await handler(apiEvent(), lambdaContext('ReelFive-test-Api', 1));

    // Assess
    expect(answer).toMatchObject({ statusCode: 503 });
    expect(JSON.parse(String(answer.body))).toEqual({ error: apiMessages.timedOut, errorCode: 'TIMEOUT' });
    expect(jsonLines().filter((line) => line.message === 'Timed out')).toEqual([
      expect.objectContaining({ function_name: 'ReelFive-test-Api', level: 'ERROR' }),
    ]);
  });

  it('answers malformed JSON with VALIDATION on a route that parses its body', async () => {
    // Prepare
    const { apiHandler, json } = await freshContainer();
    const handler = apiHandler(async () => json(200, {}), { jsonBody: true });

    // Act
    const answer = await handler(apiEvent({ body: '{"website":' }), context());

    // Assess
    expect(answer).toMatchObject({ statusCode: 400 });
    expect(JSON.parse(String(answer.body))).toMatchObject({ errorCode: 'VALIDATION' });
  });

  it('still flushes its metrics when a check refuses the request before the handler runs', async () => {
    // Prepare
    vi.stubEnv(envNames.originVerifySecret, 'the-origin-secret');
    const { apiHandler, json } = await freshContainer();
    const handle = vi.fn(async () => json(200, {}));
    const handler = apiHandler(handle);

    // Act
    const answer = await handler(apiEvent(), context());
    vi.stubEnv(envNames.originVerifySecret, undefined);

    // Assess
    expect(answer).toMatchObject({ statusCode: 403 });
    expect(JSON.parse(String(answer.body))).toEqual({ error: 'Forbidden', errorCode: 'UNAUTHORIZED' });
    expect(handle).not.toHaveBeenCalled();
    expect(emfDocuments().map(metricNames)).toEqual([['ColdStart']]);
  });
});

describe('the Step Functions task wrapper', () => {
  it('rethrows the step’s own error, whose name the state machine’s Retry and Catch route on', async () => {
    // Prepare
    const { taskHandler } = await freshContainer();
    const { StepFailure, RetryableStepError, retryableErrorName } = await import('#generation/step-errors.ts');
    const failure = new StepFailure('RenderFailed', 'The render reported no video');
    const retryable = new RetryableStepError('ThrottlingException: slow down');

    // Act
    const failed = taskHandler(async () => Promise.reject(failure))({}, lambdaContext('MarkCompleted', 30));
    const throttled = taskHandler(async () => Promise.reject(retryable))({}, lambdaContext('MarkCompleted', 30));

    // Assess
    await expect(failed).rejects.toBe(failure);
    await expect(failed).rejects.toMatchObject({ name: 'RenderFailed' });
    await expect(throttled).rejects.toMatchObject({ name: retryableErrorName });
  });

  it('turns a transient AWS failure of any step into the retryable error, keeping it as the cause', async () => {
    // Prepare
    const { taskHandler } = await freshContainer();
    const { retryableErrorName } = await import('#generation/step-errors.ts');
    const transient = [
      Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), { name: 'ThrottlingException' }),
      Object.assign(new Error('We encountered an internal error.'), {
        name: 'InternalFailure',
        $metadata: { httpStatusCode: 503 },
      }),
      Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
    ];

    // Act
    const outcomes = await Promise.allSettled(
      transient.map((error) => taskHandler(async () => Promise.reject(error))({}, lambdaContext('MarkProcessing', 30))),
    );

    // Assess
    expect(outcomes).toEqual(
      transient.map((error) => ({
        status: 'rejected',
        reason: expect.objectContaining({ name: retryableErrorName, cause: error }),
      })),
    );
  });

  it('flushes the metrics the step added before it failed', async () => {
    // Prepare
    const { taskHandler, metrics } = await freshContainer();

    // Act
    const outcome = taskHandler(async () => {
      metrics.addMetric('OrdersFailed', MetricUnit.Count, 1);
      throw new Error('after the metric');
    })({}, lambdaContext('MarkFailed', 30));

    // Assess
    await expect(outcome).rejects.toThrow('after the metric');
    expect(emfDocuments().map(metricNames)).toEqual([['ColdStart'], ['OrdersFailed']]);
  });
});

describe('the DynamoDB stream wrapper', () => {
  it('returns the batch item failures the handler reports', async () => {
    // Prepare
    const { streamHandler } = await freshContainer();
    const handler = streamHandler(async () => ({ batchItemFailures: [{ itemIdentifier: '42' }] }));

    // Act
    const answer = await handler(streamEvent, lambdaContext('OrderChangesPublisher', 30));

    // Assess
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '42' }] });
  });
});
