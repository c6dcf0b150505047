// The environment variables a Lambda reads, named once: lib/ sets them, the twin sets them,
// lambdas/ read them through `requireEnv`.
export const envNames = {
  /**
   * The stage a function belongs to (prod, staging, local): the `stage` dimension of every
   * business metric, so stages sharing an account never count toward each other's alarms.
   */
  stage: 'REELFIVE_STAGE',
  ordersTable: 'ORDERS_TABLE',
  rateLimitsTable: 'RATE_LIMITS_TABLE',
  eventsTable: 'EVENTS_TABLE',
  imagesBucket: 'IMAGES_BUCKET',
  videosBucket: 'VIDEOS_BUCKET',
  stateMachineArn: 'STATE_MACHINE_ARN',
  siteUrl: 'SITE_URL',
  /**
   * AWS: Secrets Manager secret names; the twin (or a developer) sets the plain values instead.
   * The Stripe key has one per use (shared/capabilities.ts, stripeKeySecretNameEnv): the stage's
   * restricted key for that use, or its one secret key. STRIPE_SECRET_KEY wins over them.
   */
  stripeCheckoutKeySecretName: 'STRIPE_CHECKOUT_KEY_SECRET_NAME',
  stripeReadKeySecretName: 'STRIPE_READ_KEY_SECRET_NAME',
  stripeRefundKeySecretName: 'STRIPE_REFUND_KEY_SECRET_NAME',
  stripeSecretKey: 'STRIPE_SECRET_KEY',
  stripeWebhookSecretName: 'STRIPE_WEBHOOK_SECRET_NAME',
  stripeWebhookSecret: 'STRIPE_WEBHOOK_SECRET',
  /** Twin only: where the local Stripe server listens, e.g. http://127.0.0.1:12111. */
  stripeApiBase: 'STRIPE_API_BASE',
  /** The header CloudFront adds so the execute-api URL cannot bypass it. */
  originVerifySecretName: 'ORIGIN_VERIFY_SECRET_NAME',
  originVerifySecret: 'ORIGIN_VERIFY_SECRET',
  ipAttemptsPerHour: 'IP_ATTEMPTS_PER_HOUR',
  /** Twin and tests only: overrides serviceLimits.dailyCapacity. */
  dailyCapacity: 'DAILY_CAPACITY',
  subscribersTable: 'SUBSCRIBERS_TABLE',
  mailFrom: 'MAIL_FROM',
  /** AppSync Events HTTP endpoint the stream publisher POSTs to (https://<id>.appsync-api.<region>.amazonaws.com/event). */
  eventsHttpEndpoint: 'EVENTS_HTTP_ENDPOINT',
  /** The browser's AppSync Events API key (its ARN, which names the API and the key) that the renewer extends. */
  eventsApiKeyArn: 'EVENTS_API_KEY_ARN',
  /** The delivery pack's formats, comma-separated ad format ids (generationConfig.pack.formats). */
  packFormats: 'PACK_FORMATS',
  /** SNS topic for ops notifications (failed orders). */
  opsTopicArn: 'OPS_TOPIC_ARN',
  /** `template` (default) or `bedrock`. */
  copywriter: 'COPYWRITER',
  /** Who speaks the voice-over: `polly` (AWS) or `local` (default: festival, on the twin and in CI). */
  voiceEngine: 'VOICE_ENGINE',
  /**
   * AI footage (lambdas/generation/footage): the stage's model (a key of generationConfig.footage.models;
   * unset: engine-only ads), resolution, spend limit per ad in USD and fallback policy.
   */
  footageModel: 'FOOTAGE_MODEL',
  footageResolution: 'FOOTAGE_RESOLUTION',
  footageMaxSpendUsd: 'FOOTAGE_MAX_SPEND_USD',
  footageFallback: 'FOOTAGE_FALLBACK',
  /** The provider's API key: its Secrets Manager name in AWS, the plain value on the twin. */
  footageApiKeySecretName: 'FOOTAGE_API_KEY_SECRET_NAME',
  footageApiKey: 'FOOTAGE_API_KEY',
  /** Twin only: the local contract server standing in for the provider's API origin. */
  footageApiBase: 'FOOTAGE_API_BASE',
  /**
   * Who signs the ads' C2PA manifests (lambdas/generation/media/label-ad.ts): JSON of a certificate
   * chain and private key, in Secrets Manager by name in AWS, the plain value on the twin (a test
   * signer made at start, local/secrets-manager/c2pa-test-signer.ts).
   */
  c2paSignerSecretName: 'C2PA_SIGNER_SECRET_NAME',
  c2paSigner: 'C2PA_SIGNER',
  /** The stage's typical seconds from payment to the ad (shared/delivery-time.ts), for the emails that say it. */
  deliverySeconds: 'DELIVERY_SECONDS',
  /**
   * The stage's content guardrail (lib/generation/content-guardrail.ts): its id and published
   * version, for ApplyGuardrail. On the twin they name its stand-in's guardrail.
   */
  contentGuardrailId: 'CONTENT_GUARDRAIL_ID',
  contentGuardrailVersion: 'CONTENT_GUARDRAIL_VERSION',
  /** Overrides generationConfig.bedrockModelId (e.g. an inference profile such as us.amazon.nova-pro-v1:0). */
  bedrockModelId: 'BEDROCK_MODEL_ID',
} as const;

export const originVerifyHeader = 'x-origin-verify';
export const viewerAddressHeader = 'cloudfront-viewer-address';

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}
