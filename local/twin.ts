// The local twin as a library: start() brings up the stack that `createStacks()` synthesizes —
// DynamoDB Local (with its stream feeding the order-changes publisher), s3rver, the state
// machine's ASL, Lambda's Invoke API for the render function, the AppSync Events emulator, the
// local Stripe server, the SES outbox, the content guardrail's ApplyGuardrail stand-in and the
// reconciler's timer — and one HTTP server for the site, /api/* (the real handlers) and the
// /_local/* pages. npm start and the tests use the same start()/stop().
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { setTestSiteHosts, type TestSiteHosts } from '#generation/website/fetch-public-page.ts';
import { synthesizeTwinTemplate } from '#lib/app.ts';
import { confirmationSenderEntry } from '#lib/newsletter/confirmation-sender.ts';
import { reconcilerFunction } from '#lib/operations/operations.ts';
import { orderChangesPublisherEntry } from '#lib/realtime/order-changes-publisher.ts';
import { securityHeaders, viewerRequestCode, viewerResponseCode } from '#lib/site/edge-functions.ts';
import { footageDefaults } from '#lib/stack-parameters.ts';
import type { AdFormatId } from '#shared/ad-formats.ts';
import { stripeKeySecretNameEnv } from '#shared/capabilities.ts';
import type { FootageProvider } from '#shared/config-schema.ts';
import { deliverySeconds } from '#shared/delivery-time.ts';
import { executionEndedFunction, generationSteps, renderFunction, renderStates } from '#shared/generation-steps.ts';
import { pagePaths } from '#shared/paths.ts';
import type { ApiRoute } from '#shared/routes.ts';
import type { RuntimeConfig } from '#shared/runtime-config.ts';
import { envNames, originVerifyHeader, viewerAddressHeader } from '#shared/runtime-env.ts';
import { createGatewayFaults, type GatewayFaults, type HttpHandler, serveApi } from './api-gateway/http-api.ts';
import { startAppSyncEvents } from './appsync-events/server.ts';
import { functionEnvironment, resourcesOfType } from './cloudformation/template.ts';
import { loadEdgeFunction, serveSite } from './cloudfront/site.ts';
import { type LocalGuardrail, startLocalGuardrail } from './content-guardrail/server.ts';
import { createTablesFromTemplate, startDynamoDbLocal } from './dynamodb/dynamodb-local.ts';
import { type StreamPoller, startStreamPoller } from './dynamodb-streams/event-source-mapping.ts';
import { type ReconcilerTimer, startReconcilerTimer } from './eventbridge/reconciler-timer.ts';
import { type ContractServer, startFootageServer, twinFootageModels } from './footage/index.ts';
import { lambdaContext } from './lambda/context.ts';
import { type LocalLambda, startLocalLambda } from './lambda/invoke-api.ts';
import { serveOpsPage } from './ops-pages/pages.ts';
import { bucketsFromTemplate, S3RVER_ACCESS_KEY_ID, S3RVER_SECRET_ACCESS_KEY, startS3 } from './s3/s3rver.ts';
import { makeTestC2paSigner } from './secrets-manager/c2pa-test-signer.ts';
import { startSesOutbox } from './ses/outbox.ts';
import { clearStateFolder, lockStateFolder } from './state-folder/lock.ts';
import { startStepFunctions } from './step-functions/server.ts';
import { type LocalStripe, startLocalStripe } from './stripe/api.ts';
import { tiedBinaryEnvironment } from './support/child-lifetime.ts';
import { listen, sendJson } from './support/http.ts';

