// The part of Stripe's API that ReelFive depends on: the operations lambdas/payments calls
// (checkout-sessions.ts, refunds.ts) plus the event reads the real-Stripe run needs, and the event
// types stripe-webhook-events.ts consumes. trim-openapi.ts keeps exactly this much of Stripe's description.

export interface UsedOperation {
  method: 'get' | 'post';
  /** The path template as Stripe's description spells it. */
  path: string;
}

export const usedOperations: readonly UsedOperation[] = [
  { method: 'post', path: '/v1/checkout/sessions' },
  { method: 'get', path: '/v1/checkout/sessions/{session}' },
  { method: 'post', path: '/v1/checkout/sessions/{session}/expire' },
  { method: 'get', path: '/v1/promotion_codes' },
  { method: 'post', path: '/v1/refunds' },
  // Only the real-Stripe run reads events this way: locally they arrive as webhook deliveries.
  { method: 'get', path: '/v1/events' },
  { method: 'get', path: '/v1/events/{id}' },
];

/** Each event type the product handles (or the fake sends), and the schema of its `data.object`. */
export const eventObjectSchemas: Readonly<Record<string, string>> = {
  'checkout.session.completed': 'checkout.session',
  'checkout.session.expired': 'checkout.session',
  'checkout.session.async_payment_succeeded': 'checkout.session',
  'checkout.session.async_payment_failed': 'checkout.session',
  'charge.refunded': 'charge',
};

/**
 * Schemas left out although reachable, each for a reason: neither the product nor the fake ever
 * meets a value there in the flows it uses (card payments in payment mode, no shipping, no tax, no
 * expansion). trim-openapi.ts keeps a stub for each, and the contract suite refuses any value the
 * fake sends into a stub: a field the trimmed copy cannot check is a field the fake may not fill.
 */
export const omittedSchemas: readonly { pattern: RegExp; reason: string }[] = [
  { pattern: /^payment_method_details$/, reason: 'per-payment-method charge details' },
  {
    pattern: /^checkout_(?!session_).+_(payment_method|wallet)_options$/,
    reason: 'per-payment-method Checkout options',
  },
  { pattern: /^refund_destination_details_(?!card$)|^destination_details_unimplemented$/, reason: 'non-card refunds' },
  { pattern: /^refund_next_action$/, reason: 'refunds that need the customer to act' },
  { pattern: /^item$/, reason: 'line items, present only when expanded' },
  {
    pattern: /^payment_pages_checkout_session_total_details_resource_breakdown$/,
    reason: 'present only when expanded',
  },
  { pattern: /^payment_pages_checkout_session_shipping_(address_collection|cost)$|^shipping$/, reason: 'shipping' },
  { pattern: /^payment_pages_checkout_session_shipping_option$/, reason: 'shipping' },
  { pattern: /^connect_account_reference$/, reason: 'Connect accounts' },
  { pattern: /^invoice_setting_(custom_field|checkout_rendering_options)$/, reason: 'invoice creation' },
  { pattern: /^(payment_intent|payment_method|setup_intent|bank_account|card|source)$/, reason: 'card-error details' },
];
