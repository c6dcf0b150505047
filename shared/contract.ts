// The contract (docs/product.md) as code: the values, request/response shapes and errorCodes that handlers, site
// and tests share. Change a value here and every side changes with it.
// zod/mini: the site's order form imports these schemas, and mini is a third of full zod's size.
import * as z from 'zod/mini';
import { config } from './config.ts';
import { revisionLimits, revisionMessages, revisionRequestKinds } from './revision.ts';

export const styles = ['cinematic', 'direct-response', 'ugc'] as const;
export type Style = (typeof styles)[number];
export const styleLabels: Record<Style, string> = {
  cinematic: 'Cinematic',
  'direct-response': 'Direct Response',
  ugc: 'User Generated Content (UGC)',
};
export const defaultStyle: Style = 'cinematic';

/**
 * An ad's length in seconds (docs/product.md "Business constants"): the one type the order record, the execution
 * state and the engine carry.
 */
export const adDurations = [4, 8, 12] as const;
export type AdDuration = (typeof adDurations)[number];
/** The length the order form starts on and an order that names none gets. */
export const defaultAdDuration: AdDuration = 12;

/**
 * The lengths as the order form and the create-order and preview requests carry them (docs/product.md "The calls"):
 * strings, read into an AdDuration once, where the request is parsed (`durationOfChoice`).
 */
export const durationChoices = ['4', '8', '12'] as const satisfies readonly `${AdDuration}`[];
export type DurationChoice = (typeof durationChoices)[number];
export const durationOfChoice: Record<DurationChoice, AdDuration> = { '4': 4, '8': 8, '12': 12 };
export const choiceOfDuration: Record<AdDuration, DurationChoice> = { 4: '4', 8: '8', 12: '12' };

