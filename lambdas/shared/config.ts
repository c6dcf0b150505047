// The one place for ReelFive's product facts: brand, site, price, choices and limits.
// Imported by the site, the Lambdas and the stack; parsed so a bad edit fails at start-up.
import * as z from 'zod';

const configSchema = z.object({
  brand: z.object({ name: z.string().min(1), slug: z.string().regex(/^[a-z0-9-]+$/) }),
  /** Public site origin used in links and canonical URLs; stacks override it per stage. */
  siteUrl: z.url(),
  supportEmail: z.email(),
  /** Who the Terms of Service are with. SEED VALUES: set the real entity before launch. */
  company: z.object({ name: z.string().min(1), address: z.string().min(1), governingLaw: z.string().min(1) }),
  mail: z.object({
    /** Display name on every email; the address comes from the stage (MAIL_FROM, a verified SES identity). */
    fromName: z.string().min(1),
    /** Where buyers' replies go. */
    replyTo: z.email(),
  }),
  generation: z.object({
    /** Poll interval of the render loop (Wait state), seconds. */
    renderPollSeconds: z.number().int().positive(),
    /** Whole-execution bound; past it the execution-status rule runs the failure path. */
    executionTimeoutMinutes: z.number().int().positive(),
    /** Optional Bedrock Converse copywriter; the template copywriter is the default. */
    bedrockModelId: z.string().min(1),
  }),
  price: z.object({
    amountCents: z.number().int().positive(),
    currency: z.literal('usd'),
    label: z.string(),
  }),
  video: z.object({
    width: z.literal(720),
    height: z.literal(1280),
    durationsSeconds: z.array(z.number().int().positive()).nonempty(),
    defaultDurationSeconds: z.number().int().positive(),
  }),
  limits: z.object({
    /** Spec §9: at most 3 active orders per email within 24 hours. */
    activeOrdersPerEmail: z.number().int().positive(),
    activeOrderWindowHours: z.number().int().positive(),
    /** Per-IP attempts per hour on order creation and uploads (DESIGN §9). */
    ipAttemptsPerHour: z.number().int().positive(),
    uploadMaxBytes: z.number().int().positive(),
    uploadContentTypes: z.array(z.string()).nonempty(),
    uploadCacheSeconds: z.number().int().positive(),
    requestBodyMaxBytes: z.number().int().positive(),
    checkoutExpiryMinutes: z.number().int().min(30),
    fileRetentionDays: z.number().int().positive(),
    webhookEventRetentionDays: z.number().int().positive(),
    presignedUrlSeconds: z.number().int().positive(),
    dailyCapacity: z.number().int().positive(),
    /** Unconfirmed newsletter sign-ups (and their confirm links) lapse after this many days. */
    newsletterConfirmDays: z.number().int().positive(),
    /** How long the unsubscribe link of one newsletter email keeps working; each email carries a fresh one. */
    newsletterUnsubscribeLinkDays: z.number().int().positive(),
    /** A pending sign-up is mailed again only after this many minutes (no mail-bombing an inbox). */
    newsletterResendMinutes: z.number().int().positive(),
  }),
  /**
   * The home page's social proof. SEED VALUES from the spec, not yet true: replace them with real
   * figures and real customers' words before launch (README "Launch checklist"; 16 CFR 465).
   */
  site: z.object({
    socialProof: z.object({
      marketersServed: z.string().min(1),
      rating: z.number().min(1).max(5),
      reviewCount: z.string().min(1),
      /** What a freelancer or studio quotes for one ad, and how many of ours that buys. */
      studioCost: z.string().min(1),
      adsPerFreelancerQuote: z.number().int().positive(),
    }),
    testimonials: z
      .array(
        z.object({
          text: z.string().min(1),
          author: z.string().min(1),
          role: z.string().min(1),
          company: z.string().min(1),
          rating: z.number().int().min(1).max(5),
        }),
      )
      .length(3),
    trustedBy: z.array(z.string().min(1)).length(4),
    /** Footer links (spec §2.9); SEED handles: confirm each account exists before launch. */
    socialLinks: z.array(z.object({ name: z.string().min(1), url: z.url() })),
    /** Other products of the company, linked from the footer; none yet, so the block is hidden. */
    sisterProducts: z.array(z.object({ name: z.string().min(1), url: z.url() })),
    /** The privacy notice's promise: an order's website and email are anonymised after this many days. */
    orderPersonalDataDays: z.number().int().positive(),
  }),
});

export type Config = z.infer<typeof configSchema>;

export const config: Config = configSchema.parse({
  brand: { name: 'ReelFive', slug: 'reelfive' },
  siteUrl: 'https://reelfive.com',
  supportEmail: 'support@reelfive.com',
  company: {
    name: 'ReelFive Media LLC',
    address: '2810 N Church St, Wilmington, DE 19802, USA',
    governingLaw: 'the State of Delaware, USA',
  },
  mail: { fromName: 'ReelFive', replyTo: 'support@reelfive.com' },
  generation: { renderPollSeconds: 5, executionTimeoutMinutes: 30, bedrockModelId: 'amazon.nova-lite-v1:0' },
  price: { amountCents: 500, currency: 'usd', label: '$5.00' },
  video: { width: 720, height: 1280, durationsSeconds: [4, 8, 12], defaultDurationSeconds: 12 },
  limits: {
    activeOrdersPerEmail: 3,
    activeOrderWindowHours: 24,
    ipAttemptsPerHour: 100,
    uploadMaxBytes: 5 * 1024 * 1024,
    uploadContentTypes: ['image/jpeg', 'image/png', 'image/webp'],
    uploadCacheSeconds: 3600,
    requestBodyMaxBytes: 16 * 1024,
    checkoutExpiryMinutes: 30,
    fileRetentionDays: 30,
    webhookEventRetentionDays: 30,
    presignedUrlSeconds: 15 * 60,
    dailyCapacity: 50,
    newsletterConfirmDays: 7,
    newsletterUnsubscribeLinkDays: 365,
    newsletterResendMinutes: 5,
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
});
