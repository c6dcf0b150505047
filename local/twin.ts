// The local twin as a library: start() brings up, one service folder at a time, the stack that
// `createStacks()` synthesizes: CloudFront's front door first (its port is in the URLs handed out),
// DynamoDB Local, s3rver, the SES outbox, AppSync Events, Stripe, the footage provider, the
// secrets, the content guardrail, Lambda (every function in this process with its AWS environment),
// the state machine, the tables' streams and the reconciler's schedule; then it opens the front
// door on the API, the /_local pages and the site. stop() stops them in the reverse order. npm
// start and the tests use the same start()/stop(). Each folder's start.ts is that service's whole
// start; local/README.md is the map.
import type { TestSiteHosts } from '#generation/website/fetch-public-page.ts';
import type { AdFormatId } from '#shared/ad-formats.ts';
import type { FootageProvider } from '#shared/config-schema.ts';
import type { RuntimeConfig } from '#shared/runtime-config.ts';
import * as apiGateway from './api-gateway/start.ts';
import * as appSyncEvents from './appsync-events/start.ts';
import * as cloudFormation from './cloudformation/start.ts';
import * as cloudFront from './cloudfront/start.ts';
import * as contentGuardrail from './content-guardrail/start.ts';
import * as dynamoDb from './dynamodb/start.ts';
import * as dynamoDbStreams from './dynamodb-streams/start.ts';
import * as eventBridge from './eventbridge/start.ts';
import * as footage from './footage/start.ts';
import * as lambda from './lambda/start.ts';
import * as opsPages from './ops-pages/start.ts';
import * as s3 from './s3/start.ts';
import * as secretsManager from './secrets-manager/start.ts';
import * as ses from './ses/start.ts';
import * as stateFolder from './state-folder/start.ts';
import * as stepFunctions from './step-functions/start.ts';
import * as stripe from './stripe/start.ts';

export { twinRenderFunctionName } from './lambda/start.ts';

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
  stripe: stripe.Stripe['server'];
  stripeWebhookSecret: string;
  /** The footage provider's contract server (requests it saw, failure drills), when footage is on. */
  footage: footage.Footage['server'];
  /** The content guardrail's stand-in (Bedrock's ApplyGuardrail on the twin), with the requests it saw. */
  guardrail: contentGuardrail.ContentGuardrail['guardrail'];
  /** The root that issued the twin's C2PA test signer (PEM): a reader's trust anchor for its ads. */
  c2paTrustAnchor: string;
  endpoints: { dynamodb: string; s3: string; stepFunctions: string; ses: string; stripe: string | null };
  steps: stepFunctions.StepFunctions['steps'];
  outbox: ses.Ses['outbox'];
  /** The functions invoked through Lambda's API (the render function); `failNext` drills failures. */
  lambda: lambda.Functions['lambda'];
  /** API Gateway's failure drills: a route's function failing, or the API unreachable. */
  api: apiGateway.ApiGateway['faults'];
  env: Record<string, string>;
  /** What the site's /config.json says; `drain()` waits until every order change so far is published. */
  realtime: RuntimeConfig['realtime'] & { drain: () => Promise<void> };
  /** `drain()` waits until every confirmation requested so far is mailed (or given up on). */
  newsletter: { drain: () => Promise<void> };
  reconciler: ReturnType<typeof eventBridge.start>;
  stop(): Promise<void>;
}

export async function startTwin(options: TwinOptions = {}): Promise<Twin> {
  const log = options.log ?? (() => undefined);
  const running: { stop(): Promise<void> }[] = [];
  const started = <Service extends { stop(): Promise<void> }>(service: Service): Service => {
    running.push(service);
    return service;
  };
  const stop = async () => {
    for (const service of running.reverse()) await service.stop().catch(() => undefined);
    running.length = 0;
  };

  const state = started(await stateFolder.start({ stateDir: options.stateDir, reset: options.reset }));
  try {
    const front = started(await cloudFront.start({ port: options.port ?? 3000, publicHost: options.publicHost, log }));
    await state.announce(front.url);
    // openssl makes the C2PA test certificate while DynamoDB Local starts; awaited below, and this
    // keeps a start that fails before then from leaving its rejection unhandled.
    const secretsStarting = secretsManager.start();
    secretsStarting.catch(() => undefined);
    const stack = cloudFormation.start();

    const dynamodb = started(await dynamoDb.start({ dataDir: state.path('dynamodb'), template: stack.template }));
    const bucket = started(
      await s3.start({ directory: state.path('s3'), template: stack.template, siteUrl: front.url }),
    );
    const mail = started(await ses.start({ directory: state.path('mail') }));
    const events = started(await appSyncEvents.start({ log, ...(options.debug ? { debug: options.debug } : {}) }));
    const payments = started(
      await stripe.start({
        ...(options.realStripe ? { realStripe: options.realStripe } : {}),
        siteUrl: front.url,
        sitePort: front.port,
        stateFile: state.path('stripe.json'),
      }),
    );
    const footageServer = started(await footage.start(options.footage));
    const secrets = started(await secretsStarting);
    const guardrail = started(await contentGuardrail.start({ functionEnvironment: stack.functionEnvironment }));
    const functions = started(
      await lambda.start({
        templateEnvironment: stack.functionEnvironment,
        services: [payments, secrets, footageServer, events, dynamodb, bucket, mail, guardrail],
        settings: {
          siteUrl: front.url,
          ipAttemptsPerHour: options.ipAttemptsPerHour,
          dailyCapacity: options.dailyCapacity,
          packFormats: options.packFormats,
        },
        binDir: state.path('bin'),
        ...(options.testSiteHosts ? { testSiteHosts: options.testSiteHosts } : {}),
        log,
      }),
    );
    const machine = started(
      await stepFunctions.start({
        template: stack.template,
        storeFile: state.path('executions.json'),
        ...(options.waitScale ? { waitScale: options.waitScale } : {}),
        functions,
        log,
      }),
    );
    functions.addEnvironment(machine.environment);
    const streams = started(await dynamoDbStreams.start({ dynamodbEndpoint: dynamodb.endpoint, functions, log }));
    const reconciler = started(
      eventBridge.start({ intervalMs: options.reconcileIntervalMs ?? 60_000, functions, log }),
    );

    const api = apiGateway.start({
      functions,
      originSecret: secrets.originSecret,
      ...(options.apiTimeoutScale ? { timeoutScale: options.apiTimeoutScale } : {}),
    });
    const ops = opsPages.start({ steps: machine.steps, outbox: mail.outbox, url: front.url });
    front.open([api, ...(payments.payPage ? [payments.payPage] : []), ops], {
      runtimeConfig: events.runtimeConfig,
      bucketEndpoint: bucket.endpoint,
    });
    started(await state.publishEnvironment(front.url, functions.env));

    return {
      url: front.url,
      stateDir: state.dir,
      stripe: payments.server,
      stripeWebhookSecret: payments.webhookSecret,
      footage: footageServer.server,
      guardrail: guardrail.guardrail,
      c2paTrustAnchor: secrets.c2paTrustAnchor,
      endpoints: {
        dynamodb: dynamodb.endpoint,
        s3: bucket.endpoint,
        stepFunctions: machine.steps.endpoint,
        ses: mail.outbox.endpoint,
        stripe: payments.server?.apiUrl ?? null,
      },
      steps: machine.steps,
      outbox: mail.outbox,
      lambda: functions.lambda,
      api: api.faults,
      env: functions.env,
      realtime: { ...events.runtimeConfig.realtime, drain: streams.orderChanges },
      newsletter: { drain: streams.subscribers },
      reconciler,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
