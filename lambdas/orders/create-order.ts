// The spec's create-ad-payment: a validated request becomes an order holding a rate-limit slot
// and a Stripe Checkout Session the buyer pays in.
import { ApiFailure } from '#common/api-failure.ts';
import {
  activePromotionCodeId,
  checkoutExpiry,
  openCheckoutSession,
  PromotionCodeRefused,
} from '#payments/checkout-sessions.ts';
import { logger } from '#powertools/logger.ts';
import { type CreateOrderInput, messages } from '#shared/contract.ts';
import { verifyUploadedImage } from '#uploads/image-upload.ts';
import { closeCheckout } from './checkout-outcome.ts';
import { countOrderCreated } from './daily-capacity.ts';
import { attachCheckoutSession, createPendingOrder } from './order-lifecycle.ts';

export async function createOrder(input: CreateOrderInput): Promise<{ url: string }> {
  if (input.imageStoragePath) await verifyUploadedImage(input.imageStoragePath);
  const promotionCodeId = input.couponCode ? await activePromotionCodeId(input.couponCode) : null;
  if (input.couponCode && !promotionCodeId)
    throw new ApiFailure('INVALID_COUPON', messages.invalidCoupon(input.couponCode));

  const order = await createPendingOrder(input);
  // The order exists now; a failed count only makes the shown spots a little too high.
  await countOrderCreated().catch((error: unknown) =>
    logger.warn('Order not counted in today’s capacity', { orderId: order.id, error }),
  );
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
  logger.info('Order created', { orderId: order.id, style: order.style, durationSeconds: order.duration_seconds });
  if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
  return { url: session.url };
}
