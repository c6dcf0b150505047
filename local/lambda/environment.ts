// The environment every function runs with on the twin: the template's (cloudformation/start.ts),
// less what points at what the twin hands over differently, then what each service started gives
// to reach it, the product settings a test or npm start chose, and Lambda's own variables.
import { stripeKeySecretNameEnv } from '#shared/capabilities.ts';
import { envNames } from '#shared/runtime-env.ts';

export function functionsEnvironment(
  templateEnvironment: Record<string, string>,
  overrides: Record<string, string>,
): Record<string, string> {
  const env = { ...templateEnvironment };
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
  const merged = { ...env, ...overrides };
  // The twin has no SNS: ops messages go to the mail outbox and the log (notifyOps' fallback).
  delete merged[envNames.opsTopicArn];
  return merged;
}

/** Lambda's own variables and Powertools' settings, as each function's runtime has them. */
export function runtimeVariables(credentials: {
  accessKeyId: string;
  secretAccessKey: string;
}): Record<string, string> {
  return {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    POWERTOOLS_SERVICE_NAME: 'reelfive',
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
    POWERTOOLS_METRICS_DISABLED: 'true',
    // Off already outside Lambda (Powertools traces only where AWS_EXECUTION_ENV is set), and kept off
    // where a container sets that (ECS, CodeBuild): a live tracer would patch http for the whole twin.
    POWERTOOLS_TRACE_ENABLED: 'false',
    AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
  };
}