/** The render function's name in the twin's Lambda (what failure drills name: `lambda.failNext`). */
export const twinRenderFunctionName = 'RenderFunction';

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
  /** Lowers the daily capacity behind GET /api/capacity (tests reach zero with it). */
  dailyCapacity?: number;
  /**
   * The delivery pack's formats instead of generationConfig.pack.formats (tests: the primary alone
   * unless a test needs the pack, so the suite renders one file per order).
   */
  packFormats?: readonly AdFormatId[];
  /** Multiplies the state machine's Wait and Retry times (tests: 0.1 polls the render every 0.5 s). */
  waitScale?: number;
  /** Multiplies each API route's timeout (tests: their twins share two cores; local/api-gateway/http-api.ts). */
  apiTimeoutScale?: number;
  /** How often the reconciler runs (its schedule in AWS is 5 min); 60 s by default. */
  reconcileIntervalMs?: number;
  /**
   * Tests and the bench only: public-looking site names served on 127.0.0.1, so the preview and
   * the generation read a local site (lambdas/generation/website/fetch-public-page.ts).
   */
  testSiteHosts?: TestSiteHosts;
  /** Real Stripe test mode instead of the local server. */
  realStripe?: { secretKey: string; webhookSecret: string };
  /**
   * AI footage from a provider's local contract server (`FOOTAGE_PROVIDER` for npm start); absent:
   * engine-only ads, the default on the twin and in CI.
   */
  footage?: {
    provider: FootageProvider;
    maxSpendUsd?: number;
    fallback?: 'engine-only' | 'fail';
  };
  log?: (line: string) => void;
  /** Debug lines, one per live event delivered; off unless given (npm start: POWERTOOLS_LOG_LEVEL=DEBUG). */
  debug?: (line: string) => void;
}

export interface Twin {
  url: string;
  stateDir: string;
  stripe: LocalStripe | null;
  stripeWebhookSecret: string;
  /** The footage provider's contract server (requests it saw, failure drills), when footage is on. */
  footage: ContractServer | null;
  /** The content guardrail's stand-in (Bedrock's ApplyGuardrail on the twin), with the requests it saw. */
  guardrail: LocalGuardrail;
  /** The root that issued the twin's C2PA test signer (PEM): a reader's trust anchor for its ads. */
  c2paTrustAnchor: string;
  endpoints: { dynamodb: string; s3: string; stepFunctions: string; ses: string; stripe: string | null };
  steps: Awaited<ReturnType<typeof startStepFunctions>>;
  outbox: Awaited<ReturnType<typeof startSesOutbox>>;
  /** The functions invoked through Lambda's API (the render function); `failNext` drills failures. */
  lambda: LocalLambda;
  /** API Gateway's failure drills: a route's function failing, or the API unreachable. */
  api: GatewayFaults;
  env: Record<string, string>;
  /** What the site's /config.json says; `drain()` waits until every order change so far is published. */
  realtime: RuntimeConfig['realtime'] & { drain: StreamPoller['drain'] };
  /** `drain()` waits until every confirmation requested so far is mailed (or given up on). */
  newsletter: { drain: StreamPoller['drain'] };
  reconciler: ReconcilerTimer;
  stop(): Promise<void>;
}

/** The browser's API key on the twin (AppSync's `da2-` form). */
const localEventsApiKey = 'da2-reelfive-local';

