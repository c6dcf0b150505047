// Lambda on the twin: every function runs in this process with the environment it has in AWS
// (environment.ts), set on process.env since handlers read their configuration there, so one
// twin runs per process. The render function is also behind Lambda's Invoke API (invoke-api.ts),
// which the API's functions and the state machine call it through.
import { setTestSiteHosts, type TestSiteHosts } from '#generation/website/fetch-public-page.ts';
import { tiedBinaryEnvironment } from '#local/support/child-lifetime.ts';
import { twinCredentials } from '#local/support/credentials.ts';
import type { RunningService } from '#local/support/service.ts';
import type { AdFormatId } from '#shared/ad-formats.ts';
import { renderFunction } from '#shared/generation-steps.ts';
import { envNames } from '#shared/runtime-env.ts';
import { functionsEnvironment, runtimeVariables } from './environment.ts';
import { invokeHandler, loadHandlerModule } from './handler-modules.ts';
import { type LocalLambda, startLocalLambda } from './invoke-api.ts';

/** The render function's name in the twin's Lambda (what failure drills name: `lambda.failNext`). */
export const twinRenderFunctionName = 'RenderFunction';

/** What a test or npm start chose for the product, as the functions read it. */
export interface ProductSettings {
  siteUrl: string;
  ipAttemptsPerHour?: number;
  dailyCapacity?: number;
  packFormats?: readonly AdFormatId[];
}

export interface Functions extends RunningService {
  /** The Invoke API; `failNext` drills failures. */
  lambda: LocalLambda;
  /** Every function's environment (what env.json and the twin's `env` show). */
  env: Record<string, string>;
  /** Adds what a service started after Lambda gives the functions (the state machine's ARN). */
  addEnvironment(more: Record<string, string>): void;
  invoke: typeof invokeHandler;
  loadHandler: typeof loadHandlerModule;
}

export async function start(options: {
  /** The template's environment for its functions (cloudformation/start.ts). */
  templateEnvironment: Record<string, string>;
  /** The services started before Lambda: their environments point the functions at them. */
  services: readonly RunningService[];
  settings: ProductSettings;
  /** Where the wrappers that tie ffmpeg, ffprobe and festival to the twin go. */
  binDir: string;
  /** Tests and the bench only: public-looking site names served on 127.0.0.1. */
  testSiteHosts?: TestSiteHosts;
  log: (line: string) => void;
}): Promise<Functions> {
  const { settings } = options;
  const env = functionsEnvironment(options.templateEnvironment, {
    [envNames.siteUrl]: settings.siteUrl,
    ...Object.assign({}, ...options.services.map((service) => service.environment ?? {})),
    ...(settings.ipAttemptsPerHour ? { [envNames.ipAttemptsPerHour]: String(settings.ipAttemptsPerHour) } : {}),
    ...(settings.dailyCapacity ? { [envNames.dailyCapacity]: String(settings.dailyCapacity) } : {}),
    ...(settings.packFormats ? { [envNames.packFormats]: settings.packFormats.join(',') } : {}),
    ...runtimeVariables(twinCredentials),
    // ffmpeg, ffprobe and festival, which the handlers start, die with the twin even on SIGKILL.
    ...(await tiedBinaryEnvironment(options.binDir)),
  });
  const render = {
    entry: renderFunction.entry,
    name: twinRenderFunctionName,
    timeoutSeconds: renderFunction.timeoutSeconds,
  };
  const lambda = await startLocalLambda({
    functions: { [twinRenderFunctionName]: (event) => invokeHandler(render, event) },
    log: options.log,
  });
  env.AWS_ENDPOINT_URL_LAMBDA = lambda.endpoint;

  // A twin without footage must not inherit the footage settings of one started before it.
  for (const name of [envNames.footageModel, envNames.footageApiBase, envNames.footageApiKey]) delete process.env[name];
  // Set before the state machine starts: executions a previous run left RUNNING end ABORTED at
  // start-up, and the execution-status rule's handler then needs the environment.
  Object.assign(process.env, env);
  const { testSiteHosts } = options;
  if (testSiteHosts) setTestSiteHosts(testSiteHosts);

  return {
    lambda,
    env,
    addEnvironment(more) {
      Object.assign(env, more);
      Object.assign(process.env, env);
    },
    invoke: invokeHandler,
    loadHandler: loadHandlerModule,
    async stop() {
      if (testSiteHosts) setTestSiteHosts(null);
      await lambda.stop();
    },
  };
}
