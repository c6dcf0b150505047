// The one place for ReelFive's product facts: brand, site, price, choices and limits.
// Imported by the site, the Lambdas and the stack; parsed so a bad edit fails at start-up.
import * as z from 'zod';

const configSchema = z.object({
  brand: z.object({ name: z.string().min(1), slug: z.string().regex(/^[a-z0-9-]+$/) }),
  /** Public site origin used in links and canonical URLs; stacks override it per stage. */
  siteUrl: z.url(),
  supportEmail: z.email(),
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
  }),
});

export type Config = z.infer<typeof configSchema>;

export const config: Config = configSchema.parse({
  brand: { name: 'ReelFive', slug: 'reelfive' },
  siteUrl: 'https://reelfive.com',
  supportEmail: 'support@reelfive.com',
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
  },
});
