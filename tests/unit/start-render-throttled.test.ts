// StartRender when Lambda throttles the render's invoke itself (TooManyRequestsException, 429):
// the Task's own 'Lambda.TooManyRequestsException' retry does not apply (that is StartRender's
// invoke), so the step must fail with the retryable error the state machine retries. The
// handler runs as deployed against local stand-ins for DynamoDB, S3 and Lambda.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GenerationState } from '#generation/generation-state.ts';
import { retryableErrorName } from '#generation/step-errors.ts';
import { lambdaContext } from '#local/lambda-context.ts';
import { envNames } from '#shared/runtime-env.ts';
import { northwindStoryboard } from '#tests/integration/support/ad-fixtures.ts';

const orderId = '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const calls: string[] = [];
let server: Server;

function answer(req: IncomingMessage, res: ServerResponse, body: string): void {
  const target = String(req.headers['x-amz-target'] ?? '');
  const path = new URL(req.url ?? '/', 'http://stub').pathname;
  res.setHeader('content-type', 'application/json');
  if (target.endsWith('.UpdateItem')) {
    calls.push('dynamodb:UpdateItem');
    const { Key } = JSON.parse(body) as { Key: { id: { S: string } } };
    res.end(JSON.stringify({ Attributes: { id: Key.id, order_status: { S: 'processing' } } }));
  } else if (req.method === 'PUT') {
    calls.push(`s3:PutObject ${path}`);
    res.end();
  } else if (/^\/2015-03-31\/functions\/[^/]+\/invocations$/.test(path)) {
    calls.push('lambda:Invoke');
    res.statusCode = 429;
    res.setHeader('x-amzn-errortype', 'TooManyRequestsException');
    res.end(
      JSON.stringify({
        Type: 'User',
        Reason: 'ReservedFunctionConcurrentInvocationLimitExceeded',
        message: 'Rate Exceeded.',
      }),
    );
  } else {
    res.statusCode = 404;
    res.end(JSON.stringify({ message: `Unexpected ${req.method} ${path}` }));
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => answer(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const service of ['DYNAMODB', 'S3', 'LAMBDA']) vi.stubEnv(`AWS_ENDPOINT_URL_${service}`, endpoint);
  vi.stubEnv('AWS_REGION', 'eu-west-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'SILENT');
  vi.stubEnv(envNames.ordersTable, 'orders');
  vi.stubEnv(envNames.videosBucket, 'videos');
  vi.stubEnv(envNames.renderFunctionName, 'render');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('StartRender when Lambda throttles the render invoke', () => {
  it('fails with the retryable step error, after writing the status CheckRender judges by', async () => {
    // Prepare
    const { handler } = await import('#generation/start-render.handler.ts');
    const state = {
      orderId,
      script: await northwindStoryboard('direct-response', 4),
    } as GenerationState;

    // Act
    const outcome = handler(state, lambdaContext('StartRender', 30));

    // Assess
    await expect(outcome).rejects.toMatchObject({ name: retryableErrorName });
    await expect(outcome).rejects.toThrow(/TooManyRequestsException/);
    expect(calls[0]).toBe('dynamodb:UpdateItem');
    expect(calls[1]).toBe(`s3:PutObject /videos/${orderId}/render-status.json`);
    expect(calls.filter((call) => call === 'lambda:Invoke').length).toBeGreaterThanOrEqual(1);
  });
});
