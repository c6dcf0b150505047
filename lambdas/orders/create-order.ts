// The spec's create-ad-payment: a validated request becomes a pending order and a Stripe Checkout
// Session the buyer pays in. It holds no slot yet (docs/decisions/slots-at-payment.md): the mailbox's slot is claimed when the
// order is paid, so a stranger's unpaid checkouts cannot lock a buyer out; what a client may leave
// unpaid is capped per IP instead, and coupon look-ups are throttled per IP.
import { ApiFailure } from '#common/api-failure.ts';
import { mailboxHash } from '#common/hashing.ts';
import { countIpAttempt } from '#common/ip-limit.ts';
import {
  activePromotionCodeId,
  checkoutExpiry,
  openCheckoutSession,
  PromotionCodeRefused,
} from '#payments/checkout-sessions.ts';
import { logger } from '#powertools/logger.ts';
import { config } from '#shared/config.ts';
import { type CreateOrderResponse, messages } from '#shared/contract.ts';
import type { CreateOrderInput } from '#shared/create-order-request.ts';
import { verifyUploadedImage } from '#uploads/image-upload.ts';
import { closeCheckout } from './checkout-outcome.ts';
import { attachCheckoutSession, createPendingOrder } from './order-lifecycle.ts';
import { activeOrderIds, hasRedeemedFreeCoupon, recordOpenCheckout } from './order-slots.ts';
import { requirePhotoUnlessSiteReadable } from './photo-requirement.ts';

/** `clientIp`: the buyer's address as CloudFront saw it (http.ts clientIp). */
export async function createOrder(input: CreateOrderInput, clientIp: string): Promise<CreateOrderResponse> {
  const mailbox = mailboxHash(input.email);
  if ((await activeOrderIds(mailbox)).length >= config.limits.activeOrdersPerEmail) {
    throw new ApiFailure('RATE_LIMIT', messages.rateLimit);
  }
  if (input.imageStoragePath) await verifyUploadedImage(input.imageStoragePath);
  else await requirePhotoUnlessSiteReadable(input.website);
  const promotionCodeId = input.couponCode ? await couponToApply(input.couponCode, mailbox, clientIp) : null;

  const order = await createPendingOrder(input, await countIpAttempt(clientIp, 'unpaid-checkout'));
  const expiresAt = checkoutExpiry();
  let session: { id: string; url: string | null };
  try {
    session = await openCheckoutSession(
      { orderId: order.id, email: order.email, style: order.style, durationSeconds: order.duration_seconds },
      promotionCodeId,
      expiresAt,
    );
  } catch (error) {
    await closeCheckout(order.id, 'canceled');
    // The code was valid a moment ago but Stripe refused it (e.g. its last redemption was used).
    if (error instanceof PromotionCodeRefused && input.couponCode) {
      throw new ApiFailure('INVALID_COUPON', messages.invalidCoupon(input.couponCode));
    }
    throw error;
  }
  await attachCheckoutSession(order.id, session.id, expiresAt);
  await recordOpenCheckout(order, session.id, expiresAt);
  logger.info('Order created', { orderId: order.id, style: order.style, durationSeconds: order.duration_seconds });
  if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
  return { url: session.url, orderId: order.id };
}

/**
 * The promotion code's id, or INVALID_COUPON: unknown or inactive at Stripe, or a 100 % code this
 * mailbox has had its free ad with (the ledger holds only codes that made an order free).
 */
async function couponToApply(code: string, mailbox: string, clientIp: string): Promise<string> {
  await countIpAttempt(clientIp, 'coupon-lookup');
  if (await hasRedeemedFreeCoupon(mailbox, code)) {
    throw new ApiFailure('INVALID_COUPON', messages.freeCouponAlreadyUsed(code));
  }
  const promotionCodeId = await activePromotionCodeId(code);
  if (!promotionCodeId) throw new ApiFailure('INVALID_COUPON', messages.invalidCoupon(code));
  return promotionCodeId;
}
