// Coupons and the customer-facing promotion codes that apply them: the seeded launch codes,
// the list endpoint, the discount a coupon gives, and redemption counting.
import type Stripe from 'stripe';
import { invalidRequest, type Params, resourceMissing } from './params.ts';
import { newId, nowSeconds, type StripeContext } from './state.ts';

interface Seed {
  code: string;
  coupon: { id: string; name: string; percent_off: number };
  max_redemptions: number | null;
}

const seeds: Seed[] = [
  {
    code: 'LAUNCH50',
    coupon: { id: 'launch-50-percent', name: 'Launch: 50% off', percent_off: 50 },
    max_redemptions: null,
  },
  { code: 'FREEAD', coupon: { id: 'free-ad', name: 'Free ad', percent_off: 100 }, max_redemptions: 100 },
];

/** Creates the launch codes on a fresh state; a state that has codes keeps its own. */
export function seedPromotionCodes(context: StripeContext): void {
  if (Object.keys(context.state.promotion_codes).length > 0) return;
  const created = nowSeconds(context);
  for (const seed of seeds) {
    context.state.coupons[seed.coupon.id] = {
      ...seed.coupon,
      object: 'coupon',
      amount_off: null,
      created,
      currency: null,
      duration: 'once',
      duration_in_months: null,
      livemode: false,
      max_redemptions: null,
      metadata: {},
      redeem_by: null,
      times_redeemed: 0,
      valid: true,
    };
    const id = newId('promo');
    context.state.promotion_codes[id] = {
      id,
      object: 'promotion_code',
      active: true,
      code: seed.code,
      created,
      customer: null,
      customer_account: null,
      expires_at: null,
      livemode: false,
      max_redemptions: seed.max_redemptions,
      metadata: {},
      promotion: { type: 'coupon', coupon: seed.coupon.id },
      restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
      times_redeemed: 0,
    };
  }
  context.changed();
}

/** GET /v1/promotion_codes: newest first, filtered by code (case-insensitive), active, coupon. */
export function listPromotionCodes(context: StripeContext, params: Params): Stripe.ApiList<Stripe.PromotionCode> {
  params.rejectUnknown(['code', 'active', 'coupon', 'limit', 'starting_after', 'expand']);
  const code = params.string('code')?.toUpperCase();
  const active = params.boolean('active');
  const coupon = params.string('coupon');
  const limit = params.integer('limit', { min: 1 }) ?? 10;
  if (limit > 100) throw invalidRequest('This value must be less than or equal to 100.', { param: 'limit' });
  const startingAfter = params.string('starting_after');

  let matches = Object.values(context.state.promotion_codes)
    .reverse()
    .sort((a, b) => b.created - a.created)
    .filter(
      (promotion) =>
        (code === undefined || promotion.code.toUpperCase() === code) &&
        (active === undefined || promotion.active === active) &&
        (coupon === undefined || promotion.promotion.coupon === coupon),
    );
  if (startingAfter !== undefined) {
    const index = matches.findIndex((promotion) => promotion.id === startingAfter);
    if (index < 0) throw resourceMissing('promotion_code', startingAfter, 'starting_after', 'param');
    matches = matches.slice(index + 1);
  }
  return {
    object: 'list',
    data: matches.slice(0, limit),
    has_more: matches.length > limit,
    url: '/v1/promotion_codes',
  };
}

export interface AppliedDiscount {
  discount: Stripe.Checkout.Session.Discount;
  coupon: Stripe.Coupon;
  promotionCode: Stripe.PromotionCode | null;
}

function couponOf(context: StripeContext, promotionCode: Stripe.PromotionCode): Stripe.Coupon {
  const couponId = promotionCode.promotion.coupon;
  const coupon = typeof couponId === 'string' ? context.state.coupons[couponId] : couponId;
  if (!coupon) throw new Error(`Promotion code ${promotionCode.id} has no coupon`);
  return coupon;
}

/** The discount a session's `discounts[0]` names, if it may be redeemed now. */
export function discountToApply(context: StripeContext, discount: Params): AppliedDiscount {
  discount.rejectUnknown(['promotion_code', 'coupon']);
  const promotionCodeId = discount.string('promotion_code');
  const couponId = discount.string('coupon');
  if (promotionCodeId === undefined && couponId === undefined) {
    throw invalidRequest('Each discount needs a promotion_code or a coupon.', { param: 'discounts[0]' });
  }
  if (promotionCodeId !== undefined) {
    const promotionCode = context.state.promotion_codes[promotionCodeId];
    if (!promotionCode)
      throw resourceMissing('promotion_code', promotionCodeId, 'discounts[0][promotion_code]', 'param');
    const applied = {
      discount: { coupon: null, promotion_code: promotionCode.id },
      coupon: couponOf(context, promotionCode),
      promotionCode,
    };
    if (!isRedeemable(context, applied)) {
      throw invalidRequest(`This promotion code cannot be redeemed because it is inactive: '${promotionCode.code}'.`, {
        param: 'discounts[0][promotion_code]',
      });
    }
    return applied;
  }
  const coupon = context.state.coupons[couponId as string];
  if (!coupon) throw resourceMissing('coupon', couponId as string, 'discounts[0][coupon]', 'param');
  const applied = { discount: { coupon: coupon.id, promotion_code: null }, coupon, promotionCode: null };
  if (!isRedeemable(context, applied)) {
    throw invalidRequest(`This coupon is no longer valid: '${coupon.id}'.`, { param: 'discounts[0][coupon]' });
  }
  return applied;
}

/** The discount a session was created with, looked up again (it may have run out since). */
export function appliedDiscountOf(context: StripeContext, session: Stripe.Checkout.Session): AppliedDiscount | null {
  const discount = session.discounts?.[0];
  if (!discount) return null;
  if (typeof discount.promotion_code === 'string') {
    const promotionCode = context.state.promotion_codes[discount.promotion_code];
    if (promotionCode) return { discount, coupon: couponOf(context, promotionCode), promotionCode };
  }
  const coupon = typeof discount.coupon === 'string' ? context.state.coupons[discount.coupon] : null;
  return coupon ? { discount, coupon, promotionCode: null } : null;
}

export function isRedeemable(context: StripeContext, applied: AppliedDiscount): boolean {
  const now = nowSeconds(context);
  const { coupon, promotionCode } = applied;
  const couponOk = coupon.valid && (coupon.redeem_by === null || coupon.redeem_by > now);
  const codeOk =
    promotionCode === null ||
    (promotionCode.active && (promotionCode.expires_at === null || promotionCode.expires_at > now));
  return couponOk && codeOk;
}

/** The amount a coupon takes off `subtotal` (never more than the subtotal). */
export function discountAmount(coupon: Stripe.Coupon, subtotal: number, currency: string): number {
  if (coupon.percent_off !== null) return Math.min(subtotal, Math.round((subtotal * coupon.percent_off) / 100));
  if (coupon.amount_off !== null && coupon.currency === currency) return Math.min(subtotal, coupon.amount_off);
  throw invalidRequest(`The coupon '${coupon.id}' cannot be used with currency ${currency}.`, { param: 'discounts' });
}

/** Counts a completed session's redemption; a code or coupon that reaches its limit stops working. */
export function redeem(applied: AppliedDiscount): void {
  const { coupon, promotionCode } = applied;
  coupon.times_redeemed += 1;
  if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) coupon.valid = false;
  if (promotionCode) {
    promotionCode.times_redeemed += 1;
    if (promotionCode.max_redemptions !== null && promotionCode.times_redeemed >= promotionCode.max_redemptions) {
      promotionCode.active = false;
    }
  }
}
