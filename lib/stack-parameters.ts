// What differs between deployed stages, parsed in one place: `cdk deploy -c stage=prod` picks the
// stage's block from cdk.json (`reelfive:stages`) and a bad or missing value fails before synth.
import type { Node } from 'constructs';
import * as z from 'zod';

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

export const stackParametersSchema = z
  .object({
    stage: z.enum(stages, { error: `must be one of ${stages.join(', ')}` }),
    domainName: hostname,
    /** CloudFront only accepts ACM certificates from us-east-1, whatever the stack's region. */
    certificateArn: z
      .string()
      .regex(/^arn:aws:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]+$/, {
        error: 'must be an ACM certificate ARN in us-east-1 (CloudFront reads certificates only there)',
      })
      .optional(),
    mailFrom: z.email({ error: 'must be the SES sender address, e.g. orders@reelfive.com' }),
    stripeSecretName: secretName,
    stripeWebhookSecretName: secretName,
    alarmEmail: z.email({ error: 'must be the email address that receives alarms' }),
    /** Who writes the ad's words: the deterministic template, or a Bedrock model (config.generation.bedrockModelId). */
    copywriter: z.enum(['template', 'bedrock'], { error: 'must be template or bedrock' }).default('template'),
    /**
     * Reserved concurrency of the render function; absent = unreserved. A new account's quota is
     * 10 concurrent executions and reserving from it fails the deploy (README, Deploy, quotas).
     */
    renderReservedConcurrency: z
      .number({ error: 'must be a whole number of concurrent renders' })
      .int({ error: 'must be a whole number of concurrent renders' })
      .min(1, { error: 'must be at least 1 (leave it out to reserve nothing)' })
      .optional(),
    account: z
      .string()
      .regex(/^\d{12}$/, { error: 'must be a 12-digit AWS account id' })
      .optional(),
    region: z
      .string()
      .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, { error: 'must be an AWS region, e.g. eu-west-1' })
      .optional(),
  })
  .refine((parameters) => parameters.stage !== 'prod' || parameters.certificateArn, {
    error: 'is required for prod: the site must answer on its own domain over TLS',
    path: ['certificateArn'],
  });

export type StackParameters = z.infer<typeof stackParametersSchema>;

/**
 * Reads `-c stage=<stage>` and that stage's block of `reelfive:stages` in cdk.json.
 * Throws one error that names every missing or invalid value.
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
  const defaults = perStage && typeof perStage === 'object' ? (perStage as Record<string, unknown>)[stage] : undefined;
  if (!defaults || typeof defaults !== 'object') {
    throw new Error(`No parameters for stage '${stage}': add a "${stage}" block to "${stagesContextKey}" in cdk.json`);
  }
  return validateStackParameters({ ...defaults, stage }, `cdk.json ${stagesContextKey}.${stage}`);
}

/** Validates parameters given in code (the twin, the tests) with the same messages. */
export function validateStackParameters(input: unknown, source: string): StackParameters {
  const result = stackParametersSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  - ${issue.path.join('.') || '(root)'} ${issue.message}`);
  throw new Error(`Invalid stack parameters (${source}):\n${problems.join('\n')}`);
}
