// The local twin as a library: start() brings up the stack that `createStacks()` synthesizes —
// DynamoDB Local, s3rver, the state machine's ASL, the local Stripe server, the SES outbox —
// and one HTTP server for the site, /api/* (the real handlers) and the /_local/* pages.
// npm start and the tests use the same start()/stop().
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { generationSteps } from '#generation/steps';
import { type ApiRoute, apiRoutes } from '#shared/routes';
import { envNames, originVerifyHeader, viewerAddressHeader } from '#shared/runtime-env';
import { synthesizeTwinTemplate } from '../lib/app.ts';
import { securityHeaders, viewerRequestCode, viewerResponseCode } from '../lib/site/edge-functions.ts';
import { pagePaths } from '../web/src/paths.ts';
import { type HttpHandler, serveApi } from './api-gateway.ts';
import { functionEnvironment, resourcesOfType } from './cloudformation.ts';
import { createTablesFromTemplate, startDynamoDbLocal } from './dynamodb.ts';
import { serveOpsPage } from './ops-pages.ts';
import { bucketsFromTemplate, S3RVER_ACCESS_KEY_ID, S3RVER_SECRET_ACCESS_KEY, startS3 } from './s3.ts';
import { startSesOutbox } from './ses-outbox.ts';
import { loadEdgeFunction, serveSite } from './site.ts';
import { startStepFunctions } from './step-functions.ts';
import { type LocalStripe, startLocalStripe } from './stripe/index.ts';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface TwinOptions {
  /** 3000 by default; 0 picks a free port (tests). */
  port?: number;
  /** Host in the URLs the twin hands out (pay page, success URL). */
  publicHost?: string;
  /** Where state lives between runs; `.local` by default. */
  stateDir?: string;
  /** Start from empty state. */
  reset?: boolean;
  /** Lowers the per-IP limit (tests prove it). */
  ipAttemptsPerHour?: number;
  /** Real Stripe test mode instead of the local server. */
  realStripe?: { secretKey: string; webhookSecret: string };
  log?: (line: string) => void;
}

