// Unit prices behind the cost-per-ad table: us-east-1, on demand, no free tier, no Savings Plans.
// Each carries where it comes from; most are ../shared/research/unit-economics.md (§2, sources
// there). Change a price here and `npm run bench -- --only=cost` redoes the table.
export const pricesCheckedOn = '2026-11-22';

export interface Price {
  /** The price as the source quotes it, for `units` of `per`. */
  quotedUsd: number;
  units: number;
  per: string;
  source: string;
}

const unitEconomics = 'research/unit-economics.md';

export const prices = {
  lambdaArm64GbSecond: {
    quotedUsd: 0.0000133334,
    units: 1,
    per: 'GB-second, arm64',
    source: `${unitEconomics} §2 (git.mcrn.ar … lambda-13-cost.md, the us-east-1 rate)`,
  },
  lambdaX86GbSecond: {
    quotedUsd: 0.0000166667,
    units: 1,
    per: 'GB-second, x86_64',
    source: 'the page unit-economics.md cites for arm64 (git.mcrn.ar … lambda-13-cost.md), x86_64 column',
  },
  lambdaRequest: { quotedUsd: 0.2, units: 1_000_000, per: 'Lambda requests', source: `${unitEconomics} §2` },
  stepFunctionsTransition: {
    quotedUsd: 0.025,
    units: 1000,
    per: 'state transitions (Standard)',
    source: `${unitEconomics} §2 ($0.000025 each)`,
  },
  s3Put: { quotedUsd: 0.005, units: 1000, per: 'S3 PUT/COPY/POST/LIST requests', source: `${unitEconomics} §2 [U]` },
  s3Get: { quotedUsd: 0.0004, units: 1000, per: 'S3 GET/HEAD requests', source: `${unitEconomics} §2 [U]` },
  s3GbMonth: { quotedUsd: 0.023, units: 1, per: 'GB-month, S3 Standard', source: `${unitEconomics} §2` },
  sesEmail: {
    quotedUsd: 0.16,
    units: 1000,
    per: 'SES emails',
    source: `${unitEconomics} §2: Essentials, the default for new accounts since 2026-07-21 ($0.10 à la carte)`,
  },
  apiGatewayHttpRequest: {
    quotedUsd: 1,
    units: 1_000_000,
    per: 'HTTP API requests (first 300M)',
    source: `${unitEconomics} §2`,
  },
  // The storyboard's model is chosen for its copy (shared/config.ts): Nova Pro, not Nova Lite.
  bedrockNovaProInput: {
    quotedUsd: 0.8,
    units: 1_000_000,
    per: 'input tokens, Amazon Nova Pro (Bedrock, on demand)',
    source: 'aws.amazon.com/bedrock/pricing, Amazon Nova (Nova Pro: $0.80/$3.20 per M tokens)',
  },
  bedrockNovaProOutput: {
    quotedUsd: 3.2,
    units: 1_000_000,
    per: 'output tokens, Amazon Nova Pro (Bedrock, on demand)',
    source: 'aws.amazon.com/bedrock/pricing, Amazon Nova (Nova Pro: $0.80/$3.20 per M tokens)',
  },
  // ApplyGuardrail bills each policy it runs per text unit (up to 1,000 characters); the content
  // guardrail runs two (lib/generation/content-guardrail.ts). Not in unit-economics.md.
  guardrailContentFilterUnits: {
    quotedUsd: 0.15,
    units: 1000,
    per: 'text units, Bedrock Guardrails content filters (text)',
    source: 'aws.amazon.com/bedrock/pricing, Guardrails ($0.15 per 1,000 text units since the December 2024 price cut)',
  },
  guardrailDeniedTopicUnits: {
    quotedUsd: 0.15,
    units: 1000,
    per: 'text units, Bedrock Guardrails denied topics (classic tier)',
    source: 'aws.amazon.com/bedrock/pricing, Guardrails ($0.15 per 1,000 text units since the December 2024 price cut)',
  },
  pollyNeuralCharacters: {
    quotedUsd: 16,
    units: 1_000_000,
    per: 'characters, Amazon Polly neural voices (audio and speech marks alike)',
    source: `${unitEconomics} §2 (neural $16/M chars; its source is a third-party table)`,
  },
  stripePercent: {
    quotedUsd: 2.9,
    units: 100,
    per: 'USD charged (2.9%; Stripe, US card)',
    source: `${unitEconomics} §1`,
  },
  stripeFixed: { quotedUsd: 0.3, units: 1, per: 'charge (Stripe, US card)', source: `${unitEconomics} §1` },
} as const satisfies Record<string, Price>;

/** The price of one unit. */
export const unitPrice = (price: Price) => price.quotedUsd / price.units;

/** Duration price per GB-second by the architecture the template gives a function. */
export const gbSecondPrice = (architecture: 'arm64' | 'x86_64') =>
  unitPrice(architecture === 'arm64' ? prices.lambdaArm64GbSecond : prices.lambdaX86GbSecond);

/**
 * Since 2025-08-01 Lambda bills the INIT phase of on-demand ZIP functions on managed runtimes
 * like the invocation (AWS Compute Blog, "AWS Lambda standardizes billing for INIT Phase",
 * 2025-04-29), so a cold start's init is priced here too.
 */
export const initPhaseBilled = true;
