// Checkout Sessions in payment mode, from creation to their end: POST /v1/checkout/sessions with
// Stripe's validation and totals, retrieval, expiry (on request, and when `expires_at` passes), and
// the hosted pay page that stands in for checkout.stripe.com, where the buyer ends a session.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { readText } from '#local/http.ts';
import { decodeForm, invalidRequest, type Params, resourceMissing } from './params.ts';
import { closedPage, noticePage, type PayView, payPage, sendPage } from './pay-page-html.ts';
import { chargeSession } from './payments.ts';
import { appliedDiscountOf, discountAmount, discountToApply, isRedeemable, redeem } from './promotion-codes.ts';
import {
  type EventRequest,
  type LineItem,
  newId,
  nowSeconds,
  type StoredSession,
  type StripeContext,
} from './state.ts';
import { noRequest, sessionEvent } from './webhooks.ts';

/** Where the pay page lives under `publicBaseUrl`: `/_local/pay/<session id>`. */
const payPagePrefix = '/_local/pay/';

const createParams = [
  'mode',
  'line_items',
  'customer_email',
  'client_reference_id',
  'metadata',
  'success_url',
  'cancel_url',
  'expires_at',
  'discounts',
  'allow_promotion_codes',
  'payment_intent_data',
  'payment_method_collection',
  'ui_mode',
  'expand',
];

const minimumLifetimeSeconds = 30 * 60;
const maximumLifetimeSeconds = 24 * 60 * 60;
// A caller that computes "30 minutes from now" is a moment late by the time Stripe checks it.
const lifetimeToleranceSeconds = 60;

function readLineItems(params: Params): LineItem[] {
  const items = params.list('line_items', { required: true }).map((item) => {
    item.rejectUnknown(['price_data', 'quantity']);
    const priceData = item.object('price_data', { required: true });
    priceData.rejectUnknown(['currency', 'unit_amount', 'product_data']);
    const productData = priceData.object('product_data', { required: true });
    productData.rejectUnknown(['name', 'description']);
    return {
      name: productData.string('name', { required: true, maxLength: 5000 }),
      currency: priceData.string('currency', { required: true }).toLowerCase(),
      unit_amount: priceData.integer('unit_amount', { required: true, min: 0 }),
      quantity: item.integer('quantity', { required: true, min: 1 }),
    };
  });
  if (items.length === 0) throw invalidRequest('Missing required param: line_items.', { param: 'line_items' });
  if (new Set(items.map((item) => item.currency)).size > 1) {
    throw invalidRequest('All line items must use the same currency.', { param: 'line_items' });
  }
  return items;
}

function readExpiresAt(params: Params, created: number): number {
  const expiresAt = params.integer('expires_at');
  if (expiresAt === undefined) return created + maximumLifetimeSeconds;
  if (expiresAt < created + minimumLifetimeSeconds - lifetimeToleranceSeconds) {
    throw invalidRequest('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', {
      param: 'expires_at',
    });
  }
  if (expiresAt > created + maximumLifetimeSeconds) {
    throw invalidRequest('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', {
      param: 'expires_at',
    });
  }
  return expiresAt;
}

/** Validates everything Stripe would before anything is stored, so a rejected request changes nothing. */
function readCreateParams(context: StripeContext, params: Params) {
  params.rejectUnknown(createParams);
  // Stripe defaults to payment when the line items carry their own price_data.
  const mode = params.oneOf('mode', ['payment', 'setup', 'subscription']) ?? 'payment';
  if (mode !== 'payment') {
    throw invalidRequest('The local Stripe server supports mode=payment only.', { param: 'mode' });
  }
  // Stripe: "Can only be set in subscription mode." A payment-mode session with nothing to pay
  // asks for no card by itself (payment_status no_payment_required).
  if (params.string('payment_method_collection') !== undefined) {
    throw invalidRequest('You can only set `payment_method_collection` in `subscription` mode.', {
      param: 'payment_method_collection',
    });
  }
  const uiMode = params.string('ui_mode');
  if (uiMode !== undefined && uiMode !== 'hosted_page') {
    throw invalidRequest('The local Stripe server supports ui_mode=hosted_page only.', { param: 'ui_mode' });
  }
  // Checked like any parameter, then unused: this server has no PaymentIntent resource to show it on.
  const intentData = params.object('payment_intent_data');
  intentData?.rejectUnknown(['metadata', 'description']);
  intentData?.metadata('metadata');
  intentData?.string('description', { maxLength: 1000 });

  const created = nowSeconds(context);
  const lineItems = readLineItems(params);
  const customerEmail = params.string('customer_email', { maxLength: 800 });
  if (customerEmail !== undefined && !/^[^\s@]+@[^\s@]+$/.test(customerEmail)) {
    throw invalidRequest(`Invalid email address: ${customerEmail}`, { param: 'customer_email' });
  }
  const discounts = params.list('discounts');
  if (discounts.length > 1) throw invalidRequest('You may only specify one discount.', { param: 'discounts' });
  const allowPromotionCodes = params.boolean('allow_promotion_codes');
  if (discounts.length > 0 && allowPromotionCodes !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: allow_promotion_codes, discounts.', {
      param: 'allow_promotion_codes',
    });
  }
  return {
    created,
    lineItems,
    customerEmail: customerEmail ?? null,
    clientReferenceId: params.string('client_reference_id', { maxLength: 200 }) ?? null,
    metadata: params.metadata('metadata'),
    successUrl: params.url('success_url') ?? null,
    cancelUrl: params.url('cancel_url') ?? null,
    expiresAt: readExpiresAt(params, created),
    applied: discounts[0] ? discountToApply(context, discounts[0]) : null,
    allowPromotionCodes: allowPromotionCodes ?? null,
  };
}

