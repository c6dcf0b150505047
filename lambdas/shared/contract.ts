// DESIGN §9 as code: the values, request/response shapes and errorCodes that handlers, site
// and tests share. Change a value here and every side changes with it.
import * as z from 'zod';
import { config } from './config.ts';
import { parsePublicWebsite } from './public-url.ts';

export const styles = ['cinematic', 'direct-response', 'ugc'] as const;
export type Style = (typeof styles)[number];
export const styleLabels: Record<Style, string> = {
  cinematic: 'Cinematic',
  'direct-response': 'Direct Response',
  ugc: 'User Generated Content (UGC)',
};
export const defaultStyle: Style = 'cinematic';

export const durationChoices = ['4', '8', '12'] as const;
export type DurationChoice = (typeof durationChoices)[number];

export const orderStatuses = ['pending', 'processing', 'completed', 'failed'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const paymentStatuses = ['unpaid', 'paid', 'free', 'expired', 'canceled', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Each stage and the progress it stands for; `rendering` spans 40–90 from the renderer. */
export const stageProgress = {
  awaiting_payment: 0,
  queued: 5,
  analyzing: 15,
  scripting: 30,
  rendering: 40,
  delivering: 95,
  done: 100,
  failed: null,
} as const;
export type Stage = keyof typeof stageProgress;
export const stages = Object.keys(stageProgress) as Stage[];

export const errorCodes = [
  'VALIDATION',
  'INVALID_COUPON',
  'UPLOAD_INVALID',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMIT',
  'TOO_MANY_REQUESTS',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'UNAUTHORIZED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The status code each errorCode is answered with. */
export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION: 400,
  INVALID_COUPON: 400,
  UPLOAD_INVALID: 400,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMIT: 429,
  TOO_MANY_REQUESTS: 429,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  UNAUTHORIZED: 403,
  INTERNAL: 500,
};

/** The spec's words (§5, §8), verbatim; the API puts them in `error`, the site shows them. */
export const messages = {
  missingInformation: 'Please fill in your website and email address.',
  invalidFileType: 'Please upload a valid image file (.jpeg, .png, or .webp)',
  fileTooLarge: 'Please upload an image smaller than 5MB',
  rateLimit:
    "You've reached the maximum of 3 active orders within 24 hours. Please wait for existing orders to complete.",
  invalidCoupon: (code: string) =>
    `The coupon code '${code}' is not valid. Please check and try again, or proceed without a coupon.`,
  paymentFailed: 'We encountered an issue processing your payment. Please try again.',
  orderNotFound: 'Order not found',
  invalidWebsite: 'Please enter a valid website address (http or https).',
  invalidEmail: 'Please enter a valid email address.',
  uploadMissing: 'The uploaded image could not be found. Please upload it again.',
  uploadMismatch: 'Please upload a valid image file (.jpeg, .png, or .webp)',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  payloadTooLarge: 'The request is too large.',
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  malformedJson: 'The request body must be valid JSON.',
  unsupportedMediaType: 'The request body must be JSON (Content-Type: application/json).',
  newsletterEmailMissing: 'Please enter your email address.',
  /** The same answer for a new, pending or confirmed address: no one learns who subscribed. */
  newsletterCheckInbox:
    'Almost there! Unless this address is already subscribed, we have sent it a link to confirm. Please check your inbox.',
  newsletterFailed: 'We could not sign you up right now. Please try again in a few minutes.',
} as const;

export const apiErrorSchema = z.object({ error: z.string(), errorCode: z.enum(errorCodes) });
export type ApiError = z.infer<typeof apiErrorSchema>;

/** A stored upload key: `<uuid v4>.<ext>` as POST /api/uploads hands out. */
export const imageKeyPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(jpg|png|webp)$/;

export const uploadExtensions: Record<string, 'jpg' | 'png' | 'webp'> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** POST /api/orders body (spec §7). Unknown fields are dropped. */
export const createOrderRequestSchema = z.object({
  website: z
    .string({ error: messages.missingInformation })
    .trim()
    .min(1, messages.missingInformation)
    .max(2048, messages.invalidWebsite)
    .transform((website, ctx) => {
      const url = parsePublicWebsite(website);
      if (!url) {
        ctx.addIssue({ code: 'custom', message: messages.invalidWebsite });
        return z.NEVER;
      }
      return url.href;
    }),
  email: z
    .string({ error: messages.missingInformation })
    .trim()
    .min(1, messages.missingInformation)
    .max(254, messages.invalidEmail)
    .pipe(z.email(messages.invalidEmail)),
  style: z.enum(styles).default(defaultStyle),
  durationSeconds: z.enum(durationChoices).default(String(config.video.defaultDurationSeconds) as DurationChoice),
  imageFileName: nullableText(255),
  imageStoragePath: nullableText(64).refine((key) => key === null || imageKeyPattern.test(key), {
    message: messages.uploadMismatch,
  }),
  couponCode: nullableText(64)
    .transform((code) => (code ? code.toUpperCase() : null))
    .refine((code) => code === null || /^[A-Z0-9_-]+$/.test(code), {
      message: 'Coupon codes use letters and digits only.',
    }),
});
export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>;
export type CreateOrderInput = z.output<typeof createOrderRequestSchema>;

export const createOrderResponseSchema = z.object({ url: z.url() });
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

/** POST /api/uploads body. */
export const createUploadRequestSchema = z.object({
  fileName: z.string().trim().min(1).max(255),
  contentType: z.string().refine((type) => type in uploadExtensions, { message: messages.invalidFileType }),
  size: z.number().int().positive().max(config.limits.uploadMaxBytes, { message: messages.fileTooLarge }),
});
export type CreateUploadRequest = z.infer<typeof createUploadRequestSchema>;

export const createUploadResponseSchema = z.object({
  uploadUrl: z.url(),
  storagePath: z.string().regex(imageKeyPattern),
  previewUrl: z.url(),
  /** Headers the browser must send with the PUT: they are part of the signature. */
  headers: z.record(z.string(), z.string()),
});
export type CreateUploadResponse = z.infer<typeof createUploadResponseSchema>;

/** GET /api/orders/{id}: exactly these fields. */
export const orderViewSchema = z.object({
  id: z.uuid(),
  website: z.string(),
  email: z.string(),
  style: z.enum(styles),
  duration_seconds: z.number().int(),
  order_status: z.enum(orderStatuses),
  payment_status: z.enum(paymentStatuses),
  stage: z.enum(stages as [Stage, ...Stage[]]),
  progress: z.number().int().min(0).max(100),
  amount_cents: z.number().int().nullable(),
  currency: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  video_url: z.string().optional(),
  poster_url: z.string().optional(),
  download_url: z.string().optional(),
  expires_at: z.string().optional(),
  video_expired: z.boolean().optional(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** POST /api/orders/{id}/cancel answer. */
export const cancelOrderResponseSchema = z.object({
  order_status: z.enum(orderStatuses),
  payment_status: z.enum(paymentStatuses),
});
export type CancelOrderResponse = z.infer<typeof cancelOrderResponseSchema>;

/** GET /api/capacity: spots left today (UTC day), never negative (DESIGN §6). */
export const capacityResponseSchema = z.object({
  spotsLeft: z.number().int().min(0),
  dailyCapacity: z.number().int().positive(),
});
export type CapacityResponse = z.infer<typeof capacityResponseSchema>;

/** POST /api/newsletter body. Unknown fields are dropped. */
export const newsletterRequestSchema = z.object({
  email: z
    .string({ error: messages.newsletterEmailMissing })
    .trim()
    .min(1, messages.newsletterEmailMissing)
    .max(254, messages.invalidEmail)
    .pipe(z.email(messages.invalidEmail)),
});
export type NewsletterRequest = z.input<typeof newsletterRequestSchema>;

export const newsletterResponseSchema = z.object({ message: z.string() });
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;

/** The `token` of a confirm or unsubscribe link: 32 random bytes, base64url. */
export const newsletterTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** Spec §4: any unknown status is shown as pending. */
export function displayedOrderStatus(value: string | null | undefined): OrderStatus {
  return (orderStatuses as readonly string[]).includes(value ?? '') ? (value as OrderStatus) : 'pending';
}

/** Spec/DESIGN §9: the id is shown as its first 8 characters followed by an ellipsis. */
export function shortOrderId(id: string): string {
  return `${id.slice(0, 8)}...`;
}
