// The one place for ReelFive's product facts: brand, site, price, choices and limits.
// Imported by the site, the Lambdas and the stack. Plain values: their rules live in
// config-schema.ts, checked by the stack at every synth (so a bad edit fails `cdk synth`, the
// twin's start and the tests) without putting a schema library in the home page's bundle.
import type { Config, GenerationConfig, ServiceLimits } from './config-schema.ts';

export type { Config, GenerationConfig, ServiceLimits };

export const config: Config = {
  brand: { name: 'ReelFive', slug: 'reelfive' },
  siteUrl: 'https://reelfive.com',
  supportEmail: 'support@reelfive.com',
  company: {
    name: 'ReelFive Media LLC',
    address: '2810 N Church St, Wilmington, DE 19802, USA',
    governingLaw: 'the State of Delaware, USA',
  },
  mail: { fromName: 'ReelFive', replyTo: 'support@reelfive.com' },
  // Measured paid → completed on the twin with `npm run order` (12 s Cinematic, 2-core machine
  // shared with 3 busy worktrees, 2026-11-28): 10.2, 16.0 and 20.6 s. AWS adds Bedrock's and
  // Polly's round trips and cold starts, so the promise is a minute. Re-measure when AI footage lands.
  delivery: { typicalSeconds: 60 },
  preview: { stillReadingAfterMs: 3_000, debounceMs: 600 },
  price: { amountCents: 500, currency: 'usd', label: '$5.00', shortLabel: '$5' },
  // Its lengths are the contract's (shared/contract.ts adDurations).
  video: { width: 720, height: 1280 },
  limits: {
    activeOrdersPerEmail: 3,
    activeOrderWindowHours: 24,
    uploadMaxBytes: 5 * 1024 * 1024,
    uploadContentTypes: ['image/jpeg', 'image/png', 'image/webp'],
    fileRetentionDays: 30,
    newsletterConfirmDays: 7,
  },
  site: {
    socialProof: {
      marketersServed: '2,000+',
      rating: 4.9,
      reviewCount: '500+',
      studioCost: '$2,000+',
      adsPerFreelancerQuote: 400,
    },
    testimonials: [
      {
        text: 'We tested six hooks in one afternoon for less than a single freelancer draft. Two of them beat our control ad.',
        author: 'Maya Chen',
        role: 'Growth Lead',
        company: 'Brightcart',
        rating: 5,
      },
      {
        text: 'I paste a product page, pay five dollars and have a TikTok-ready ad before my coffee is cold. It changed how often we ship creative.',
        author: 'Daniel Ortiz',
        role: 'Founder',
        company: 'Loomwear',
        rating: 5,
      },
      {
        text: 'Our agency now uses it for first drafts on every client pitch. Clients see a real ad in the first meeting.',
        author: 'Priya Nair',
        role: 'Creative Director',
        company: 'Northpeak Studio',
        rating: 5,
      },
    ],
    trustedBy: ['Brightcart', 'Loomwear', 'Northpeak Studio', 'Fieldnote'],
    socialLinks: [
      { name: 'TikTok', url: 'https://www.tiktok.com/@reelfive' },
      { name: 'Instagram', url: 'https://www.instagram.com/reelfive' },
      { name: 'YouTube', url: 'https://www.youtube.com/@reelfive' },
      { name: 'X', url: 'https://x.com/reelfive' },
    ],
    sisterProducts: [],
    orderPersonalDataDays: 90,
  },
};

/**
 * How ads are made: the copywriter, footage models and their prices, what an ad costs. Apart from
 * `config` so that the site's bundle, which imports `config`, carries none of it.
 */
