// What differs between deployed stages, parsed in one place: `cdk deploy -c stage=prod` picks the
// stage's block from cdk.json (`reelfive:stages`), `-c <name>=<value>` overrides any parameter of
// it, and a bad or missing value fails before synth.
import type { Node } from 'constructs';
import * as z from 'zod';
import { generationConfig } from '#shared/config.ts';
import { footageResolutions } from '#shared/config-schema.ts';

export const stages = ['staging', 'prod', 'local'] as const;
export type Stage = (typeof stages)[number];

/** The stages that `cdk deploy` accepts; `local` exists only for the twin and the infra tests. */
const deployableStages: readonly Stage[] = ['staging', 'prod'];

export const stagesContextKey = 'reelfive:stages';

const hostname = z
  .string({ error: 'is required (the site host, e.g. reelfive.com)' })
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/, {
    error: 'must be a lower-case host name without scheme or path, e.g. reelfive.com',
  });

/** Secrets Manager names: letters, digits and /_+=.@- (the service's own rule). */
const secretName = z
  .string({ error: 'is required (a Secrets Manager secret name)' })
  .regex(/^[A-Za-z0-9/_+=.@-]{1,512}$/, { error: 'must be a Secrets Manager secret name' });

const certificateArnFormat = 'must be an ACM certificate ARN in us-east-1 (CloudFront reads certificates only there)';

/** CloudFront only accepts ACM certificates from us-east-1, whatever the stack's region. */
const certificateArn = (whenMissing: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? whenMissing : certificateArnFormat) })
    .regex(/^arn:aws:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]+$/, { error: certificateArnFormat });

export const stackParametersSchema = z.object({
  stage: z.enum(stages, { error: `must be one of ${stages.join(', ')}` }),
  domainName: hostname,
  /**
   * Required of every stage `cdk` deploys (parseStackParameters); without it the distribution
   * answers only on *.cloudfront.net, which only the twin's `local` template can live with.
   */
  certificateArn: certificateArn(certificateArnFormat).optional(),
  mailFrom: z.email({ error: 'must be the SES sender address, e.g. orders@reelfive.com' }),
  stripeSecretName: secretName,
  /**
   * Restricted Stripe keys (`rk_…`), one per use (shared/capabilities.ts): a function that only
   * opens checkouts, only reads them or only refunds reads only that key. Each unset one falls
   * back to `stripeSecretName`.
   */
  stripeCheckoutKeySecretName: secretName.optional(),
  stripeReadKeySecretName: secretName.optional(),
  stripeRefundKeySecretName: secretName.optional(),
  stripeWebhookSecretName: secretName,
  /**
   * Who signs the ads' C2PA manifests: a JSON secret `{certificateChain, privateKey, algorithm?}`
   * in PEM (lambdas/generation/media/c2pa-manifest.ts; docs/ai-disclosure.md says how to make it).
   */
  c2paSignerSecretName: secretName,
  alarmEmail: z.email({ error: 'must be the email address that receives alarms' }),
  /**
   * Who writes the storyboard: a Bedrock model (generationConfig.bedrockModelId; the default of
   * deployed stages) or the deterministic template (the twin's). See generationChoices().
   */
  copywriter: z.enum(['template', 'bedrock'], { error: 'must be template or bedrock' }).optional(),
  /** Who speaks the voice-over: Amazon Polly (deployed stages) or festival (the twin; Lambda has none). */
  voice: z.enum(['polly', 'local'], { error: 'must be polly or local' }).optional(),
  /**
   * Reserved concurrency of the render function; absent = unreserved. Only for an account whose
   * quota is above 100 concurrent executions (Lambda keeps 100 unreserved): a new account's is 10
   * and reserving from it fails the deploy (docs/deploy.md, "Quotas a new account hits"). Below that, nothing is
   * reserved and previews are bounded by their route's throttle (shared/routes.ts).
   * `-c` hands every value over as a string, so a string of digits reads as the number it spells.
   */
  renderReservedConcurrency: z
    .preprocess(
      (value) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value),
      z
        .number({ error: 'must be a whole number of concurrent renders' })
        .int({ error: 'must be a whole number of concurrent renders' })
        .min(1, { error: 'must be at least 1 (leave it out to reserve nothing)' }),
    )
    .optional(),
  /**
   * AI footage (docs/design.md "Generation pipeline"): the video model, a key of generationConfig.footage.models (its
   * provider follows from it); absent = engine-only ads. With it: the Secrets Manager name of the
   * provider's API key, the resolution, the most one ad may spend on clips (USD) and what a clip
   * that cannot be made does to the order (`engine-only`: the scene is drawn by the engine; `fail`).
   */
  footageModel: z
    .enum(Object.keys(generationConfig.footage.models) as [string, ...string[]], {
      error: `must be one of ${Object.keys(generationConfig.footage.models).join(', ')}`,
    })
    .optional(),
  footageApiKeySecretName: secretName.optional(),
  footageResolution: z.enum(footageResolutions, { error: 'must be 720p or 1080p' }).optional(),
  footageMaxSpendUsd: z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
      z.number({ error: 'must be an amount in USD, e.g. 0.5' }).positive({ error: 'must be above 0' }),
    )
    .optional(),
  footageFallback: z.enum(['engine-only', 'fail'], { error: 'must be engine-only or fail' }).optional(),
  /** Ops are alarmed when the average cost of an ad over an hour passes this (USD; default 1). */
  costAlarmUsdPerAd: z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
      z.number({ error: 'must be an amount in USD, e.g. 1' }).positive({ error: 'must be above 0' }),
    )
    .optional(),
  account: z
    .string()
    .regex(/^\d{12}$/, { error: 'must be a 12-digit AWS account id' })
    .optional(),
  region: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, { error: 'must be an AWS region, e.g. eu-west-1' })
    .optional(),
});