/** POST /v1/checkout/sessions */
export function createSession(context: StripeContext, params: Params): Stripe.Checkout.Session {
  const input = readCreateParams(context, params);
  const currency = input.lineItems[0]?.currency ?? 'usd';
  const subtotal = input.lineItems.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
  const discount = input.applied ? discountAmount(input.applied.coupon, subtotal, currency) : 0;
  const id = newId('cs_test');
  const session: Stripe.Checkout.Session = {
    id,
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: input.allowPromotionCodes,
    allowed_payment_method_types: null,
    amount_subtotal: subtotal,
    amount_total: subtotal - discount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: input.created,
    currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_account: null,
    customer_creation: 'if_required',
    customer_details: null,
    customer_email: input.customerEmail,
    discounts: input.applied ? [input.applied.discount] : [],
    expires_at: input.expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: {
      enabled: false,
      invoice_data: {
        account_tax_ids: null,
        custom_fields: null,
        description: null,
        footer: null,
        issuer: null,
        metadata: {},
        rendering_options: null,
      },
    },
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: input.metadata,
    mode: 'payment',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: null,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: `${context.publicBaseUrl}${payPagePrefix}${id}`,
    wallet_options: null,
  };
  context.state.sessions[id] = { session, line_items: input.lineItems };
  context.changed();
  return session;
}

export function findSession(context: StripeContext, id: string): StoredSession {
  const stored = context.state.sessions[id];
  if (!stored) throw resourceMissing('checkout.session', id, 'session', 'path');
  return stored;
}

function markExpired(context: StripeContext, session: Stripe.Checkout.Session, request: EventRequest): Promise<void> {
  session.status = 'expired';
  session.url = null;
  context.changed();
  return context.publish(sessionEvent('checkout.session.expired', session, nowSeconds(context), request));
}

/** POST /v1/checkout/sessions/:id/expire. `delivered` settles after the webhook's first attempt. */
export function expireSession(
  context: StripeContext,
  id: string,
  request: EventRequest,
): { session: Stripe.Checkout.Session; delivered: Promise<void> } {
  const { session } = findSession(context, id);
  if (session.status !== 'open') {
    throw invalidRequest(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      { param: 'session' },
    );
  }
  return { session, delivered: markExpired(context, session, request) };
}

/** Expires the session if its `expires_at` has passed; returns the delivery to wait for, if any. */
function expireIfDue(context: StripeContext, session: Stripe.Checkout.Session): Promise<void> | null {
  if (session.status !== 'open' || session.expires_at > nowSeconds(context)) return null;
  return markExpired(context, session, noRequest);
}

export async function expireDueSessions(context: StripeContext): Promise<void> {
  const deliveries = Object.values(context.state.sessions).map(({ session }) => expireIfDue(context, session));
  await Promise.all(deliveries);
}

// The hosted pay page: GET shows it, POST pays. A test card pays (or is declined), a session with
// nothing to pay completes without one. Success redirects to success_url once the webhook has had its
// first delivery attempt, so the app knows of the payment when the buyer lands.

const formLimitBytes = 16 * 1024;

