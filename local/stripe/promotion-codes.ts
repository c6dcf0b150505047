// The customer-facing promotion codes: the seeded launch codes and the coupons behind them, the list
// endpoint, the discount a code gives a Checkout Session, and redemption counting.
import type Stripe from 'stripe';
import { invalidRequest, readParams, resourceMissing } from './params.ts';
import { type ApiHandler, byId, newId, nowSeconds, nullFields, type StripeContext } from './state.ts';

/** The launch codes and their coupons; no endpoint shows a coupon, so each is only the discount it gives. */
const seeds = [
  { code: 'LAUNCH50', coupon: 'launch-50-percent', percentOff: 50, maxRedemptions: null },
  { code: 'FREEAD', coupon: 'free-ad', percentOff: 100, maxRedemptions: 100 },
];

/** Creates the launch codes on a fresh state; a state that has codes keeps its own. */
export function seedPromotionCodes(context: StripeContext): void {
  if (Object.keys(context.state.promotion_codes).length > 0) return;
  for (const seed of seeds) {
    const id = newId('promo');
    context.state.promotion_codes[id] = {
      ...nullFields<Stripe.PromotionCode>('customer customer_account expires_at'),
      id,
      object: 'promotion_code',
      active: true,
      code: seed.code,
      created: nowSeconds(context),
      livemode: false,
      max_redemptions: seed.maxRedemptions,
      metadata: {},
      promotion: { type: 'coupon', coupon: seed.coupon },
      restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
      times_redeemed: 0,
    };
  }
  context.changed();
}

/** GET /v1/promotion_codes: newest first, filtered by code (case-insensitive) and active. */
export const listPromotionCodes: ApiHandler = (context, form) => {
  const params = readParams<Stripe.PromotionCodeListParams>(form, {
    code: 'string',
    active: 'boolean',
    limit: 'integer',
  });
  const { code, active, limit = 10 } = params;
  const matches = Object.values(context.state.promotion_codes)
    .reverse()
    .sort((a, b) => b.created - a.created)
    .filter(
      (promotion) =>
        (code === undefined || promotion.code.toUpperCase() === code.toUpperCase()) &&
        (active === undefined || promotion.active === active),
    );
  const list: Stripe.ApiList<Stripe.PromotionCode> = {
    object: 'list',
    data: matches.slice(0, limit),
    has_more: matches.length > limit,
    url: '/v1/promotion_codes',
  };
  return { body: list };
};

/** The percentage the promotion code's coupon takes off. */
export function percentOffOf(promotionCode: Stripe.PromotionCode): number {
  const seed = seeds.find((candidate) => candidate.coupon === promotionCode.promotion.coupon);
  if (!seed) throw new Error(`Promotion code ${promotionCode.id} has no coupon`);
  return seed.percentOff;
}

/** The promotion code `discounts[0][promotion_code]` names, if it may be redeemed now. */
export function promotionCodeToApply(context: StripeContext, id: string): Stripe.PromotionCode {
  const param = 'discounts[0][promotion_code]';
  const promotionCode = byId(context.state.promotion_codes, id);
  if (!promotionCode) throw resourceMissing('promotion_code', id, param);
  const inactive = `This promotion code cannot be redeemed because it is inactive: '${promotionCode.code}'.`;
  if (!promotionCode.active) throw invalidRequest(inactive, { param });
  return promotionCode;
}

/** The promotion code a session was created with, looked up again (it may have run out since). */
export function promotionCodeOf(context: StripeContext, session: Stripe.Checkout.Session): Stripe.PromotionCode | null {
  const id = session.discounts?.[0]?.promotion_code;
  return (typeof id === 'string' && byId(context.state.promotion_codes, id)) || null;
}

/** Counts a completed session's redemption; a code that reaches its limit stops working. */
export function redeem(promotionCode: Stripe.PromotionCode): void {
  promotionCode.times_redeemed += 1;
  const { max_redemptions: limit } = promotionCode;
  if (limit !== null && promotionCode.times_redeemed >= limit) promotionCode.active = false;
}