export const orderStatuses = ['pending', 'processing', 'completed', 'failed'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const paymentStatuses = ['unpaid', 'paid', 'free', 'expired', 'canceled', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Each stage and the progress it stands for; `rendering` spans 40–90 (AI footage's clips 40–65, then the render). */
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
  'TIMEOUT',
  'INTERNAL',
  /** The order's free revision cannot be asked for: not completed, past its window, or used. */
  'REVISION_UNAVAILABLE',
  /** A revision note the content check refuses, or that asks nothing the stage's writer can do. */
  'REVISION_REFUSED',
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
  /** The function ran out of its time (#common/http.ts answers just before Lambda would end it). */
  TIMEOUT: 503,
  INTERNAL: 500,
  REVISION_UNAVAILABLE: 409,
  REVISION_REFUSED: 422,
};

/**
 * The spec's words (§5, §8), verbatim, and ours beside them: what the site shows or matches itself
 * (its own checks, its toasts, the refusals it puts at a field). The API puts them in `error`.
 */
export const messages = {
  missingInformation: 'Please fill in your website and email address.',
  invalidFileType: 'Please upload a valid image file (.jpeg, .png, or .webp)',
  fileTooLarge: 'Please upload an image smaller than 5MB',
  rateLimit:
    "You've reached the maximum of 3 active orders within 24 hours. Please wait for existing orders to complete.",
  invalidCoupon: (code: string) =>
    `The coupon code '${code}' is not valid. Please check and try again, or proceed without a coupon.`,
  /** Ours: a 100 % code gives one free ad per mailbox (`+tag` and Gmail dots fold together). */
  freeCouponAlreadyUsed: (code: string) =>
    `The coupon code '${code}' has already been used for a free ad with this email address. Each address can use it once; please proceed without a coupon.`,
  paymentFailed: 'We encountered an issue processing your payment. Please try again.',
  invalidWebsite: 'Please enter a valid website address (http or https).',
  /** Ours: an ad names the business and shows its domain; an address is neither, and is not said aloud. */
  websiteIsAnAddress: "Please enter your website's name, like yourshop.com, not its IP address.",
  /** Ours: websites are read on their scheme's own port only (80, 443), so the reader scans no ports. */
  websiteOnAnotherPort: 'Please enter your website without a port number, like yourshop.com.',
  invalidEmail: 'Please enter a valid email address.',
  /** Ours: the preview's content check (shared/prohibited-content.ts), told before paying. */
  contentRefused: (host: string, category: string) =>
    `We can't make an ad for ${host}: its page falls under "${category}", which our terms do not allow. An order for it would be refused and refunded.`,
  newsletterEmailMissing: 'Please enter your email address.',
  /**
   * Ours (docs/spec-deviations.md): a site we cannot read gives an ad nothing to show but its name,
   * so the photo the spec calls optional is needed then, at the form and at the API.
   */
  photoRequired: "We couldn't read your website, so your ad needs a product photo. Please add one to continue.",
} as const;

/**
 * What only the API writes: the site shows whatever `error` it was sent, so these stay out of the
 * site's bundle (the home page's JS budget has no room for words it never needs).
 */
export const apiMessages = {
  orderNotFound: 'Order not found',
  uploadMissing: 'The uploaded image could not be found. Please upload it again.',
  uploadMismatch: 'Please upload a valid image file (.jpeg, .png, or .webp)',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  payloadTooLarge: 'The request is too large.',
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  malformedJson: 'The request body must be valid JSON.',
  unsupportedMediaType: 'The request body must be JSON (Content-Type: application/json).',
  timedOut: 'This took longer than it should. Please try again in a moment.',
  /** The same answer for a new, pending or confirmed address: no one learns who subscribed. */
  newsletterCheckInbox:
    'Almost there! Unless this address is already subscribed, we have sent it a link to confirm. Please check your inbox.',
  newsletterConfirmed: 'Your subscription is confirmed.',
  newsletterUnsubscribed: 'You are unsubscribed.',
  /** Malformed, unknown, of the other kind, lapsed: one answer, so a token cannot be probed. */
  newsletterLinkInvalid: 'This link is invalid or has expired.',
  newsletterLinkFailed: 'We could not process your link right now. Please try again in a few minutes.',
  /** RFC 8058: a one-click unsubscribe POSTs exactly this form field. */
  newsletterOneClickBody: 'Send List-Unsubscribe=One-Click as the form body to unsubscribe.',
} as const;

export const apiErrorSchema = z.object({ error: z.string(), errorCode: z.enum(errorCodes) });
export type ApiError = z.infer<typeof apiErrorSchema>;

/** A stored upload key: `<uuid v4>.<ext>` as POST /api/uploads hands out. */
export const imageKeyPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(jpg|png|webp)$/;

/**
 * The only types an upload may have, each with the extension its key gets. Read through
 * `uploadContentTypes` and an exact enum, never with `in` or a bare lookup: `constructor`,
 * `toString` or `__proto__` are "in" every object, and the type is signed into the PUT and served
 * back by S3.
 */
export const uploadExtensions = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const satisfies Record<string, 'jpg' | 'png' | 'webp'>;
export type UploadContentType = keyof typeof uploadExtensions;
export const uploadContentTypes = Object.keys(uploadExtensions) as [UploadContentType, ...UploadContentType[]];

/** The type an upload key's extension stands for; null for a key POST /api/uploads never hands out. */
export function uploadContentTypeOfKey(key: string): UploadContentType | null {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return uploadContentTypes.find((type) => uploadExtensions[type] === extension) ?? null;
}

/** A required address: trimmed, then checked; an absent or empty one is "missing". */
export const requiredEmail = (missing: string) =>
  z.pipe(
    z.string({ error: missing }).check(z.trim(), z.minLength(1, missing), z.maxLength(254, messages.invalidEmail)),
    z.email(messages.invalidEmail),
  );

/**
 * `orderId` lets the tab that submitted follow the order while the buyer pays in the other tab;
 * the id is the buyer's capability (docs/spec-deviations.md), and this answer goes only to the buyer.
 */
export const createOrderResponseSchema = z.object({ url: z.url(), orderId: z.uuid() });
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

/** POST /api/uploads body. */
export const createUploadRequestSchema = z.object({
  fileName: z.string().check(z.trim(), z.minLength(1), z.maxLength(255)),
  contentType: z.enum(uploadContentTypes, { error: messages.invalidFileType }),
  size: z.int().check(z.positive(), z.maximum(config.limits.uploadMaxBytes, { message: messages.fileTooLarge })),
});
/** What the site sends: the type the browser reports, which the API refuses unless it is an upload type. */
export type CreateUploadRequest = Omit<CreateUploadInput, 'contentType'> & { contentType: string };
export type CreateUploadInput = z.output<typeof createUploadRequestSchema>;

export const createUploadResponseSchema = z.object({
  uploadUrl: z.url(),
  storagePath: z.string().check(z.regex(imageKeyPattern)),
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
  duration_seconds: z.int(),
  order_status: z.enum(orderStatuses),
  payment_status: z.enum(paymentStatuses),
  stage: z.enum(stages as [Stage, ...Stage[]]),
  progress: z.int().check(z.minimum(0), z.maximum(100)),
  amount_cents: z.nullable(z.int()),
  currency: z.string(),
  /** The coupon code the buyer ordered with: the page says what it took off once paid. */
  coupon_code: z.optional(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  video_url: z.optional(z.string()),
  poster_url: z.optional(z.string()),
  download_url: z.optional(z.string()),
  expires_at: z.optional(z.string()),
  video_expired: z.optional(z.boolean()),
  /** The delivery pack of a completed order: the files after the primary, and a zip of them all. */
  pack: z.optional(
    z.object({
      status: z.enum(['rendering', 'ready', 'failed']),
      progress: z.int().check(z.minimum(0), z.maximum(100)),
      /** Every file of the ready pack, the primary first (links signed like video_url). */
      files: z.optional(
        z.array(
          z.object({
            id: z.string(),
            label: z.string(),
            bytes: z.int(),
            download_url: z.string(),
            /** Where the file can run (shared/placements.ts placementsFor), in the buyer's words. */
            placements: z.array(z.object({ name: z.string(), pass: z.boolean(), verdict: z.string() })),
          }),
        ),
      ),
      zip_url: z.optional(z.string()),
      /** How many openings the ready pack carries: the ad's own and the writer's others (1–3). */
      openings: z.optional(z.int().check(z.minimum(1), z.maximum(3))),
    }),
  ),
  /** The free revision of a completed order (shared/revision.ts): may it be asked for, and how it went. */
  revision: z.optional(
    z.object({
      /** Until when it may be asked for; absent once asked for or past. */
      available_until: z.optional(z.string()),
      status: z.optional(z.enum(['rendering', 'ready', 'failed'])),
      progress: z.optional(z.int().check(z.minimum(0), z.maximum(100))),
      note: z.optional(z.string()),
      /** What the writer was asked to do, and the parts of the note it could not. */
      requests: z.optional(z.array(z.enum(revisionRequestKinds))),
      beyond: z.optional(z.array(z.string())),
      /** Requests version 2 could not carry out, each with why. */
      not_done: z.optional(z.array(z.string())),
      /** Version 2, signed like video_url. */
      video_url: z.optional(z.string()),
      download_url: z.optional(z.string()),
      poster_url: z.optional(z.string()),
    }),
  ),
});
export type OrderView = z.infer<typeof orderViewSchema>;
export type OrderPackView = NonNullable<OrderView['pack']>;

export type OrderRevisionView = NonNullable<OrderView['revision']>;

/** POST /api/orders/{id}/revisions body. */
export const revisionRequestSchema = z.object({
  note: z
    .string({ error: revisionMessages.noteMissing })
    .check(
      z.trim(),
      z.minLength(1, revisionMessages.noteMissing),
      z.maxLength(revisionLimits.noteMaxChars, revisionMessages.noteTooLong),
    ),
  /** A photo uploaded through POST /api/uploads for this revision. */
  imageStoragePath: z.optional(z.string().check(z.regex(imageKeyPattern, messages.invalidFileType))),
});
export type RevisionRequestInput = z.output<typeof revisionRequestSchema>;

/** POST /api/orders/{id}/revisions answer: the note as the writer read it, and what of it version 2 will not do. */
export interface RevisionRequestResponse {
  requests: (typeof revisionRequestKinds)[number][];
  beyond: string[];
  /** Requests this ad does not allow, each with why (the rest are carried out); empty with the Bedrock writer. */
  not_done: string[];
}

/** POST /api/orders/{id}/cancel answer. */
export const cancelOrderResponseSchema = z.object({
  order_status: z.enum(orderStatuses),
  payment_status: z.enum(paymentStatuses),
});
export type CancelOrderResponse = z.infer<typeof cancelOrderResponseSchema>;

/** GET /api/capacity: spots left today (UTC day), never negative (docs/spec-deviations.md). */
export const capacityResponseSchema = z.object({
  spotsLeft: z.int().check(z.minimum(0)),
  dailyCapacity: z.int().check(z.positive()),
});
export type CapacityResponse = z.infer<typeof capacityResponseSchema>;

/** POST /api/newsletter body. Unknown fields are dropped. */
export const newsletterRequestSchema = z.object({ email: requiredEmail(messages.newsletterEmailMissing) });
export type NewsletterRequest = z.input<typeof newsletterRequestSchema>;

export const newsletterResponseSchema = z.object({ message: z.string() });
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;

/** POST /api/newsletter/confirm body: the token of the link the confirm page was opened with. */
export interface NewsletterConfirmRequest {
  token: string;
}

/** The `token` of a confirm or unsubscribe link: 32 random bytes, base64url. */
export const newsletterTokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/));

/** docs/product.md "The order and its states": any unknown status is shown as pending. */
export function displayedOrderStatus(value: string | null | undefined): OrderStatus {
  return (orderStatuses as readonly string[]).includes(value ?? '') ? (value as OrderStatus) : 'pending';
}

/**
 * docs/spec-deviations.md (a departure from the spec, for privacy): the order API and page show the email as
 * `b•••@example.com`, since anyone holding the order link may read them; the buyer's own emails
 * keep the full address.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  // An anonymised order keeps no address (lambdas/operations/anonymise.ts).
  if (at < 0) return email ? '•••' : '';
  return `${email.slice(0, Math.min(1, at))}•••${email.slice(at)}`;
}

/** The spec's order summary (docs/product.md): the id is shown as its first 8 characters followed by an ellipsis. */
export function shortOrderId(id: string): string {
  return `${id.slice(0, 8)}...`;
}
