// The WebhookSignatureRejected alarm counts a log line (lib/alarms: a metric filter on
// `$.message`, one series per `$.function_name`). This checks the webhook handler writes exactly
// that line, with those fields, when Stripe's signature does not verify.
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signatureRejectedMessage } from '#shared/observability.ts';
import { envNames } from '#shared/runtime-env.ts';

const functionName = 'ReelFive-staging-ApiStripeWebhook1A2B3C4D-abcdefgh';

beforeAll(() => {
  vi.stubEnv(envNames.stripeSecretKey, 'sk_test_reelfive_unit');
  vi.stubEnv(envNames.stripeWebhookSecret, 'whsec_reelfive_unit');
  vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'WARN');
  vi.stubEnv('POWERTOOLS_DEV', 'false');
});
afterAll(() => vi.unstubAllEnvs());

function webhookDelivery(signature: string): APIGatewayProxyEventV2 {
  const body = JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed' });
  return {
    version: '2.0',
    routeKey: 'POST /api/stripe/webhook',
    rawPath: '/api/stripe/webhook',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    requestContext: {
      accountId: '123456789012',
      apiId: 'api',
      domainName: 'example.com',
      domainPrefix: 'example',
      http: {
        method: 'POST',
        path: '/api/stripe/webhook',
        protocol: 'HTTP/1.1',
        sourceIp: '203.0.113.7',
        userAgent: 'Stripe/1.0',
      },
      requestId: 'request',
      routeKey: 'POST /api/stripe/webhook',
      stage: '$default',
      time: '01/Jan/2026:00:00:00 +0000',
      timeEpoch: 1_767_225_600_000,
    },
    body,
    isBase64Encoded: false,
  };
}

const context = {
  functionName,
  functionVersion: '$LATEST',
  invokedFunctionArn: `arn:aws:lambda:eu-west-1:123456789012:function:${functionName}`,
  memoryLimitInMB: '512',
  awsRequestId: 'request',
  logGroupName: `/aws/lambda/${functionName}`,
  logStreamName: 'stream',
  callbackWaitsForEmptyEventLoop: false,
  getRemainingTimeInMillis: () => 10_000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
} as Context;

describe('the Stripe webhook with a signature that does not verify', () => {
  it('answers 400 and logs the line the alarm counts, naming its function', async () => {
    // Prepare
    // Lambda sends stdout and stderr alike to the log group; Powertools writes warnings to stderr.
    const printed: string[] = [];
    const capture = (chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    };
    const spies = [
      vi.spyOn(process.stdout, 'write').mockImplementation(capture),
      vi.spyOn(process.stderr, 'write').mockImplementation(capture),
    ];
    const { handler } = await import('#orders/stripe-webhook.handler.ts');

    // Act
    const answer = await handler(webhookDelivery(`t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`), context);
    for (const spy of spies) spy.mockRestore();

    // Assess
    expect(answer).toMatchObject({ statusCode: 400 });
    const lines = printed
      .flatMap((text) => text.split('\n'))
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((line) => line.message === signatureRejectedMessage)).toEqual([
      expect.objectContaining({ level: 'WARN', message: signatureRejectedMessage, function_name: functionName }),
    ]);
  });
});
