// Stripe Checkout: the session a buyer pays in, the promotion code it applies, its expiry, and what
// a session's state says about the payment (a plain CheckoutOutcome; orders decide what it means).
import type Stripe from 'stripe';
import { config, serviceLimits } from '#shared/config.ts';
import { type Style, styleLabels } from '#shared/contract.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import { stripe } from './stripe-client.ts';

/** What a checkout says about its order's payment. */
export type CheckoutOutcome =
  | { orderId: string; result: 'paid' | 'free'; payment: CheckoutPayment }
  /**
   * open: not paid yet; paymentPending: completed, its (asynchronous) payment not yet settled;
   * expired: ran out of time unpaid; canceled: its payment failed or the buyer walked away.
   */
  | { orderId: string; result: 'open' | 'paymentPending' | 'expired' | 'canceled' };

export interface CheckoutPayment {
  /** What Stripe charged (`amount_total`): $2.50 with LAUNCH50, 0 when free. */
  amountCents: number;
  currency: string;
  paymentIntent?: string;
}

/** What one order's checkout sells, and to whom. */
export interface CheckoutRequest {
  orderId: string;
  email: string;
  style: Style;
  durationSeconds: number;
}

/** Stripe refused the promotion code when the session was opened (e.g. its last redemption was used). */
export class PromotionCodeRefused extends Error {
  override name = 'PromotionCodeRefused';
}

/** The id of the active promotion code with exactly this code, or null. */
export async function activePromotionCodeId(code: string): Promise<string | null> {
  const list = await (await stripe('stripe:checkout')).promotionCodes.list({ code, active: true, limit: 1 });
  return list.data.find((promotion) => promotion.code.toUpperCase() === code.toUpperCase())?.id ?? null;
}

export function checkoutExpiry(now = Date.now()): Date {
  // Stripe's minimum is 30 minutes; a minute of margin for clock skew.
  return new Date(now + (serviceLimits.checkoutExpiryMinutes + 1) * 60_000);
}

/** Opens the order's session (once per order: a retry gets the same one); PromotionCodeRefused when Stripe refuses the code. */
export async function openCheckoutSession(
  request: CheckoutRequest,
  promotionCodeId: string | null,
  expiresAt: Date,
): Promise<{ id: string; url: string | null }> {
  const siteUrl = requireEnv(envNames.siteUrl);
  const orderPage = new URL('/success', siteUrl);
  orderPage.searchParams.set('order_id', request.orderId);
  const cancelPage = new URL('/', siteUrl);
  cancelPage.searchParams.set('checkout', 'canceled');
  cancelPage.searchParams.set('order_id', request.orderId);
  cancelPage.hash = 'pricing';
  try {
    const session = await (await stripe('stripe:checkout')).checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: config.price.currency,
              unit_amount: config.price.amountCents,
              product_data: {
                name: `${config.brand.name} video ad — ${request.durationSeconds} s, ${styleLabels[request.style]}`,
              },
            },
          },
        ],
        customer_email: request.email,
        client_reference_id: request.orderId,
        metadata: { order_id: request.orderId },
        payment_intent_data: { metadata: { order_id: request.orderId } },
        success_url: orderPage.href,
        cancel_url: cancelPage.href,
        expires_at: Math.floor(expiresAt.getTime() / 1000),
        // A 100 % coupon still goes through Checkout: in payment mode Stripe then collects no card
        // and the session completes with payment_status `no_payment_required` (docs/design.md "Order lifecycle").
        ...(promotionCodeId ? { discounts: [{ promotion_code: promotionCodeId }] } : {}),
      },
      { idempotencyKey: `checkout-${request.orderId}` },
    );
    return { id: session.id, url: session.url };
  } catch (error) {
    if (promotionCodeId && (error as Stripe.errors.StripeError).param?.startsWith('discounts')) {
      throw new PromotionCodeRefused((error as Error).message, { cause: error });
    }
    throw error;
  }
}

/** The session's outcome as Stripe has it now; null for a session of no order of ours. */
export async function retrieveCheckoutOutcome(sessionId: string): Promise<CheckoutOutcome | null> {
  return checkoutOutcomeOf(await (await stripe('stripe:read')).checkout.sessions.retrieve(sessionId));
}

/** Expires an open session so it can no longer be paid; answers its outcome after (paid meanwhile: paid). */
export async function expireCheckout(sessionId: string): Promise<CheckoutOutcome | null> {
  const client = await stripe('stripe:checkout');
  const session = await client.checkout.sessions.retrieve(sessionId);
  if (session.status !== 'open') return checkoutOutcomeOf(session);
  try {
    return checkoutOutcomeOf(await client.checkout.sessions.expire(sessionId));
  } catch (error) {
    // Paid or expired between the read and the expire: report what it is now.
    if ((error as Stripe.errors.StripeError).type === 'StripeInvalidRequestError') {
      return checkoutOutcomeOf(await client.checkout.sessions.retrieve(sessionId));
    }
    throw error;
  }
}

function orderIdOf(session: Stripe.Checkout.Session): string | null {
  return session.metadata?.order_id ?? session.client_reference_id ?? null;
}

export function checkoutOutcomeOf(session: Stripe.Checkout.Session): CheckoutOutcome | null {
  const orderId = orderIdOf(session);
  if (!orderId) return null;
  if (session.status === 'complete') {
    if (session.payment_status === 'unpaid') return { orderId, result: 'paymentPending' };
    const paymentIntent =
      typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    return {
      orderId,
      result: session.payment_status === 'no_payment_required' ? 'free' : 'paid',
      payment: {
        amountCents: session.amount_total ?? 0,
        currency: session.currency ?? 'usd',
        ...(paymentIntent ? { paymentIntent } : {}),
      },
    };
  }
  return { orderId, result: session.status === 'expired' ? 'expired' : 'open' };
}
