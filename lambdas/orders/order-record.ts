// What an order row holds (docs/design.md "Architecture") and how a new one starts.
import { randomUUID } from 'node:crypto';
import { emailHash, mailboxHash } from '#common/hashing.ts';
import type { IpAttempt } from '#common/ip-limit.ts';
import type { OwedEmailKind } from '#notifications/email-kinds.ts';
import { config } from '#shared/config.ts';
import type { AdDuration, OrderStatus, PaymentStatus, Stage, Style } from '#shared/contract.ts';
import type { CreateOrderInput } from '#shared/create-order-request.ts';
import type { PackItem } from '#shared/delivery-pack.ts';
import type { RevisionRequestKind } from '#shared/revision.ts';

export interface OrderRecord {
  id: string;
  website: string;
  /** The address as the buyer typed it: every email goes here. */
  email: string;
  /** The typed address's hash (ops look-up index, by_email_hash). */
  email_hash: string;
  /**
   * The canonical mailbox's hash (hashing.ts): keys the active-order slots and the free-code
   * ledger. Orders created before slots were taken at payment lack it (mailboxOf derives it).
   */
  mailbox_hash?: string;
  style: Style;
  duration_seconds: AdDuration;
  order_status: OrderStatus;
  payment_status: PaymentStatus;
  stage: Stage;
  progress: number;
  amount_cents: number | null;
  currency: string;
  image_key?: string;
  image_file_name?: string;
  coupon_code?: string;
  /** The mailbox slot the order claimed when it was paid (order-slots.ts); absent before. */
  slot_sk?: string;
  checkout_session_id?: string;
  checkout_expires_at?: string;
  /** When a read last asked Stripe about the unpaid session (at most once per checkoutCheckSeconds). */
  checkout_checked_at?: string;
  /** The per-IP unpaid-checkout counter this order's checkout went to; given back when it is paid. */
  checkout_attempt?: IpAttempt;
  /** Why a payment that arrived was refused and handed back (order-lifecycle.ts, paymentRefused). */
  refused_because?: PaymentRefusal;
  payment_intent?: string;
  execution_arn?: string;
  video_key?: string;
  poster_key?: string;
  /**
   * What the delivered ad's script was written from (AnalyzeWebsite's `source`): the site as read,
   * or, when it could not be read, the business's name its address gives (with the buyer's photo).
   * The ready email says which; absent on orders delivered before it was recorded.
   */
  site_source?: 'site' | 'fallback';
  failure_reason?: string;
  refund_id?: string;
  /** The delivery pack after the primary file (order-pack.ts): its status and combined progress 0–100. */
  pack_status?: 'rendering' | 'ready' | 'failed';
  pack_progress?: number;
  /** What the pack renders after the primary (shared/delivery-pack.ts). */
  pack_items?: PackItem[];
  /** Each pack render's fraction 0–1, by item id (shared/delivery-pack.ts packItemId). */
  pack_renders?: Record<string, number>;
  /** Every file of the ready pack, the primary first. */
  pack_files?: OrderPackFile[];
  pack_zip_key?: string;
  /** Why the pack failed (ops only; the order stays completed with its primary file). */
  pack_failure_reason?: string;
  /** When the order completed (order-lifecycle.ts): its free revision may be asked for for 7 days after. */
  completed_at?: string;
  /**
   * The one free revision (order-revision.ts writes every revision_* field, never order_status):
   * the order stays completed with version 1 whatever becomes of it.
   */
  revision_status?: 'rendering' | 'ready' | 'failed';
  revision_progress?: number;
  revision_note?: string;
  revision_requests?: RevisionRequestKind[];
  revision_beyond?: string[];
  /** The photo added to the note (an upload key), when one was. */
  revision_image_key?: string;
  revision_requested_at?: string;
  /** Which writer wrote version 2 (the template for the recognised requests, Bedrock for the free text). */
  revision_writer?: 'template' | 'bedrock';
  /** Requests version 2 could not carry out, each with why ("say the price: your website shows no price…"). */
  revision_not_done?: string[];
  revision_video_key?: string;
  revision_poster_key?: string;
  /** Why the revision failed (ops only; the buyer keeps version 1 and is told). */
  revision_failure_reason?: string;
  /** The order's last email, which SES did not take; the reconciler sends it (notifications/email-ledger.ts). */
  email_owed?: OwedEmailKind;
  /** What the delivered ad cost: footage, Stripe, AWS (lambdas/generation/order-cost.ts); ops only. */
  cost?: {
    footage_usd: number;
    footage_seconds: number;
    /** `<provider> <model>`, when the stage made footage. */
    footage_model?: string;
    stripe_fee_usd: number;
    aws_usd: number;
    total_usd: number;
    /** What the payment leaves after the costs (negative: the ad lost money). */
    margin_usd: number;
  };
  /** Set when the personal fields were removed (lambdas/operations/anonymise.ts). */
  anonymised_at?: string;
  created_at: string;
  updated_at: string;
  version: number;
}

/** One delivered file of the pack. */
export interface OrderPackFile {
  item: PackItem;
  key: string;
  bytes: number;
}

/**
 * Why a payment starts nothing (docs/decisions/slots-at-payment.md): the mailbox already had its active orders when the
 * payment arrived, or the order was made free by a 100 % code this mailbox had already redeemed.
 */
export type PaymentRefusal = 'activeOrderLimit' | 'freeCouponUsed';

/** Where an order is in its life: set only by its transitions (order-lifecycle.ts). */
export type LifecycleFields = 'order_status' | 'payment_status' | 'stage' | 'progress';

/** A new order's own fields; createPendingOrder (order-lifecycle.ts) adds its state. */
export function newOrderFields(input: CreateOrderInput, now = new Date()): Omit<OrderRecord, LifecycleFields> {
  const timestamp = now.toISOString();
  return {
    id: randomUUID(),
    website: input.website,
    email: input.email,
    email_hash: emailHash(input.email),
    mailbox_hash: mailboxHash(input.email),
    style: input.style,
    duration_seconds: input.durationSeconds,
    amount_cents: null,
    currency: config.price.currency,
    ...(input.imageStoragePath ? { image_key: input.imageStoragePath } : {}),
    ...(input.imageFileName ? { image_file_name: input.imageFileName } : {}),
    ...(input.couponCode ? { coupon_code: input.couponCode } : {}),
    created_at: timestamp,
    updated_at: timestamp,
    version: 1,
  };
}

/** The mailbox an order counts against. */
export const mailboxOf = (order: Pick<OrderRecord, 'mailbox_hash' | 'email'>) =>
  order.mailbox_hash ?? mailboxHash(order.email);

export const isPaid = (order: Pick<OrderRecord, 'payment_status'>) =>
  order.payment_status === 'paid' || order.payment_status === 'free';