export async function startTwin(options: TwinOptions = {}): Promise<Twin> {
  const log = options.log ?? (() => undefined);
  const stateDir = resolve(options.stateDir ?? join(projectRoot, '.local'));
  // Before anything touches the folder: a second twin on it refuses here, naming the first.
  const lock = await lockStateFolder(stateDir);
  const stoppers: (() => Promise<void>)[] = [lock.release];
  const stop = async () => {
    for (const stopPart of stoppers.reverse()) await stopPart().catch(() => undefined);
    stoppers.length = 0;
  };

  try {
    if (options.reset) await clearStateFolder(stateDir);
    // The port is known first: the URLs handed to Stripe and S3 CORS depend on it.
    let route: (req: IncomingMessage, res: ServerResponse) => Promise<void> = async (_req, res) => {
      res.statusCode = 503;
      res.end('Starting');
    };
    const server = createServer((req, res) => {
      route(req, res).catch((error: Error) => {
        log(`request failed: ${error.stack ?? error.message}`);
        if (res.headersSent) res.end();
        else sendJson(res, 500, { error: 'Internal error', errorCode: 'INTERNAL' });
      });
    });
    const { port, close } = await listen(server, { port: options.port ?? 3000 });
    stoppers.push(close);
    const url = `http://${options.publicHost ?? 'localhost'}:${port}`;
    await lock.announce(url);

    // The ads' C2PA signer: a test certificate openssl makes while DynamoDB Local starts.
    const c2paSigner = makeTestC2paSigner();
    // Awaited below; this only keeps a start that fails before then from leaving it unhandled.
    c2paSigner.catch(() => undefined);
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

    const events = await startAppSyncEvents({
      apiKey: localEventsApiKey,
      credentials: localCredentials,
      log,
      ...(options.debug ? { debug: options.debug } : {}),
    });
    stoppers.push(events.stop);

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

    // The provider's contract server, and the environment lib/generation gives a stage with a
    // video model (grantFootage), the key as a plain value as with Stripe's.
    const footageApiKey = 'local-footage-key';
    const footage = options.footage ? await startFootageServer(options.footage.provider, footageApiKey) : null;
    if (footage) stoppers.push(footage.stop);
    const footageEnv: Record<string, string> =
      footage && options.footage
        ? {
            [envNames.footageModel]: twinFootageModels[options.footage.provider],
            [envNames.deliverySeconds]: String(deliverySeconds(twinFootageModels[options.footage.provider])),
            [envNames.footageResolution]: footageDefaults.resolution,
            [envNames.footageMaxSpendUsd]: String(options.footage.maxSpendUsd ?? footageDefaults.maxSpendUsd),
            [envNames.footageFallback]: options.footage.fallback ?? footageDefaults.fallback,
            [envNames.footageApiKey]: footageApiKey,
            [envNames.footageApiBase]: footage.url,
          }
        : {};

    // Handed to the render as a plain value, like Stripe's key.
    const c2pa = await c2paSigner;

    const originSecret = randomBytes(24).toString('hex');
    const env = lambdaEnvironment(template, {
      [envNames.siteUrl]: url,
      [envNames.stripeSecretKey]: stripeSecretKey,
      [envNames.stripeWebhookSecret]: stripeWebhookSecret,
      [envNames.c2paSigner]: JSON.stringify(c2pa.signer),
      ...(stripe ? { [envNames.stripeApiBase]: stripe.apiUrl } : {}),
      ...footageEnv,
      [envNames.originVerifySecret]: originSecret,
      [envNames.eventsHttpEndpoint]: events.httpEndpoint,
      ...(options.ipAttemptsPerHour ? { [envNames.ipAttemptsPerHour]: String(options.ipAttemptsPerHour) } : {}),
      ...(options.dailyCapacity ? { [envNames.dailyCapacity]: String(options.dailyCapacity) } : {}),
      ...(options.packFormats ? { [envNames.packFormats]: options.packFormats.join(',') } : {}),
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: S3RVER_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: S3RVER_SECRET_ACCESS_KEY,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      AWS_ENDPOINT_URL_SESV2: outbox.endpoint,
      POWERTOOLS_SERVICE_NAME: 'reelfive',
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
      POWERTOOLS_METRICS_DISABLED: 'true',
      // Off already outside Lambda (Powertools traces only where AWS_EXECUTION_ENV is set), and kept off
      // where a container sets that (ECS, CodeBuild): a live tracer would patch http for the whole twin.
      POWERTOOLS_TRACE_ENABLED: 'false',
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
      // ffmpeg, ffprobe and festival, which the handlers start, die with the twin even on SIGKILL.
      ...(await tiedBinaryEnvironment(join(stateDir, 'bin'))),
    });

    // The twin has no SNS: ops messages go to the mail outbox and the log (notifyOps' fallback).
    delete env[envNames.opsTopicArn];
    // Bedrock's ApplyGuardrail for the guardrail the template names (lib/generation/content-guardrail.ts).
    const guardrail = await startLocalGuardrail({
      guardrailId: requireValue(env, envNames.contentGuardrailId),
      guardrailVersion: requireValue(env, envNames.contentGuardrailVersion),
    });
    stoppers.push(guardrail.stop);
    env.AWS_ENDPOINT_URL_BEDROCK_RUNTIME = guardrail.url;
    const lambda = await startLocalLambda({
      functions: {
        [twinRenderFunctionName]: async (event) =>
          (await loadModule(renderFunction.entry)).handler(
            event,
            lambdaContext('RenderFunction', renderFunction.timeoutSeconds),
          ),
      },
      log,
    });
    stoppers.push(lambda.stop);
    env.AWS_ENDPOINT_URL_LAMBDA = lambda.endpoint;

    // Handlers read their configuration from process.env, as in Lambda. One twin per process; a
    // twin without footage must not inherit the footage settings of one started before it.
    for (const name of [envNames.footageModel, envNames.footageApiBase, envNames.footageApiKey])
      delete process.env[name];
    // Set before the state machine starts: executions a previous run left RUNNING end ABORTED at
    // start-up, and the execution-status rule's handler then needs the environment.
    Object.assign(process.env, env);
    if (options.testSiteHosts) {
      setTestSiteHosts(options.testSiteHosts);
      stoppers.push(async () => setTestSiteHosts(null));
    }
    const taskHandlers: Record<string, (input: unknown) => Promise<unknown>> = {};
    for (const step of generationSteps) {
      taskHandlers[step.state] = async (input) =>
        (await loadModule(step.entry)).handler(input, lambdaContext(step.state, step.timeoutSeconds));
    }
    for (const state of Object.values(renderStates)) {
      taskHandlers[state] = (input) => lambda.runTask(twinRenderFunctionName, input);
    }
    const steps = await startStepFunctions({
      template,
      taskHandlers,
      storeFile: join(stateDir, 'executions.json'),
      ...(options.waitScale ? { waitScale: options.waitScale } : {}),
      // The twin's EventBridge rule on execution status (lib/generation: ExecutionEndedRule).
      onExecutionEnd: async (execution) => {
        const { handler } = await loadModule(executionEndedFunction.entry);
        const event = {
          source: 'aws.states',
          'detail-type': 'Step Functions Execution Status Change',
          detail: {
            executionArn: execution.executionArn,
            stateMachineArn: execution.stateMachineArn,
            name: execution.name,
            status: execution.status,
            error: execution.error ?? null,
            cause: execution.cause ?? null,
          },
        };
        await handler(event, lambdaContext('ExecutionEnded', executionEndedFunction.timeoutSeconds));
      },
      log,
    });
    stoppers.push(steps.stop);
    env[envNames.stateMachineArn] = steps.stateMachineArn;
    env.AWS_ENDPOINT_URL_SFN = steps.endpoint;
    Object.assign(process.env, env);

    // The orders table's stream → the publisher Lambda (lib/realtime's event source mapping).
    const stream = await startStreamPoller({
      endpoint: dynamo.endpoint,
      tableName: requireValue(env, envNames.ordersTable),
      credentials: localCredentials,
      handler: async (event) =>
        (await loadModule(orderChangesPublisherEntry)).handler(event, lambdaContext('OrderChangesPublisher', 30)),
      log,
    });
    stoppers.push(stream.stop);
    // The subscribers table's stream → the confirmation sender (lib/newsletter's event source mapping).
    const subscriberStream = await startStreamPoller({
      endpoint: dynamo.endpoint,
      tableName: requireValue(env, envNames.subscribersTable),
      credentials: localCredentials,
      handler: async (event) =>
        (await loadModule(confirmationSenderEntry)).handler(event, lambdaContext('NewsletterConfirmationSender', 30)),
      log,
    });
    stoppers.push(subscriberStream.stop);
    const reconciler = startReconcilerTimer({
      intervalMs: options.reconcileIntervalMs ?? 60_000,
      run: async () =>
        (await loadModule(reconcilerFunction.entry)).handler(
          {},
          lambdaContext('Reconciler', reconcilerFunction.timeoutSeconds),
        ),
      log,
    });
    stoppers.push(reconciler.stop);
    const runtimeConfig: RuntimeConfig = {
      realtime: { endpoint: events.amplifyEndpoint, region: 'us-east-1', apiKey: events.apiKey },
    };

    const site = {
      distDir: join(projectRoot, 'web', 'dist'),
      viewerRequest: loadEdgeFunction(viewerRequestCode(pagePaths, runtimeConfig)),
      viewerResponse: loadEdgeFunction(viewerResponseCode()),
      securityHeaders: securityHeaders({
        connect: [s3.endpoint, events.amplifyEndpoint.replace(/\/event$/, '')],
        media: [s3.endpoint],
        images: [s3.endpoint],
      }),
    };
    const originHeaders = (req: IncomingMessage) => ({
      // What CloudFront adds: the viewer's real address and the shared origin secret.
      [viewerAddressHeader]: `${req.socket.remoteAddress ?? '127.0.0.1'}:${req.socket.remotePort ?? 0}`,
      [originVerifyHeader]: originSecret,
    });
    const apiFaults = createGatewayFaults();
    const loadHandler = async (apiRoute: ApiRoute | null): Promise<HttpHandler> =>
      (await loadModule(apiRoute?.entry ?? 'common/not-found.handler.ts')).handler as HttpHandler;

    route = async (req, res) => {
      const path = new URL(req.url ?? '/', 'http://twin').pathname;
      if (path.startsWith('/api/'))
        return serveApi(req, res, {
          loadHandler,
          originHeaders,
          faults: apiFaults,
          ...(options.apiTimeoutScale ? { timeoutScale: options.apiTimeoutScale } : {}),
        });
      if (path.startsWith('/_local/pay/') && stripe && (await stripe.handlePayPage(req, res))) return;
      if (path.startsWith('/_local')) return serveOpsPage(req, res, { steps, outbox, url });
      return serveSite(req, res, site);
    };

    // For the ops CLI (tools/ops): where this twin's tables, machine and Stripe are. Secrets inside.
    const envFile = join(stateDir, 'env.json');
    await writeFile(
      envFile,
      JSON.stringify({ url, pid: process.pid, startedAt: new Date().toISOString(), env }, null, 2),
      { mode: 0o600 },
    );
    stoppers.push(() => rm(envFile, { force: true }));

    return {
      url,
      stateDir,
      stripe,
      stripeWebhookSecret,
      footage,
      guardrail,
      c2paTrustAnchor: c2pa.rootCertificate,
      endpoints: {
        dynamodb: dynamo.endpoint,
        s3: s3.endpoint,
        stepFunctions: steps.endpoint,
        ses: outbox.endpoint,
        stripe: stripe?.apiUrl ?? null,
      },
      steps,
      outbox,
      lambda,
      api: apiFaults,
      env,
      realtime: { ...runtimeConfig.realtime, drain: stream.drain },
      newsletter: { drain: subscriberStream.drain },
      reconciler,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

const localCredentials = { accessKeyId: S3RVER_ACCESS_KEY_ID, secretAccessKey: S3RVER_SECRET_ACCESS_KEY };

// biome-ignore lint/suspicious/noExplicitAny: a handler module's exports are only known at run time
function loadModule(entry: string): Promise<{ handler: (...args: any[]) => Promise<any> }> {
  let loaded = handlerModules.get(entry);
  if (!loaded) {
    loaded = import(pathToFileURL(join(projectRoot, 'lambdas', entry)).href);
    handlerModules.set(entry, loaded);
  }
  return loaded;
}

// Imported once, as Lambda keeps a warm module: under tsx every import() call, even of a module
// already loaded, is a round trip to its loader thread, which showed in the API's latency.
// biome-ignore lint/suspicious/noExplicitAny: a handler module's exports are only known at run time
const handlerModules = new Map<string, Promise<{ handler: (...args: any[]) => Promise<any> }>>();

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
  for (const name of [
    ...Object.values(stripeKeySecretNameEnv),
    envNames.stripeWebhookSecretName,
    envNames.originVerifySecretName,
    envNames.c2paSignerSecretName,
  ]) {
    delete env[name];
  }
  // The render function's bundled binaries live in /var/task in Lambda; here the npm packages' own.
  for (const name of ['FFMPEG_PATH', 'FFPROBE_PATH', 'RENDER_FONTS_DIR', 'C2PA_LIBRARY_PATH']) delete env[name];
  return { ...env, ...overrides };
}

function requireValue(env: Record<string, string>, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`The synthesized template gives no ${name}`);
  return value;
}
