// The rules ReelFive's config (config.ts) must follow. Checked by createStacks (lib/app.ts) on
// every synth, deploy and twin start, and by the unit tests.
import * as z from 'zod/mini';
import { adFormats } from './ad-formats.ts';

/** The AI footage providers a stage can use (lambdas/generation/footage). */
export const footageProviders = ['veo', 'runway', 'fal'] as const;
export type FootageProvider = (typeof footageProviders)[number];
export const footageResolutions = ['720p', '1080p'] as const;
export type FootageResolution = (typeof footageResolutions)[number];

const adFormatIds = adFormats.map((format) => format.id) as [
  (typeof adFormats)[number]['id'],
  ...(typeof adFormats)[number]['id'][],
];

export const configSchema = z.object({
  brand: z.object({ name: z.string().check(z.minLength(1)), slug: z.string().check(z.regex(/^[a-z0-9-]+$/)) }),
  /** Public site origin used in links and canonical URLs; stacks override it per stage. */
  siteUrl: z.url(),
  supportEmail: z.email(),
  /** Who the Terms of Service are with. SEED VALUES: set the real entity before launch. */
  company: z.object({
    name: z.string().check(z.minLength(1)),
    address: z.string().check(z.minLength(1)),
    governingLaw: z.string().check(z.minLength(1)),
  }),
  mail: z.object({
    /** Display name on every email; the address comes from the stage (MAIL_FROM, a verified SES identity). */
    fromName: z.string().check(z.minLength(1)),
    /** Where buyers' replies go. */
    replyTo: z.email(),
  }),
  generation: z.object({
    /** The preview before paying (lambdas/generation/preview): how it reads the site and what it keeps. */
    preview: z.object({
      /** The preview's page fetch gives up sooner than generation's 8 s: the buyer is waiting on the form. */
      siteFetchTimeoutMs: z.int().check(z.positive(), z.maximum(8_000)),
      /** Reading the fetched page on its own thread, ended at this budget: the preview then says it could not be read. */
      siteReadingBudgetMs: z.int().check(z.positive(), z.maximum(8_000)),
      /** Each site image the preview shows, fetched in parallel once the page is read. */
      imageFetchTimeoutMs: z.int().check(z.positive()),
      /** Site images the preview cleans and shows (the buyer's photo comes on top). */
      maxSiteImages: z.int().check(z.positive(), z.maximum(5)),
      /** The cleaned copies fit inside a square of this many pixels. */
      imageBoxPixels: z.int().check(z.minimum(64)),
      /** How long what a preview read is reused, by later previews and by the order's generation. */
      cacheMinutes: z.int().check(z.positive()),
      /** Per-IP previews per hour (scaled with the stage's general budget, as the other narrow ones). */
      perIpPerHour: z.int().check(z.positive()),
    }),
    pack: z.object({
      /** The formats an order delivers (shared/ad-formats.ts ids); the primary one is rendered whatever the list. */
      formats: z.array(z.enum(adFormatIds)).check(z.minLength(1)),
      /** The pack's renders run at most this many at once (the Map state's MaxConcurrency). */
      maxConcurrentRenders: z.int().check(z.positive()),
    }),
    /** Whole-execution bound; past it the execution-status rule runs the failure path. */
    executionTimeoutMinutes: z.int().check(z.positive()),
    /** Optional Bedrock Converse copywriter; the template copywriter is the default. */
    bedrockModelId: z.string().check(z.minLength(1)),
    costPerAd: z.object({
      /** AWS's part of one ad, by its length in seconds (the bench's table). */
      awsEstimateUsd: z.record(z.string().check(z.regex(/^\d+$/)), z.number().check(z.positive())),
      stripePercent: z.number().check(z.positive()),
      stripeFixedCents: z.int().check(z.minimum(0)),
      alarmUsdPerAd: z.number().check(z.positive()),
    }),
    footage: z.object({
      /** Poll interval of the footage loop (Wait state), seconds. */
      pollSeconds: z.int().check(z.positive()),
      /** After this long from the first start, scenes still waiting fall back (or fail the order). */
      timeoutSeconds: z.int().check(z.positive()),
      maxPollErrors: z.int().check(z.positive()),
      maxStarts: z.int().check(z.positive()),
      /** The price table: every model a stage may pick, by its provider's model id. */
      models: z.record(
        z.string().check(z.minLength(1)),
        z.object({
          provider: z.enum(footageProviders),
          /** USD per generated second at each resolution (the provider's published price). */
          usdPerSecond: z.object({ '720p': z.number().check(z.positive()), '1080p': z.number().check(z.positive()) }),
          /** The clip lengths the model accepts, shortest first; a scene gets the shortest that covers it. */
          clipSeconds: z.array(z.int().check(z.positive())).check(z.minLength(1)),
          /** Image-to-video only: a scene without an image is not sent to it. */
          needsImage: z.boolean(),
          /** The provider's documented generation time for one clip (docs/features.md, "Expected paid → completed in AWS"). */
          typicalSeconds: z.int().check(z.positive()),
        }),
      ),
    }),
  }),
  /**
   * The one statement of how long an ad takes: every page and email that tells the time, and the
   * order page's estimate, read it (docs/spec-deviations.md, "One delivery time").
   */
  delivery: z.object({
    /** Typical time from payment to the delivered ad, seconds; set from a measurement (config.ts says which). */
    typicalSeconds: z.int().check(z.positive(), z.maximum(30 * 60)),
  }),
  /** The preview before paying (docs/design.md "Generation pipeline", lambdas/generation/preview). */
  /** What the order form does while it waits for the preview (docs/design.md "Generation pipeline"). */
  preview: z.object({
    /** The form says "still reading…" once a preview has taken this long. */
    stillReadingAfterMs: z.int().check(z.positive()),
    /** The form waits this long after the last keystroke before asking. */
    debounceMs: z.int().check(z.positive()),
  }),
  price: z.object({
    amountCents: z.int().check(z.positive()),
    currency: z.literal('usd'),
    label: z.string(),
    /** The price as headlines and titles write it: "$5". */
    shortLabel: z.string().check(z.minLength(2)),
  }),
  video: z.object({
    width: z.literal(720),
    height: z.literal(1280),
  }),
  limits: z.object({
    /** docs/product.md "Business constants": at most 3 active (paid, unfinished) orders per mailbox within 24 hours. */
    activeOrdersPerEmail: z.int().check(z.positive()),
    activeOrderWindowHours: z.int().check(z.positive()),
    uploadMaxBytes: z.int().check(z.positive()),
    uploadContentTypes: z.array(z.string()).check(z.minLength(1)),
    fileRetentionDays: z.int().check(z.positive()),
    /** Unconfirmed newsletter sign-ups (and their confirm links) lapse after this many days. */
    newsletterConfirmDays: z.int().check(z.positive()),
  }),
  /** Limits the service enforces and the site never shows (shared/config.ts `serviceLimits`). */
  serviceLimits: z.object({
    /** Per-IP attempts per hour on order creation and uploads (docs/threat-model.md). */
    ipAttemptsPerHour: z.int().check(z.positive()),
    /** Per-IP coupon look-ups per hour (creates that name a code): no guessing codes from one address. */
    couponLookupsPerIpPerHour: z.int().check(z.positive()),
    /** Per-IP checkouts opened per hour and not paid (agencies share an address, so not 3). */
    unpaidCheckoutsPerIpPerHour: z.int().check(z.positive()),
    uploadCacheSeconds: z.int().check(z.positive()),
    requestBodyMaxBytes: z.int().check(z.positive()),
    checkoutExpiryMinutes: z.int().check(z.minimum(30)),
    /** An unpaid order's read asks Stripe about its session at most once per this many seconds. */
    checkoutCheckSeconds: z.int().check(z.positive()),
    webhookEventRetentionDays: z.int().check(z.positive()),
    presignedUrlSeconds: z.int().check(z.positive()),
    dailyCapacity: z.int().check(z.positive()),
    /** How long the unsubscribe link of one newsletter email keeps working; each email carries a fresh one. */
    newsletterUnsubscribeLinkDays: z.int().check(z.positive()),
    /** A pending sign-up is mailed again only after this many minutes (no mail-bombing an inbox). */
    newsletterResendMinutes: z.int().check(z.positive()),
    newsletterConfirmationsPerDay: z.int().check(z.positive()),
    /** AWS WAF rate-based rules per IP (lib/edge); WAF's smallest limit is 10 per window. */
    perIpRequestsPer5Minutes: z.object({
      /** Every /api/* request but the Stripe webhook. */
      api: z.int().check(z.minimum(10)),
      /** POST /api/orders: order creations and the coupon look-ups inside them. */
      createOrder: z.int().check(z.minimum(10)),
      /** POST /api/uploads. */
      createUpload: z.int().check(z.minimum(10)),
      /** POST /api/previews. */
      createPreview: z.int().check(z.minimum(10)),
      /** POST /api/newsletter (each sign-up may send a mail). */
      newsletterSubscribe: z.int().check(z.minimum(10)),
      /** POST /api/stripe/webhook, per Stripe address. */
      stripeWebhook: z.int().check(z.minimum(10)),
    }),
    /** Ops are alarmed when this many ads are made free (100 % coupons) within an hour: a code may have leaked. */
    freeAdRedemptionsAlarmPerHour: z.int().check(z.positive()),
  }),
  /**
   * The home page's social proof. SEED VALUES from the spec, not yet true: replace them with real
   * figures and real customers' words before launch (docs/deploy.md "Launch checklist"; 16 CFR 465).
   */
  site: z.object({
    socialProof: z.object({
      marketersServed: z.string().check(z.minLength(1)),
      rating: z.number().check(z.minimum(1), z.maximum(5)),
      reviewCount: z.string().check(z.minLength(1)),
      /** What a freelancer or studio quotes for one ad, and how many of ours that buys. */
      studioCost: z.string().check(z.minLength(1)),
      adsPerFreelancerQuote: z.int().check(z.positive()),
    }),
    testimonials: z
      .array(
        z.object({
          text: z.string().check(z.minLength(1)),
          author: z.string().check(z.minLength(1)),
          role: z.string().check(z.minLength(1)),
          company: z.string().check(z.minLength(1)),
          rating: z.int().check(z.minimum(1), z.maximum(5)),
        }),
      )
      .check(z.length(3)),
    trustedBy: z.array(z.string().check(z.minLength(1))).check(z.length(4)),
    /** Footer links (docs/product.md "Screens and routes"); SEED handles: confirm each account exists before launch. */
    socialLinks: z.array(z.object({ name: z.string().check(z.minLength(1)), url: z.url() })),
    /** Other products of the company, linked from the footer; none yet, so the block is hidden. */
    sisterProducts: z.array(z.object({ name: z.string().check(z.minLength(1)), url: z.url() })),
    /** The privacy notice's promise: an order's website and email are anonymised after this many days. */
    orderPersonalDataDays: z.int().check(z.positive()),
  }),
});

type CheckedConfig = z.infer<typeof configSchema>;
export type Config = Omit<CheckedConfig, 'generation' | 'serviceLimits'>;
export type GenerationConfig = CheckedConfig['generation'];
export type ServiceLimits = CheckedConfig['serviceLimits'];

/** The configs as they are, or an error naming every broken rule. */
export function checkConfig(config: Config, generation: GenerationConfig, serviceLimits: ServiceLimits): void {
  const result = configSchema.safeParse({ ...config, generation, serviceLimits });
  if (!result.success) throw new Error(`shared/config.ts breaks its rules:\n${z.prettifyError(result.error)}`);
}
