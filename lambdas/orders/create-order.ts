// The spec's create-ad-payment: a validated request becomes an order holding a rate-limit slot
// and a Stripe Checkout Session the buyer pays in.
import type Stripe from 'stripe';
import { ApiFailure } from '#common/api-failure.ts';
import { checkoutExpiry, findActivePromotionCode, openCheckoutSession } from '#payments/checkout.ts';
import { closeCheckout } from '#payments/fulfilment.ts';
import { logger } from '#powertools/logger.ts';
import { type CreateOrderInput, messages } from '#shared/contract.ts';
import { verifyUploadedImage } from '#uploads/image-upload.ts';
import { countOrderCreated } from './daily-capacity.ts';
import { newOrderRecord } from './order-record.ts';
import { createOrderHoldingSlot } from './order-slots.ts';
import { attachCheckoutSession } from './order-store.ts';

export async function createOrder(input: CreateOrderInput): Promise<{ url: string }> {
  if (input.imageStoragePath) await verifyUploadedImage(input.imageStoragePath);
  const promotion = input.couponCode ? await findActivePromotionCode(input.couponCode) : null;
  if (input.couponCode && !promotion) throw new ApiFailure('INVALID_COUPON', messages.invalidCoupon(input.couponCode));

  const order = await createOrderHoldingSlot(newOrderRecord(input));
  // The order exists now; a failed count only makes the shown spots a little too high.
  await countOrderCreated().catch((error: unknown) =>
    logger.warn('Order not counted in today’s capacity', { orderId: order.id, error }),
  );
  const expiresAt = checkoutExpiry();
  let session: Stripe.Checkout.Session;
  try {
    session = await openCheckoutSession(order, promotion?.id ?? null, expiresAt);
  } catch (error) {
    await closeCheckout(order.id, 'canceled');
    // The code was valid a moment ago but Stripe refused it (e.g. its last redemption was used).
    if (input.couponCode && (error as Stripe.errors.StripeError).param?.startsWith('discounts')) {
      throw new ApiFailure('INVALID_COUPON', messages.invalidCoupon(input.couponCode));
    }
    throw error;
  }
  await attachCheckoutSession(order.id, session.id, expiresAt);
  logger.info('Order created', { orderId: order.id, style: order.style, durationSeconds: order.duration_seconds });
  if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
  return { url: session.url };
}
