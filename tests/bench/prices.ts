// Unit prices behind the cost-per-ad table: us-east-1, on demand, no free tier, no Savings Plans.
// Each carries where it comes from: the public page or price list it was read from, [U] where
// no price list confirmed it. Change a price here and `npm run bench -- --only=cost` redoes the table.
export const pricesCheckedOn = '2026-11-22';

export interface Price {
  /** The price as the source quotes it, for `units` of `per`. */
  quotedUsd: number;
  units: number;
  per: string;
  source: string;
}

/** Lambda requests and Step Functions transitions (fetched 2026-05-26). */
const awsSamplesPrices = 'github.com/aws-samples/sample-llm-search-citation-analysis-with-amazon-bedrock pull 60';
const stripeFee =
  'calculatorcove.com/blog/stripe-fees-explained (a third-party summary; no separate Checkout fee found [U])';

export const prices = {
  lambdaArm64GbSecond: {
    quotedUsd: 0.0000133334,
    units: 1,
    per: 'GB-second, arm64',
    source: 'git.mcrn.ar/mariano/lambda_local_runner, docs/lambdas-md/lambda-13-cost.md (the us-east-1 rate)',
  },
  lambdaX86GbSecond: {
    quotedUsd: 0.0000166667,
    units: 1,
    per: 'GB-second, x86_64',
    source: 'git.mcrn.ar/mariano/lambda_local_runner, docs/lambdas-md/lambda-13-cost.md, x86_64 column',
  },
  lambdaRequest: { quotedUsd: 0.2, units: 1_000_000, per: 'Lambda requests', source: awsSamplesPrices },
  stepFunctionsTransition: {
    quotedUsd: 0.025,
    units: 1000,
    per: 'state transitions (Standard)',
    source: `${awsSamplesPrices} ($0.000025 each)`,
  },
  s3Put: {
    quotedUsd: 0.005,
    units: 1000,
    per: 'S3 PUT/COPY/POST/LIST requests',
    source: 'not verified against a price list [U]',
  },
  s3Get: {
    quotedUsd: 0.0004,
    units: 1000,
    per: 'S3 GET/HEAD requests',
    source: 'not verified against a price list [U]',
  },
  s3GbMonth: {
    quotedUsd: 0.023,
    units: 1,
    per: 'GB-month, S3 Standard',
    source: 'gist.github.com/EverettBerry/a37438006529a55f42da6fdbc44a505c',
  },
  sesEmail: {
    quotedUsd: 0.16,
    units: 1000,
    per: 'SES emails',
    source:
      'api-evangelist/amazon-ses plans-pricing.yml (price list 2026-07-22): Essentials, the default for new accounts since 2026-07-21 ($0.10 à la carte)',
  },
  apiGatewayHttpRequest: {
    quotedUsd: 1,
    units: 1_000_000,
    per: 'HTTP API requests (first 300M)',
    source: 'api-evangelist/amazon-web-services plans-pricing.yml (2026-09-20)',
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
  // guardrail runs two (lib/generation/content-guardrail.ts).
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
    source: 'acecloudinterviews.com/tutorials/aws/polly (neural $16/M chars; a third-party table)',
  },
  stripePercent: {
    quotedUsd: 2.9,
    units: 100,
    per: 'USD charged (2.9%; Stripe, US card)',
    source: stripeFee,
  },
  stripeFixed: { quotedUsd: 0.3, units: 1, per: 'charge (Stripe, US card)', source: stripeFee },
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