/** Stripe's test cards that the page understands; spaces and dashes are ignored, as buyers type them. */
function cardOutcome(cardNumber: string): 'succeeded' | 'declined' | 'invalid' {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (digits === '4242424242424242') return 'succeeded';
  return digits === '4000000000000002' ? 'declined' : 'invalid';
}

/** success_url with `{CHECKOUT_SESSION_ID}` filled in, as Stripe redirects to it. */
function successUrlOf(session: Stripe.Checkout.Session): string | null {
  return session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', session.id) ?? null;
}

/** Ends an open session as paid (`paymentIntent`) or as free (null), and tells the webhook. */
function completeSession(
  context: StripeContext,
  session: Stripe.Checkout.Session,
  paymentIntent: string | null,
): Promise<void> {
  const applied = appliedDiscountOf(context, session);
  if (applied) redeem(applied);
  session.status = 'complete';
  session.payment_status = paymentIntent ? 'paid' : 'no_payment_required';
  session.payment_intent = paymentIntent;
  session.url = null;
  session.customer_details = {
    address: null,
    business_name: null,
    email: session.customer_email,
    individual_name: null,
    name: null,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
  context.changed();
  return context.publish(sessionEvent('checkout.session.completed', session, nowSeconds(context), noRequest));
}

/**
 * Takes the buyer's payment: the delivery to await once paid, or the page to show again with the
 * reason. That page is a 200, like a form re-rendered with errors, so the browser logs no failure.
 */
function pay(context: StripeContext, view: PayView, form: Record<string, unknown>): Promise<void> | string {
  const { session } = view;
  if (view.applied && !isRedeemable(context, view.applied)) {
    return payPage({ ...view, error: 'This promotion code can no longer be redeemed.' });
  }
  if ((session.amount_total ?? 0) === 0) return completeSession(context, session, null);
  const cardNumber = typeof form.card_number === 'string' ? form.card_number : '';
  const outcome = cardOutcome(cardNumber);
  if (outcome === 'declined') return payPage({ ...view, cardNumber, error: 'Your card was declined.' });
  if (outcome === 'invalid') return payPage({ ...view, cardNumber, error: 'Your card number is invalid.' });
  return completeSession(context, session, chargeSession(context, session));
}

function sessionIdOf(pathname: string): string | null {
  const rest = pathname.slice(payPagePrefix.length);
  if (!rest || rest.includes('/')) return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return null;
  }
}

/** Serves GET/HEAD/POST /_local/pay/<session id>; false when the request is not for the pay page. */
export async function handlePayPage(
  context: StripeContext,
  brand: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const { pathname } = new URL(req.url ?? '/', 'http://pay.local');
  if (!pathname.startsWith(payPagePrefix)) return false;
  const method = req.method ?? 'GET';
  if (!['GET', 'HEAD', 'POST'].includes(method)) {
    res.writeHead(405, { allow: 'GET, HEAD, POST' }).end();
    return true;
  }
  const id = sessionIdOf(pathname);
  const stored = id === null ? undefined : context.state.sessions[id];
  if (!stored) {
    const message = 'This checkout session does not exist.';
    sendPage(res, 404, noticePage({ title: 'Checkout not found', message, link: null }));
    return true;
  }
  const form = method === 'POST' ? await readText(req, formLimitBytes) : null;
  const { session } = stored;
  // The buyer must never pay a session whose time is up, even if the expiry timer has not run yet.
  const expiring = expireIfDue(context, session);
  if (expiring) await expiring;
  // From this check to completeSession nothing awaits, so two submits cannot both pay.
  if (session.status !== 'open') {
    sendPage(res, 200, closedPage(session, successUrlOf(session), `${context.publicBaseUrl}/`));
    return true;
  }
  const view: PayView = {
    brand,
    session,
    lineItems: stored.line_items,
    applied: appliedDiscountOf(context, session),
    action: `${payPagePrefix}${encodeURIComponent(session.id)}`,
  };
  if (method !== 'POST') {
    sendPage(res, 200, payPage(view));
    return true;
  }
  const result = pay(context, view, form ? decodeForm(form) : {});
  if (typeof result === 'string') {
    sendPage(res, 200, result);
    return true;
  }
  await result;
  const successUrl = successUrlOf(session);
  if (successUrl) res.writeHead(303, { location: successUrl, 'cache-control': 'no-store' }).end();
  else sendPage(res, 200, closedPage(session, successUrlOf(session), `${context.publicBaseUrl}/`));
  return true;
}
