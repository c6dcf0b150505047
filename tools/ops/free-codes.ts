// free-code: a 100 % promotion code for a giveaway. Outside the twin nothing seeds codes: ops
// create each in Stripe, and a 100 % code is long and random (guessable codes such as
// FREEAD were found by trying a dictionary), with a redemption limit. Each mailbox may still have
// only one free ad per code (lambdas/orders/order-slots.ts).
import { randomInt } from 'node:crypto';
import type Stripe from 'stripe';
import { stripe } from '#payments/stripe-client.ts';
import { OpsError } from './ops-error.ts';

type Print = (text: string) => void;

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 20 characters of 31: about 99 bits, beyond any guessing however the look-ups are throttled. */
const randomLength = 20;

/** `FREE-` and 20 random characters, in the form the order form accepts (upper case, digits, dashes). */
export function randomFreeCode(): string {
  return `FREE-${Array.from({ length: randomLength }, () => alphabet[randomInt(alphabet.length)]).join('')}`;
}

export async function createFreeCode(options: { maxRedemptions?: string }, print: Print): Promise<void> {
  const maxRedemptions = Number(options.maxRedemptions ?? '100');
  if (!Number.isInteger(maxRedemptions) || maxRedemptions < 1) {
    throw new OpsError('--max-redemptions must be a whole number of 1 or more.', 2);
  }
  const client = await stripe('stripe:checkout');
  try {
    const coupon = await client.coupons.create({ name: 'Free ad', percent_off: 100, duration: 'once' });
    const code = await client.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: randomFreeCode(),
      max_redemptions: maxRedemptions,
    });
    print(`Created ${code.code} (${code.id}): 100 % off, at most ${maxRedemptions} redemptions, one per mailbox.`);
  } catch (error) {
    if ((error as Stripe.errors.StripeError).type === 'StripePermissionError') {
      throw new OpsError(
        'This stage’s checkout key may not create coupons. Run again with STRIPE_SECRET_KEY set to a key that may write Coupons and Promotion Codes.',
      );
    }
    throw error;
  }
}
