// What an order row holds (DESIGN §3) and how a new one starts.
import { randomUUID } from 'node:crypto';
import { emailHash } from '#common/hashing.ts';
import { config } from '#shared/config.ts';
import type { CreateOrderInput, OrderStatus, PaymentStatus, Stage, Style } from '#shared/contract.ts';

export interface OrderRecord {
  id: string;
  website: string;
  email: string;
  email_hash: string;
  style: Style;
  duration_seconds: number;
  order_status: OrderStatus;
  payment_status: PaymentStatus;
  stage: Stage;
  progress: number;
  amount_cents: number | null;
  currency: string;
  image_key?: string;
  image_file_name?: string;
  coupon_code?: string;
  /** The rate-limit slot this order holds while it is active. */
  slot_sk: string;
  checkout_session_id?: string;
  checkout_expires_at?: string;
  payment_intent?: string;
  execution_arn?: string;
  video_key?: string;
  poster_key?: string;
  failure_reason?: string;
  refund_id?: string;
  /** Set when the personal fields were removed (lambdas/operations/anonymise.ts). */
  anonymised_at?: string;
  created_at: string;
  updated_at: string;
  version: number;
}

/** Where an order is in its life: set only by its transitions (order-lifecycle.ts). */
export type LifecycleFields = 'order_status' | 'payment_status' | 'stage' | 'progress';

/** A new order's own fields; createPendingOrder (order-lifecycle.ts) adds its state and its slot. */
export function newOrderFields(
  input: CreateOrderInput,
  now = new Date(),
): Omit<OrderRecord, 'slot_sk' | LifecycleFields> {
  const timestamp = now.toISOString();
  return {
    id: randomUUID(),
    website: input.website,
    email: input.email,
    email_hash: emailHash(input.email),
    style: input.style,
    duration_seconds: Number(input.durationSeconds),
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

export const isPaid = (order: Pick<OrderRecord, 'payment_status'>) =>
  order.payment_status === 'paid' || order.payment_status === 'free';
