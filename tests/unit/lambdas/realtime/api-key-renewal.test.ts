// The live-status API key renewer against a local stand-in for AppSync's control plane (the REST
// protocol the SDK speaks: POST /v1/apis/<api id>/apikeys/<key id>), and the metric it reports,
// which must be the one the ApiKeyExpiring alarm watches (tests/infra/workflow.test.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppSyncClient } from '@aws-sdk/client-appsync';
import type { ScheduledEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lambdaContext } from '#local/lambda/context.ts';
import { apiKeyLifetimeDays, daysLeft, parseApiKeyArn, renewApiKey } from '#realtime/api-key-renewal.ts';
import { config } from '#shared/config.ts';
import { apiKeyDaysLeftMetric } from '#shared/observability.ts';
import { envNames } from '#shared/runtime-env.ts';

interface SeenRequest {
  method: string;
  path: string;
  authorization: string;
  body: Record<string, unknown>;
}

type Answer = (request: SeenRequest) => { status: number; errorType?: string; body: unknown };

const seen: SeenRequest[] = [];
let answer: Answer = () => ({ status: 500, body: {} });
let server: Server;
let endpoint = '';

const hour = 3600;
/** What AppSync does with `expires`: keeps it, rounded down to the hour. */
const updatedKey: Answer = ({ path, body }) => ({
  status: 200,
  body: {
    apiKey: {
      id: path.split('/').at(-1),
      expires: Math.floor(Number(body.expires) / hour) * hour,
      deletes: Math.floor(Number(body.expires) / hour) * hour + 60 * 86_400,
    },
  },
});

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request: SeenRequest = {
        method: req.method ?? '',
        path: new URL(req.url ?? '/', 'http://appsync').pathname,
        authorization: req.headers.authorization ?? '',
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      };
      seen.push(request);
      const { status, errorType, body } = answer(request);
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      if (errorType) res.setHeader('x-amzn-errortype', errorType);
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  seen.length = 0;
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.resetModules();
});

const client = () =>
  new AppSyncClient({
    endpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    maxAttempts: 1,
  });

const keyArn =
  'arn:aws:appsync:eu-west-1:123456789012:apis/abcdefghijklmnopqrstuvwxyz/apikey/da2-0123456789abcdefghijklmn';

describe('parseApiKeyArn', () => {
  it('reads the API id and the key id from the key’s ARN', () => {
    expect(parseApiKeyArn(keyArn)).toEqual({
      apiId: 'abcdefghijklmnopqrstuvwxyz',
      keyId: 'da2-0123456789abcdefghijklmn',
    });
    expect(parseApiKeyArn(keyArn.replace('/apikey/', '/apikeys/'))).toEqual(parseApiKeyArn(keyArn));
  });

  it('refuses anything else, without echoing it (a key id is the key)', () => {
    expect(() => parseApiKeyArn('da2-0123456789abcdefghijklmn')).toThrow('Not the ARN of an AppSync API key');
  });
});

describe('renewApiKey', () => {
  it('asks AppSync, signed, to move the key’s expiry a lifetime ahead, and answers the new expiry', async () => {
    // Prepare
    answer = updatedKey;
    const now = new Date('2026-03-10T10:17:00Z');

    // Act
    const expiresAt = await renewApiKey(client(), parseApiKeyArn(keyArn), now);

    // Assess
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/v1/apis/abcdefghijklmnopqrstuvwxyz/apikeys/da2-0123456789abcdefghijklmn',
      body: { expires: now.getTime() / 1000 + apiKeyLifetimeDays * 86_400 },
    });
    expect(seen[0]?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/appsync\//);
    expect(expiresAt.toISOString()).toBe('2027-03-09T10:00:00.000Z');
    expect(daysLeft(expiresAt, now)).toBe(apiKeyLifetimeDays - 1);
  });

  it('stays inside AppSync’s 1–365 days from the update', () => {
    expect(apiKeyLifetimeDays).toBeGreaterThan(30);
    expect(apiKeyLifetimeDays).toBeLessThan(365);
  });

  it('fails with AppSync’s error when the key cannot be extended', async () => {
    answer = () => ({
      status: 404,
      errorType: 'NotFoundException',
      body: { message: 'API key not found' },
    });

    await expect(renewApiKey(client(), parseApiKeyArn(keyArn), new Date())).rejects.toMatchObject({
      name: 'NotFoundException',
    });
  });
});

describe('the scheduled handler', () => {
  /** The schedule's tick, as EventBridge sends it. */
  const tick: ScheduledEvent = {
    version: '0',
    id: 'tick',
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '123456789012',
    time: '2026-01-01T00:00:00Z',
    region: 'eu-west-1',
    resources: [],
    detail: {},
  };

  /** Each EMF document the handler printed (Powertools Metrics writes them to stdout). */
  async function runHandler(): Promise<{ outcome: PromiseSettledResult<void>; documents: Record<string, unknown>[] }> {
    vi.stubEnv(envNames.eventsApiKeyArn, keyArn);
    vi.stubEnv('AWS_ENDPOINT_URL_APPSYNC', endpoint);
    vi.stubEnv('AWS_REGION', 'eu-west-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    vi.stubEnv('AWS_MAX_ATTEMPTS', '1');
    // As ReelFiveFunction sets them on every function.
    vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', config.brand.name);
    vi.stubEnv('POWERTOOLS_SERVICE_NAME', config.brand.slug);
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'SILENT');
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    const { handler } = await import('#realtime/renew-api-key.handler.ts');
    const [outcome] = await Promise.allSettled([handler(tick, lambdaContext('ApiKeyRenewer', 60))]);
    vi.mocked(process.stdout.write).mockRestore();
    const documents = printed
      .flatMap((text) => text.split('\n'))
      .filter((line) => line.includes('"_aws"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { outcome: outcome as PromiseSettledResult<void>, documents };
  }

  it('reports the days left as the metric the alarm watches (namespace, service and ApiId)', async () => {
    answer = updatedKey;

    const { outcome, documents } = await runHandler();

    expect(outcome.status).toBe('fulfilled');
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({
      _aws: {
        CloudWatchMetrics: [
          {
            Namespace: config.brand.name,
            Dimensions: [expect.arrayContaining(['service', 'ApiId'])],
            Metrics: [expect.objectContaining({ Name: apiKeyDaysLeftMetric })],
          },
        ],
      },
      service: config.brand.slug,
      ApiId: 'abcdefghijklmnopqrstuvwxyz',
    });
    expect(documents[0]?.[apiKeyDaysLeftMetric]).toBeGreaterThanOrEqual(apiKeyLifetimeDays - 1);
  });

  it('reports nothing and fails when AppSync refuses, so the alarm sees a day without a report', async () => {
    answer = () => ({ status: 400, errorType: 'BadRequestException', body: { message: 'no' } });

    const { outcome, documents } = await runHandler();

    expect(outcome.status).toBe('rejected');
    expect(documents).toEqual([]);
  });
});
