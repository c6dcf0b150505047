// Checkout Sessions in payment mode, from creation to their end: POST /v1/checkout/sessions with
// Stripe's totals, retrieval, expiry (on request, and when `expires_at` passes), and completion, which
// the hosted pay page (pay-page.ts) asks for once the buyer has paid.
import type Stripe from 'stripe';
import { invalidRequest, type ParamShape, readParams, resourceMissing } from './params.ts';
import { chargeSession } from './payments.ts';
import { percentOffOf, promotionCodeOf, promotionCodeToApply, redeem } from './promotion-codes.ts';
import { type ApiHandler, byId, newId, nowSeconds, nullFields, type StripeContext } from './state.ts';
import { noRequest } from './webhooks.ts';

/** Where the pay page lives under `publicBaseUrl`: `/_local/pay/<session id>`. */
export const payPagePrefix = '/_local/pay/';

/** What lambdas/payments/checkout-sessions.ts sends. */
const createSessionShape: ParamShape = {
  mode: 'string',
  'line_items!': [
    {
      'quantity!': 'integer',
      'price_data!': { 'currency!': 'string', 'unit_amount!': 'integer', 'product_data!': { 'name!': 'string' } },
    },
  ],
  customer_email: 'string',
  client_reference_id: 'string',
  metadata: 'metadata',
  // Stripe puts this on the PaymentIntent, which this server does not render: read, then unused.
  payment_intent_data: { metadata: 'metadata' },
  success_url: 'string',
  cancel_url: 'string',
  expires_at: 'integer',
  discounts: [{ 'promotion_code!': 'string' }],
};

// Stripe's bounds for `expires_at`: 30 minutes to 24 hours after creation. A caller that computes
// "30 minutes from now" is a moment late by the time Stripe checks it: a minute of tolerance.
const lifetimeBoundsSeconds = { minimum: 30 * 60 - 60, maximum: 24 * 60 * 60 };

/** POST /v1/checkout/sessions; everything is checked before anything is stored. */
export const createSession: ApiHandler = (context, form) => {
  const params = readParams<Stripe.Checkout.SessionCreateParams>(form, createSessionShape);
  if ((params.mode ?? 'payment') !== 'payment') {
    throw invalidRequest('The local Stripe server supports mode=payment only.', { param: 'mode' });
  }
  const created = nowSeconds(context);
  const expiresAt = params.expires_at ?? created + lifetimeBoundsSeconds.maximum;
  const lifetime = expiresAt - created;
  if (lifetime < lifetimeBoundsSeconds.minimum || lifetime > lifetimeBoundsSeconds.maximum) {
    throw invalidRequest(
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      { param: 'expires_at' },
    );
  }
  const promotionCodeId = params.discounts?.[0]?.promotion_code;
  const promotionCode = promotionCodeId ? promotionCodeToApply(context, promotionCodeId) : null;
  const lineItems = (params.line_items ?? []).map(({ price_data, quantity = 0 }) => ({
    name: price_data?.product_data?.name ?? '',
    unit_amount: price_data?.unit_amount ?? 0,
    quantity,
  }));
  const subtotal = lineItems.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
  const discount = promotionCode ? Math.round((subtotal * percentOffOf(promotionCode)) / 100) : 0;
  const id = newId('cs_test');
  const session: Stripe.Checkout.Session = {
    ...nullFields<Stripe.Checkout.Session>(`
      after_expiration allow_promotion_codes allowed_payment_method_types billing_address_collection client_secret
      collected_information consent consent_collection currency_conversion customer customer_account
      customer_details integration_identifier invoice locale managed_payments origin_context payment_intent
      payment_link payment_method_collection payment_method_configuration_details permissions recovered_from
      saved_payment_method_options setup_intent shipping_address_collection shipping_cost submit_type subscription
      wallet_options`),
    id,
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    amount_subtotal: subtotal,
    amount_total: subtotal - discount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    cancel_url: params.cancel_url ?? null,
    client_reference_id: params.client_reference_id ?? null,
    created,
    currency: params.line_items?.[0]?.price_data?.currency.toLowerCase() ?? null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer_creation: 'if_required',
    customer_email: params.customer_email ?? null,
    discounts: promotionCode ? [{ coupon: null, promotion_code: promotionCode.id }] : [],
    expires_at: expiresAt,
    invoice_creation: {
      enabled: false,
      invoice_data: {
        ...nullFields<Stripe.Checkout.Session.InvoiceCreation.InvoiceData>(
          'account_tax_ids custom_fields description footer issuer rendering_options',
        ),
        metadata: {},
      },
    },
    livemode: false,
    // readParams let strings only through: the SDK's parameter type also allows numbers.
    metadata: (params.metadata ?? {}) as Stripe.Metadata,
    mode: 'payment',
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    shipping_options: [],
    status: 'open',
    success_url: params.success_url ?? null,
    total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: `${context.publicBaseUrl}${payPagePrefix}${id}`,
  };
  context.state.sessions[id] = { session, line_items: lineItems };
  context.changed();
  return { body: session };
};

function sessionOf(context: StripeContext, id: string): Stripe.Checkout.Session {
  const stored = byId(context.state.sessions, id);
  if (!stored) throw resourceMissing('checkout.session', id, 'session', 404);
  return stored.session;
}

function markExpired(context: StripeContext, session: Stripe.Checkout.Session, request: Stripe.Event.Request) {
  session.status = 'expired';
  session.url = null;
  context.changed();
  return context.publish({ type: 'checkout.session.expired', data: { object: session } }, request);
}

/** GET /v1/checkout/sessions/:id */
export const retrieveSession: ApiHandler = (context, form, _request, id) => {
  readParams(form, {});
  return { body: sessionOf(context, id) };
};

/** POST /v1/checkout/sessions/:id/expire; answered once the webhook has had its first attempt. */
export const expireSession: ApiHandler = (context, form, request, id) => {
  readParams(form, {});
  const session = sessionOf(context, id);
  if (session.status !== 'open') {
    throw invalidRequest(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      { param: 'session' },
    );
  }
  return { body: session, delivered: markExpired(context, session, request) };
};

/** Expires the session if its `expires_at` has passed; returns the delivery to wait for, if any. */
export function expireIfDue(context: StripeContext, session: Stripe.Checkout.Session): Promise<void> | null {
  if (session.status !== 'open' || session.expires_at > nowSeconds(context)) return null;
  return markExpired(context, session, noRequest);
}

export async function expireDueSessions(context: StripeContext): Promise<void> {
  await Promise.all(Object.values(context.state.sessions).map(({ session }) => expireIfDue(context, session)));
}

/** Ends an open session as paid with a test card, or as free (nothing to pay), and tells the webhook. */
export function completeSession(context: StripeContext, session: Stripe.Checkout.Session): Promise<void> {
  const promotionCode = promotionCodeOf(context, session);
  if (promotionCode) redeem(promotionCode);
  const paymentIntent = session.amount_total ? chargeSession(context, session) : null;
  session.status = 'complete';
  session.payment_status = paymentIntent ? 'paid' : 'no_payment_required';
  session.payment_intent = paymentIntent;
  session.url = null;
  session.customer_details = {
    ...nullFields<Stripe.Checkout.Session.CustomerDetails>('address business_name individual_name name phone'),
    email: session.customer_email,
    tax_exempt: 'none',
    tax_ids: [],
  };
  context.changed();
  return context.publish({ type: 'checkout.session.completed', data: { object: session } }, noRequest);
}