export const generationConfig: GenerationConfig = {
  preview: {
    siteFetchTimeoutMs: 2_500,
    siteReadingBudgetMs: 2_000,
    imageFetchTimeoutMs: 1_500,
    maxSiteImages: 4,
    imageBoxPixels: 480,
    cacheMinutes: 60,
    perIpPerHour: 60,
  },
  // The delivery pack (shared/delivery-pack.ts, docs/render-shape.md). `formats`: what an order
  // delivers; it completes with the spec's 720x1280 (always rendered) and the others follow.
  // The 9:16 ones only until every format has its own layout; the integrator adds 'portrait',
  // 'square' and 'landscape' here when they are composed for their frames.
  pack: {
    formats: ['vertical-720', 'vertical', 'portrait', 'square', 'landscape'],
    // Renders of one order at once (the Map state's MaxConcurrency): the whole pack side by side
    // (5 formats + 2 openings = 6 after the primary), far under the account's 1,000 concurrent
    // executions; a stage's reserved render concurrency caps all orders together.
    maxConcurrentRenders: 6,
  },
  executionTimeoutMinutes: 30,
  // The storyboard's copywriter, chosen for the copy rather than the last tenth of a cent: Nova
  // Pro ($0.80/$3.20 per M tokens) where Nova Lite was, ~0.4 cents an ad (≈3,000 tokens in, 500
  // out; bench/cost-per-ad.md), on demand in us-east-1 (no inference profile, so the role's
  // foundation-model grant stays as it is) and with Converse's forced tool choice.
  bedrockModelId: 'amazon.nova-pro-v1:0',
  // AI footage (lambdas/generation/footage, docs/footage-providers.md). Prices and clip lengths from
  // each provider's published prices (docs/features.md "AI footage and what each ad costs"); a stage picks one model (lib/stack-parameters.ts).
  // What an ad costs besides its footage, recorded on each order (lambdas/generation/order-cost.ts):
  // AWS per length from the bench's cost table (docs/budgets.md "Cost per ad", bench/cost-per-ad.md) and
  // Stripe's US card fee (tests/bench/prices.ts). Ops are alarmed when the hour's average ad
  // costs more than alarmUsdPerAd (a stage may set its own: costAlarmUsdPerAd).
  costPerAd: {
    // The bench's figures with Nova Lite plus Nova Pro's price for the same calls (until it runs again).
    awsEstimateUsd: { '4': 0.0049, '8': 0.0067, '12': 0.0074 },
    stripePercent: 2.9,
    stripeFixedCents: 30,
    alarmUsdPerAd: 1,
  },
  footage: {
    pollSeconds: 5,
    // Past this the scenes still waiting are drawn by the engine (or the order fails, by policy),
    // so footage never costs the buyer the 3-minute goal by much.
    timeoutSeconds: 150,
    // A scene whose poll failed this many times in a row (network, 5xx, 429) is given up.
    maxPollErrors: 5,
    // A job that failed retryably (not a refusal) is started again this many times.
    maxStarts: 2,
    models: {
      'veo-3.1-lite-generate-preview': {
        provider: 'veo',
        usdPerSecond: { '720p': 0.05, '1080p': 0.08 },
        clipSeconds: [4, 6, 8],
        needsImage: false,
        typicalSeconds: 60,
      },
      'veo-3.1-fast-generate-preview': {
        provider: 'veo',
        usdPerSecond: { '720p': 0.1, '1080p': 0.12 },
        clipSeconds: [4, 6, 8],
        needsImage: false,
        typicalSeconds: 60,
      },
      gen4_turbo: {
        provider: 'runway',
        // 5 credits/s at $0.01 a credit; one resolution (720:1280).
        usdPerSecond: { '720p': 0.05, '1080p': 0.05 },
        clipSeconds: [2, 3, 4, 5, 6, 7, 8, 9, 10],
        needsImage: true,
        typicalSeconds: 45,
      },
      'fal-ai/kling-video/v2.5-turbo/standard/image-to-video': {
        provider: 'fal',
        // $0.21 per 5 s, $0.042 per further second: linear at $0.042/s.
        usdPerSecond: { '720p': 0.042, '1080p': 0.042 },
        clipSeconds: [5, 10],
        needsImage: true,
        typicalSeconds: 90,
      },
      'fal-ai/minimax/hailuo-02/standard/image-to-video': {
        provider: 'fal',
        usdPerSecond: { '720p': 0.045, '1080p': 0.045 },
        clipSeconds: [6, 10],
        needsImage: true,
        typicalSeconds: 120,
      },
    },
  },
};

/**
 * Limits the service enforces and the site never shows (rate limits, expiries, alarms). Apart from
 * `config` so that the site's bundle carries none of it.
 */
export const serviceLimits: ServiceLimits = {
  ipAttemptsPerHour: 100,
  couponLookupsPerIpPerHour: 10,
  unpaidCheckoutsPerIpPerHour: 10,
  uploadCacheSeconds: 3600,
  requestBodyMaxBytes: 16 * 1024,
  checkoutExpiryMinutes: 30,
  checkoutCheckSeconds: 10,
  webhookEventRetentionDays: 30,
  presignedUrlSeconds: 15 * 60,
  dailyCapacity: 50,
  newsletterUnsubscribeLinkDays: 365,
  newsletterResendMinutes: 5,
  // Confirmation mails one address may be sent in any 24 hours, whoever asks: a stranger who
  // types someone's address again and again reaches this cap and then nothing more is mailed.
  newsletterConfirmationsPerDay: 3,
  // AWS WAF on CloudFront (lib/edge): requests one IP may make in 5 minutes before it is answered
  // 429. Generous for people behind one address (offices, mobile carriers): a buyer's order page
  // reads its order on each live update, about 30 reads per ad.
  perIpRequestsPer5Minutes: {
    api: 1000,
    // Also every coupon look-up: a coupon is tried by creating an order with it.
    createOrder: 20,
    createUpload: 20,
    // A preview is asked for each pause in typing the website and each change of photo or style.
    createPreview: 60,
    newsletterSubscribe: 10,
    // Stripe sends from a few addresses, each carrying many buyers' events.
    stripeWebhook: 500,
  },
  freeAdRedemptionsAlarmPerHour: 10,
};
