// A payment that arrives for a mailbox already at its active orders, or a second free ad
// from one 100 % code, starts nothing; the buyer's email says why and what happened to the money.
import { describe, expect, it } from 'vitest';
import { type OrderEmailFacts, renderOrderEmail } from '#notifications/order-email-templates.ts';

const siteUrl = 'https://reelfive.example';

function refused(overrides: Partial<OrderEmailFacts>): OrderEmailFacts {
  return {
    id: '3f1c2b7a-9d4e-4c1a-8b2f-6e5d4c3b2a19',
    email: 'jane.doe+ads@gmail.com',
    website: 'https://northwind.coffee/',
    style: 'ugc',
    duration_seconds: 8,
    payment_status: 'refunded',
    amount_cents: 500,
    currency: 'usd',
    created_at: '2026-11-28T00:42:10.000Z',
    refused_because: 'activeOrderLimit',
    ...overrides,
  };
}

describe('the refused email', () => {
  it('says the address already has 3 ads being made and that the $5.00 was refunded', () => {
    // Act
    const email = renderOrderEmail('refused', refused({}), { siteUrl, deliverySeconds: 60 });

    // Assess
    expect(email.subject).toBe('Your ReelFive order was not started (3f1c2b7a...)');
    expect(email.text).toContain('your email address already has 3 ads being made');
    expect(email.text).toContain('within 24 hours');
    expect(email.text).toContain('Your payment of $5.00 has been refunded.');
    expect(email.html).toContain('Your payment of $5.00 has been refunded.');
  });

  it('says a refund is under way while Stripe has not confirmed it', () => {
    // Act
    const email = renderOrderEmail('refused', refused({ payment_status: 'paid', amount_cents: 250 }), {
      siteUrl,
      deliverySeconds: 60,
    });

    // Assess
    expect(email.text).toContain('Your payment of $2.50 is being refunded automatically.');
  });

  it('names the free code the address already used, and says nothing was charged', () => {
    // Act
    const email = renderOrderEmail(
      'refused',
      refused({ refused_because: 'freeCouponUsed', coupon_code: 'FREEAD', payment_status: 'free', amount_cents: 0 }),
      { siteUrl, deliverySeconds: 60 },
    );

    // Assess
    expect(email.text).toContain(
      "the coupon code 'FREEAD' gives one free ad per email address, and this address has already had its free ad with it",
    );
    expect(email.text).toContain('You were not charged.');
    expect(email.text).not.toContain('refunded');
  });
});