export type StackParameters = z.infer<typeof stackParametersSchema>;

/**
 * The writer and the voice a stage uses: AWS's (Bedrock, Polly) on deployed stages unless told
 * otherwise, the local ones on the twin. A deployed stage cannot use the local voice: Lambda has
 * no speech engine of its own.
 */
export function generationChoices(parameters: StackParameters): {
  copywriter: 'template' | 'bedrock';
  voice: 'polly' | 'local';
} {
  const local = parameters.stage === 'local';
  const voice = parameters.voice ?? (local ? 'local' : 'polly');
  if (!local && voice === 'local') {
    throw new Error(`voice=local cannot be deployed (stage ${parameters.stage}): Lambda has no festival; use polly`);
  }
  return { copywriter: parameters.copywriter ?? (local ? 'template' : 'bedrock'), voice };
}

export interface FootageChoice {
  model: string;
  resolution: '720p' | '1080p';
  maxSpendUsd: number;
  fallback: 'engine-only' | 'fail';
  /** Secrets Manager name of the provider's API key; null on the twin, which sets the key itself. */
  apiKeySecretName: string | null;
}

/** Footage defaults: 720p, $0.75 a clip budget per ad (every chosen model's 12 s ad fits), engine-only fallback. */
export const footageDefaults = { resolution: '720p', maxSpendUsd: 0.75, fallback: 'engine-only' } as const;

/** The stage's footage, or null for engine-only ads. A deployed stage with a model needs its key's secret. */
export function footageChoice(parameters: StackParameters): FootageChoice | null {
  if (!parameters.footageModel) return null;
  if (parameters.stage !== 'local' && !parameters.footageApiKeySecretName) {
    throw new Error(
      `footageModel=${parameters.footageModel} needs footageApiKeySecretName (stage ${parameters.stage}): the Secrets Manager secret holding the provider's API key`,
    );
  }
  return {
    model: parameters.footageModel,
    resolution: parameters.footageResolution ?? footageDefaults.resolution,
    maxSpendUsd: parameters.footageMaxSpendUsd ?? footageDefaults.maxSpendUsd,
    fallback: parameters.footageFallback ?? footageDefaults.fallback,
    apiKeySecretName: parameters.footageApiKeySecretName ?? null,
  };
}

