// Outside the twin, 100 % codes are created in Stripe by ops (`npm run ops -- free-code`),
// long and random so that no dictionary finds them, with a redemption limit.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createOrderRequestSchema } from '#shared/create-order-request.ts';
import { createFreeCode, randomFreeCode } from '#tools/ops/free-codes.ts';

const stripeCalls = vi.hoisted(() => ({ coupons: [] as unknown[], promotionCodes: [] as unknown[] }));

vi.mock('#payments/stripe-client.ts', () => ({
  stripe: async () => ({
    coupons: {
      create: async (params: unknown) => {
        stripeCalls.coupons.push(params);
        return { id: 'coupon_free' };
      },
    },
    promotionCodes: {
      create: async (params: { code: string }) => {
        stripeCalls.promotionCodes.push(params);
        return { id: 'promo_free', code: params.code };
      },
    },
  }),
}));

beforeEach(() => {
  stripeCalls.coupons.length = 0;
  stripeCalls.promotionCodes.length = 0;
});

describe('a free-ad code', () => {
  it('is long, random and typed as the order form takes it', () => {
    // Act
    const codes = Array.from({ length: 1000 }, randomFreeCode);

    // Assess
    expect(new Set(codes).size).toBe(1000);
    for (const code of codes.slice(0, 20)) {
      expect(code).toMatch(/^FREE-[A-Z2-9]{20}$/);
      const parsed = createOrderRequestSchema.parse({
        website: 'https://example.com',
        email: 'a@example.com',
        couponCode: code.toLowerCase(),
      });
      expect(parsed.couponCode).toBe(code);
    }
  });

  it('is created in Stripe as 100 % off once, with its redemption limit', async () => {
    // Prepare
    const printed: string[] = [];

    // Act
    await createFreeCode({ maxRedemptions: '25' }, (line) => printed.push(line));

    // Assess
    expect(stripeCalls.coupons).toEqual([{ name: 'Free ad', percent_off: 100, duration: 'once' }]);
    expect(stripeCalls.promotionCodes).toEqual([
      {
        promotion: { type: 'coupon', coupon: 'coupon_free' },
        code: expect.stringMatching(/^FREE-/),
        max_redemptions: 25,
      },
    ]);
    expect(printed.join('\n')).toContain('at most 25 redemptions');
  });

  it('refuses a redemption limit that is not a whole number of 1 or more', async () => {
    // Act
    const refused = await createFreeCode({ maxRedemptions: '0' }, () => undefined).catch((error: Error) => error);

    // Assess
    expect(refused).toMatchObject({ exitCode: 2 });
    expect(stripeCalls.coupons).toEqual([]);
  });
});
