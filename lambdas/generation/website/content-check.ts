// Whether a site's content is something we refuse to advertise (shared/prohibited-content.ts):
// a bounded digest of what the ad would be made from goes to the stage's content guardrail
// through Bedrock's ApplyGuardrail, the same call in AWS (lib/generation/content-guardrail.ts)
// and on the twin (its stand-in, local/content-guardrail, speaks the same wire protocol). The
// preview asks before the buyer pays; AnalyzeWebsite asks again before anything is rendered.
import {
  ApplyGuardrailCommand,
  type ApplyGuardrailCommandOutput,
  BedrockRuntimeClient,
} from '@aws-sdk/client-bedrock-runtime';
import { tracer } from '#powertools/tracer.ts';
import {
  categoryOfFilter,
  categoryOfTopic,
  type ProhibitedCategory,
  type ProhibitedCategoryId,
} from '#shared/prohibited-content.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import type { SiteFacts } from './extract-site-facts.ts';

/**
 * The most text one check sends. ApplyGuardrail bills each policy per text unit of up to 1,000
 * characters, so three units per policy bound a check's price whatever the page holds (the cost
 * bench prices it); the digest's fields (name 60, headline 150, description 300, 3 products of
 * name 60, description 120 and review quote 120, 3 benefits of 80, 5 claims and 3 offers of 80)
 * fit in it with room to spare, so everything the ad may say is checked.
 */
export const contentCheckMaxChars = 3_000;

/** What the buyer waits for at most; past it the preview goes on unchecked (the paid path checks again). */
export const contentCheckTimeoutMs = 5_000;

export type ContentVerdict = { refused: false } | { refused: true; category: ProhibitedCategoryId };

type CheckedFacts = Pick<
  SiteFacts,
  'businessName' | 'domain' | 'headline' | 'description' | 'benefits' | 'claims' | 'offers' | 'products'
>;

/** The facts the ad is made from, one per line, cut at `contentCheckMaxChars`. */
export function contentCheckText(site: CheckedFacts): string {
  const lines = [
    site.businessName,
    site.domain,
    site.headline,
    site.description,
    // A product's name, its line and its customer's words are said in the ad as they are.
    ...(site.products ?? []).flatMap((product) => [
      product.name,
      product.description ?? '',
      product.review?.quote ?? '',
    ]),
    ...site.benefits,
    ...(site.claims ?? []),
    ...(site.offers ?? []),
  ]
    .map((line) => line.trim())
    .filter(Boolean);
  return [...new Set(lines)].join('\n').slice(0, contentCheckMaxChars);
}

let defaultClient: BedrockRuntimeClient | undefined;

function sharedClient(): BedrockRuntimeClient {
  // The endpoint comes from the environment (AWS_ENDPOINT_URL_BEDROCK_RUNTIME on the twin).
  defaultClient ??= tracer.captureAWSv3Client(new BedrockRuntimeClient({}));
  return defaultClient;
}

export interface ContentCheckDeps {
  client?: BedrockRuntimeClient;
  timeoutMs?: number;
}

/** Asks the stage's guardrail about the site's facts; throws what the SDK throws (the callers decide). */
export async function checkSiteContent(site: CheckedFacts, deps: ContentCheckDeps = {}): Promise<ContentVerdict> {
  return checkTextContent(contentCheckText(site), deps);
}

/**
 * Asks the stage's guardrail about text the ad will be made from (a site's digest, a buyer's
 * revision note), cut at `contentCheckMaxChars`; throws what the SDK throws.
 */
export async function checkTextContent(fullText: string, deps: ContentCheckDeps = {}): Promise<ContentVerdict> {
  const text = fullText.trim().slice(0, contentCheckMaxChars);
  if (!text) return { refused: false };
  const client = deps.client ?? sharedClient();
  const answer = await client.send(
    new ApplyGuardrailCommand({
      guardrailIdentifier: requireEnv(envNames.contentGuardrailId),
      guardrailVersion: requireEnv(envNames.contentGuardrailVersion),
      source: 'INPUT',
      content: [{ text: { text } }],
    }),
    { abortSignal: AbortSignal.timeout(deps.timeoutMs ?? contentCheckTimeoutMs) },
  );
  const category = refusedCategory(answer);
  return category ? { refused: true, category: category.id as ProhibitedCategoryId } : { refused: false };
}

/** The category a guardrail's answer refuses: its first blocked denied topic, else its first blocked filter. */
function refusedCategory(answer: Pick<ApplyGuardrailCommandOutput, 'action' | 'assessments'>) {
  if (answer.action !== 'GUARDRAIL_INTERVENED') return undefined;
  const assessments = answer.assessments ?? [];
  const topics = assessments.flatMap((assessment) => assessment.topicPolicy?.topics ?? []);
  const filters = assessments.flatMap((assessment) => assessment.contentPolicy?.filters ?? []);
  const byTopic = topics
    .filter((topic) => topic.action === 'BLOCKED')
    .map((topic) => categoryOfTopic(topic.name ?? ''))
    .find((category): category is ProhibitedCategory => category !== undefined);
  return (
    byTopic ??
    filters
      .filter((filter) => filter.action === 'BLOCKED')
      .map((filter) => categoryOfFilter(filter.type ?? ''))
      .find((category): category is ProhibitedCategory => category !== undefined)
  );
}
