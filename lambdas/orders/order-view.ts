// The buyer's view of an order (docs/design.md "Order lifecycle", GET /api/orders/{id}): exactly these fields, no
// internal ones (hashes, Stripe ids, failure reasons, stored keys, emails sent), and the email
// masked: anyone holding the link may read it (docs/spec-deviations.md).
import { maskEmail, type OrderView } from '#shared/contract.ts';
import type { OrderRecord } from './order-record.ts';
import type { VideoLinks } from './video-links.ts';

/** `links`: the completed ad's presigned URLs, or `video_expired` (see video-links.ts). */
export function toOrderView(order: OrderRecord, links: VideoLinks = {}): OrderView {
  return {
    id: order.id,
    website: order.website,
    email: maskEmail(order.email),
    style: order.style,
    duration_seconds: order.duration_seconds,
    order_status: order.order_status,
    payment_status: order.payment_status,
    stage: order.stage,
    progress: order.progress,
    amount_cents: order.amount_cents ?? null,
    currency: order.currency,
    ...(order.coupon_code ? { coupon_code: order.coupon_code } : {}),
    created_at: order.created_at,
    updated_at: order.updated_at,
    ...links,
  };
}