export interface Twin {
  url: string;
  stateDir: string;
  stripe: LocalStripe | null;
  stripeWebhookSecret: string;
  endpoints: { dynamodb: string; s3: string; stepFunctions: string; ses: string; stripe: string | null };
  steps: Awaited<ReturnType<typeof startStepFunctions>>;
  outbox: Awaited<ReturnType<typeof startSesOutbox>>;
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startTwin(options: TwinOptions = {}): Promise<Twin> {
  const log = options.log ?? (() => undefined);
  const stateDir = resolve(options.stateDir ?? join(projectRoot, '.local'));
  if (options.reset) await rm(stateDir, { recursive: true, force: true });
  await mkdir(stateDir, { recursive: true });
  const stoppers: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const stopPart of stoppers.reverse()) await stopPart().catch(() => undefined);
    stoppers.length = 0;
  };

  try {
    // The port is known first: the URLs handed to Stripe and S3 CORS depend on it.
    let route: (req: IncomingMessage, res: ServerResponse) => Promise<void> = async (_req, res) => {
      res.statusCode = 503;
      res.end('Starting');
    };
    const server = createServer((req, res) => {
      route(req, res).catch((error: Error) => {
        log(`request failed: ${error.stack ?? error.message}`);
        if (!res.headersSent) {
          res.statusCode = 500;
          res.setHeader('content-type', 'application/json');
        }
        res.end(JSON.stringify({ error: 'Internal error', errorCode: 'INTERNAL' }));
      });
    });
    await listen(server, options.port ?? 3000);
    stoppers.push(() => closeServer(server));
    const port = (server.address() as AddressInfo).port;
    const url = `http://${options.publicHost ?? 'localhost'}:${port}`;

    const template = synthesizeTwinTemplate();

    const dynamo = await startDynamoDbLocal({ dataDir: join(stateDir, 'dynamodb') });
    stoppers.push(dynamo.stop);
    const dynamoClient = new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: 'us-east-1',
      credentials: localCredentials,
    });
    await createTablesFromTemplate(dynamoClient, template);
    dynamoClient.destroy();

    const buckets = bucketsFromTemplate(template).map((bucket) => ({
      ...bucket,
      cors: bucket.cors?.map((rule) => ({ ...rule, AllowedOrigins: [url] })),
    }));
    const s3 = await startS3({ directory: join(stateDir, 's3'), buckets });
    stoppers.push(s3.stop);

    const outbox = await startSesOutbox({ directory: join(stateDir, 'mail') });
    stoppers.push(outbox.stop);

    const stripeWebhookSecret = options.realStripe?.webhookSecret ?? 'whsec_reelfive_local';
    const stripeSecretKey = options.realStripe?.secretKey ?? 'sk_test_reelfive_local';
    const stripe = options.realStripe
      ? null
      : await startLocalStripe({
          secretKey: stripeSecretKey,
          webhookSecret: stripeWebhookSecret,
          webhookUrl: `http://127.0.0.1:${port}/api/stripe/webhook`,
          publicBaseUrl: url,
          stateFile: join(stateDir, 'stripe.json'),
        });
    if (stripe) stoppers.push(stripe.stop);

    const originSecret = randomBytes(24).toString('hex');
    const env = lambdaEnvironment(template, {
      [envNames.siteUrl]: url,
      [envNames.stripeSecretKey]: stripeSecretKey,
      [envNames.stripeWebhookSecret]: stripeWebhookSecret,
      ...(stripe ? { [envNames.stripeApiBase]: stripe.apiUrl } : {}),
      [envNames.originVerifySecret]: originSecret,
      ...(options.ipAttemptsPerHour ? { [envNames.ipAttemptsPerHour]: String(options.ipAttemptsPerHour) } : {}),
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: S3RVER_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: S3RVER_SECRET_ACCESS_KEY,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      AWS_ENDPOINT_URL_SESV2: outbox.endpoint,
      POWERTOOLS_SERVICE_NAME: 'reelfive',
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
      POWERTOOLS_METRICS_DISABLED: 'true',
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    });

    const taskHandlers: Record<string, (input: unknown) => Promise<unknown>> = {};
    for (const step of generationSteps) {
      taskHandlers[step.state] = async (input) => (await loadModule(step.entry)).handler(input);
    }
    const steps = await startStepFunctions({
      template,
      taskHandlers,
      storeFile: join(stateDir, 'executions.json'),
    });
    stoppers.push(steps.stop);
    env[envNames.stateMachineArn] = steps.stateMachineArn;
    env.AWS_ENDPOINT_URL_SFN = steps.endpoint;
    // Handlers read their configuration from process.env, as in Lambda. One twin per process.
    Object.assign(process.env, env);

    const site = {
      distDir: join(projectRoot, 'web', 'dist'),
      viewerRequest: loadEdgeFunction(viewerRequestCode(pagePaths)),
      viewerResponse: loadEdgeFunction(viewerResponseCode()),
      securityHeaders: securityHeaders({ connect: [s3.endpoint, 'ws:'], media: [s3.endpoint], images: [s3.endpoint] }),
    };
    const originHeaders = (req: IncomingMessage) => ({
      // What CloudFront adds: the viewer's real address and the shared origin secret.
      [viewerAddressHeader]: `${req.socket.remoteAddress ?? '127.0.0.1'}:${req.socket.remotePort ?? 0}`,
      [originVerifyHeader]: originSecret,
    });
    const loadHandler = async (apiRoute: ApiRoute | null): Promise<HttpHandler> =>
      (await loadModule(apiRoute?.entry ?? 'shared/not-found.handler.ts')).handler as HttpHandler;

    route = async (req, res) => {
      const path = new URL(req.url ?? '/', 'http://twin').pathname;
      if (path.startsWith('/api/')) return serveApi(req, res, { loadHandler, originHeaders });
      if (path.startsWith('/_local/pay/') && stripe && (await stripe.handlePayPage(req, res))) return;
      if (path.startsWith('/_local')) return serveOpsPage(req, res, { steps, outbox, url });
      return serveSite(req, res, site);
    };

    return {
      url,
      stateDir,
      stripe,
      stripeWebhookSecret,
      endpoints: {
        dynamodb: dynamo.endpoint,
        s3: s3.endpoint,
        stepFunctions: steps.endpoint,
        ses: outbox.endpoint,
        stripe: stripe?.apiUrl ?? null,
      },
      steps,
      outbox,
      env,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

const localCredentials = { accessKeyId: S3RVER_ACCESS_KEY_ID, secretAccessKey: S3RVER_SECRET_ACCESS_KEY };

// biome-ignore lint/suspicious/noExplicitAny: a handler module's exports are only known at run time
async function loadModule(entry: string): Promise<{ handler: (...args: any[]) => Promise<any> }> {
  return import(pathToFileURL(join(projectRoot, 'lambdas', entry)).href);
}

/** Every Lambda's environment from the template (Refs resolved to the twin's names), then ours. */
function lambdaEnvironment(
  template: Record<string, unknown>,
  overrides: Record<string, string>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const logicalId of Object.keys(resourcesOfType(template, 'AWS::Lambda::Function'))) {
    Object.assign(env, functionEnvironment(template, logicalId));
  }
  // Secrets come as plain values here; the *_NAME variables would send handlers to Secrets Manager.
  for (const name of [envNames.stripeSecretName, envNames.stripeWebhookSecretName, envNames.originVerifySecretName]) {
    delete env[name];
  }
  return { ...env, ...overrides };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolveListen());
  });
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolveClose) => server.close(() => resolveClose()));
}
