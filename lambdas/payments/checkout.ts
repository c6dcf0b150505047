// Stripe Checkout for one order: the session the buyer pays in, coupon lookup and expiry.
import type Stripe from 'stripe';
import type { OrderRecord } from '#orders/order-record.ts';
import { config } from '#shared/config.ts';
import { styleLabels } from '#shared/contract.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import { stripe } from './stripe-client.ts';

/** The active promotion code with this exact code, or null. */
export async function findActivePromotionCode(code: string): Promise<Stripe.PromotionCode | null> {
  const list = await (await stripe()).promotionCodes.list({ code, active: true, limit: 1 });
  return list.data.find((promotion) => promotion.code.toUpperCase() === code.toUpperCase()) ?? null;
}

export function checkoutExpiry(now = Date.now()): Date {
  // Stripe's minimum is 30 minutes; a minute of margin for clock skew.
  return new Date(now + (config.limits.checkoutExpiryMinutes + 1) * 60_000);
}

export async function openCheckoutSession(
  order: OrderRecord,
  promotionCodeId: string | null,
  expiresAt: Date,
): Promise<Stripe.Checkout.Session> {
  const siteUrl = requireEnv(envNames.siteUrl);
  const orderPage = new URL('/success', siteUrl);
  orderPage.searchParams.set('order_id', order.id);
  const cancelPage = new URL('/', siteUrl);
  cancelPage.searchParams.set('checkout', 'canceled');
  cancelPage.searchParams.set('order_id', order.id);
  cancelPage.hash = 'pricing';
  return (await stripe()).checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: config.price.currency,
            unit_amount: config.price.amountCents,
            product_data: {
              name: `${config.brand.name} video ad — ${order.duration_seconds} s, ${styleLabels[order.style]}`,
            },
          },
        },
      ],
      customer_email: order.email,
      client_reference_id: order.id,
      metadata: { order_id: order.id },
      payment_intent_data: { metadata: { order_id: order.id } },
      success_url: orderPage.href,
      cancel_url: cancelPage.href,
      expires_at: Math.floor(expiresAt.getTime() / 1000),
      // A 100 % coupon still goes through Checkout: in payment mode Stripe then collects no card
      // and the session completes with payment_status `no_payment_required` (DESIGN §9).
      ...(promotionCodeId ? { discounts: [{ promotion_code: promotionCodeId }] } : {}),
    },
    { idempotencyKey: `checkout-${order.id}` },
  );
}

export async function retrieveCheckoutSession(sessionId: string): Promise<Stripe.Checkout.Session> {
  return (await stripe()).checkout.sessions.retrieve(sessionId);
}

/** Expires an open session; a session that is no longer open is returned as it is. */
export async function expireCheckoutSession(sessionId: string): Promise<Stripe.Checkout.Session> {
  const client = await stripe();
  const session = await client.checkout.sessions.retrieve(sessionId);
  if (session.status !== 'open') return session;
  try {
    return await client.checkout.sessions.expire(sessionId);
  } catch (error) {
    // Paid or expired between the read and the expire: report what it is now.
    if ((error as Stripe.errors.StripeError).type === 'StripeInvalidRequestError') {
      return client.checkout.sessions.retrieve(sessionId);
    }
    throw error;
  }
}
