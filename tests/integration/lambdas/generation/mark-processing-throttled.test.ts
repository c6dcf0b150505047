// MarkProcessing when DynamoDB throttles its write: the step must fail with the retryable error the
// state machine's Retry matches (every task state retries it: tests/infra/workflow.test.ts), not
// with the throttling error itself, which only the Catch matches and which would fail and refund a
// paid order. The handler runs as deployed against a local stand-in for DynamoDB that answers as
// DynamoDB does when throttling (HTTP 400, a ThrottlingException in the JSON protocol's __type).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { retryableErrorName } from '#generation/step-errors.ts';
import { lambdaContext } from '#local/lambda/context.ts';
import { envNames } from '#shared/runtime-env.ts';

const orderId = '0b6e2c1d-4f3a-4b5c-9d8e-7f6a5b4c3d2e';
const calls: { target: string; key: string }[] = [];
let server: Server;

function answer(req: IncomingMessage, res: ServerResponse, body: string): void {
  const target = String(req.headers['x-amz-target'] ?? '');
  const { Key } = JSON.parse(body || '{}') as { Key?: { id?: { S?: string } } };
  calls.push({ target, key: Key?.id?.S ?? '' });
  res.statusCode = 400;
  res.setHeader('content-type', 'application/x-amz-json-1.0');
  res.end(
    JSON.stringify({
      __type: 'com.amazonaws.dynamodb.v20120810#ThrottlingException',
      message: 'Rate of requests exceeds the allowed throughput.',
    }),
  );
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => answer(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  vi.stubEnv('AWS_REGION', 'eu-west-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'SILENT');
  vi.stubEnv(envNames.ordersTable, 'orders');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('MarkProcessing when DynamoDB throttles its write', () => {
  it('fails with the retryable step error, so the state machine retries it instead of refunding', {
    timeout: 60_000,
  }, async () => {
    // Prepare
    const { handler } = await import('#generation/mark-processing.handler.ts');

    // Act
    const outcome = handler({ orderId }, lambdaContext('MarkProcessing', 30));

    // Assess
    await expect(outcome).rejects.toMatchObject({ name: retryableErrorName });
    await expect(outcome).rejects.toThrow(/ThrottlingException/);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls.every((call) => call.target === 'DynamoDB_20120810.UpdateItem' && call.key === orderId)).toBe(true);
  });
});