/**
 * What `cdk synth` and `cdk deploy` also demand. The site URL (https://<domainName>) is baked into
 * Stripe's redirect URLs, the upload CORS origin, emails and canonical URLs, so a deployed stage
 * must answer on that domain, and CloudFront does so only with a certificate covering it.
 */
const deployedStackParametersSchema = (domainName: string) =>
  stackParametersSchema.extend({
    certificateArn: certificateArn(
      `is required for every deployed stage: the site URL https://${domainName} is baked into Stripe ` +
        'redirect URLs, the upload CORS origin, emails and canonical URLs, and CloudFront answers on ' +
        `that domain only with a certificate for it. Create one in ACM in us-east-1 covering ${domainName}, ` +
        'validated by DNS, then pass -c certificateArn=arn:aws:acm:us-east-1:<account>:certificate/<id> ' +
        "or add it to the stage's block in cdk.json",
    ),
  });

/**
 * Every parameter but the stage (which picks the block) can be given as `-c <name>=<value>`. Any CDK
 * context of that name counts, so a top-level key of cdk.json's "context" would apply to every stage.
 */
const overridableParameters = Object.keys(stackParametersSchema.shape).filter((name) => name !== 'stage');

/**
 * Reads `-c stage=<stage>`, that stage's block of `reelfive:stages` in cdk.json and any
 * `-c <name>=<value>`, which wins over the block; an empty value (`-c <name>=`) unsets the
 * parameter. Throws one error that names every missing or invalid value and where it came from.
 */
export function parseStackParameters(node: Node): StackParameters {
  const stage: unknown = node.tryGetContext('stage');
  if (typeof stage !== 'string' || !stage) {
    throw new Error(`Missing stage: run cdk with -c stage=${deployableStages.join(' or -c stage=')}`);
  }
  if (!deployableStages.includes(stage as Stage)) {
    throw new Error(`Unknown stage '${stage}': expected ${deployableStages.join(' or ')}`);
  }
  const perStage: unknown = node.tryGetContext(stagesContextKey);
  const block = perStage && typeof perStage === 'object' ? (perStage as Record<string, unknown>)[stage] : undefined;
  if (!block || typeof block !== 'object') {
    throw new Error(`No parameters for stage '${stage}': add a "${stage}" block to "${stagesContextKey}" in cdk.json`);
  }

  const input: Record<string, unknown> = { ...block, stage };
  const givenOnCommandLine = new Map<string, unknown>();
  // A blank value unsets rather than falls back to the block: it is the only way to drop an optional
  // value of the block for one deploy, and a blank required one fails instead of passing unnoticed.
  for (const name of overridableParameters) {
    const value: unknown = node.tryGetContext(name);
    if (value === undefined) continue;
    givenOnCommandLine.set(name, value);
    if (value === '') delete input[name];
    else input[name] = value;
  }
  const domainName = typeof input.domainName === 'string' ? input.domainName : '<domainName>';
  return parseOrThrow(
    deployedStackParametersSchema(domainName),
    input,
    [`cdk.json ${stagesContextKey}.${stage}`, ...[...givenOnCommandLine.keys()].map((name) => `-c ${name}`)].join(', '),
    (name) => {
      if (!givenOnCommandLine.has(name)) return undefined;
      const given = givenOnCommandLine.get(name);
      const value = typeof given === 'string' ? given : JSON.stringify(given);
      return value ? `from -c ${name}=${value}` : `unset by -c ${name}=`;
    },
  );
}

/** Validates parameters given in code (the twin, the tests) with the same messages. */
export function validateStackParameters(input: unknown, source: string): StackParameters {
  return parseOrThrow(stackParametersSchema, input, source, () => undefined);
}

function parseOrThrow(
  schema: z.ZodType<StackParameters>,
  input: unknown,
  source: string,
  originOf: (name: string) => string | undefined,
): StackParameters {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const origin = originOf(String(issue.path[0]));
    return `  - ${issue.path.join('.') || '(root)'} ${issue.message}${origin ? ` (${origin})` : ''}`;
  });
  throw new Error(`Invalid stack parameters (${source}):\n${problems.join('\n')}`);
}
