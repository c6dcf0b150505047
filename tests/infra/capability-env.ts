// The environment variables each capability brings, as the handlers read them
// (shared/runtime-env.ts), on a stage with the one Stripe key (no restricted keys), AWS's writer
// and voice (the prod test parameters) and a video model.
import type { Capability } from '#shared/capabilities.ts';
import { envNames } from '#shared/runtime-env.ts';

export const capabilityEnv: Record<Capability, readonly string[]> = {
  'orders:read': [envNames.ordersTable],
  'orders:write': [envNames.ordersTable],
  'orders:repairQuery': [envNames.ordersTable],
  rateLimits: [envNames.rateLimitsTable],
  webhookEvents: [envNames.eventsTable],
  'images:presign': [envNames.imagesBucket],
  'images:read': [envNames.imagesBucket],
  'previews:write': [envNames.imagesBucket],
  'previews:read': [envNames.imagesBucket],
  'videos:read': [envNames.videosBucket],
  'renderRequests:read': [envNames.videosBucket],
  'videos:write': [envNames.videosBucket],
  'executions:start': [envNames.stateMachineArn],
  'executions:stop': [],
  bedrock: [envNames.copywriter],
  copywriterName: [envNames.copywriter],
  contentCheck: [envNames.contentGuardrailId, envNames.contentGuardrailVersion],
  polly: [envNames.voiceEngine],
  // On a stage with a video model (capabilities.test.ts gives its prod one); an engine-only stage sets none.
  footage: [
    envNames.footageModel,
    envNames.footageResolution,
    envNames.footageMaxSpendUsd,
    envNames.footageFallback,
    envNames.footageApiKeySecretName,
  ],
  'c2pa:sign': [envNames.c2paSignerSecretName],
  'stripe:checkout': [envNames.stripeCheckoutKeySecretName],
  'stripe:read': [envNames.stripeReadKeySecretName],
  'stripe:refund': [envNames.stripeRefundKeySecretName],
  'stripe:webhook': [envNames.stripeWebhookSecretName],
  'newsletter:subscribe': [envNames.subscribersTable],
  'newsletter:sendConfirmation': [envNames.subscribersTable],
  'newsletter:confirm': [envNames.subscribersTable],
  'newsletter:unsubscribe': [envNames.subscribersTable],
  mail: [envNames.mailFrom, envNames.siteUrl, envNames.deliverySeconds],
  'ops:notify': [envNames.opsTopicArn],
  'realtime:publish': [envNames.eventsHttpEndpoint],
  'realtime:renewKey': [envNames.eventsApiKeyArn],
};

/** What every function has whatever it uses (ReelFiveFunction). */
export const everyFunctionEnv = [
  'POWERTOOLS_SERVICE_NAME',
  'POWERTOOLS_METRICS_NAMESPACE',
  'POWERTOOLS_LOG_LEVEL',
  envNames.stage,
];

/** The variables a function with these capabilities has, beside everyFunctionEnv. */
export function envOf(uses: readonly Capability[]): string[] {
  return [...new Set(uses.flatMap((capability) => capabilityEnv[capability]))];
}
