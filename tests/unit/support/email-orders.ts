// An order as the email templates read it (OrderEmailFacts), for the email tests.
import type { OrderEmailFacts } from '#notifications/order-email-templates.ts';

export const emailOrderId = '3f1c2b7a-9d4e-4c1a-8b2f-6e5d4c3b2a19';

/** A paid 8 s direct-response order of northwind.coffee, with `overrides`. */
export function emailOrder(overrides: Partial<OrderEmailFacts> = {}): OrderEmailFacts {
  return {
    id: emailOrderId,
    email: 'buyer@example.com',
    website: 'https://northwind.coffee/',
    style: 'direct-response',
    duration_seconds: 8,
    payment_status: 'paid',
    amount_cents: 500,
    currency: 'usd',
    created_at: '2026-11-28T00:42:10.000Z',
    ...overrides,
  };
}
