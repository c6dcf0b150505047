// Payments: the card charge behind a paid Checkout Session (and the PaymentIntent id it points to),
// POST /v1/refunds drawing on that charge and telling the webhook with `charge.refunded` (for partial
// refunds too, as Stripe does), and amounts as a buyer reads them.
import type Stripe from 'stripe';
import { invalidRequest, type Params, resourceMissing } from './params.ts';
import { type Charge, type EventRequest, newId, nowSeconds, type StripeContext } from './state.ts';
import { chargeRefundedEvent } from './webhooks.ts';

/** An amount in a currency's smallest unit (cents) as a buyer reads it: 250 → "$2.50". */
export function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  // Zero-decimal currencies (JPY, KRW…) have no minor unit to divide by.
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** Charges the session's total and returns the PaymentIntent id. */
export function chargeSession(context: StripeContext, session: Stripe.Checkout.Session): string {
  const paymentIntent = newId('pi');
  const charge: Charge = {
    id: newId('ch'),
    object: 'charge',
    amount: session.amount_total ?? 0,
    amount_captured: session.amount_total ?? 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: { address: null, email: session.customer_email, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: null,
    captured: true,
    created: nowSeconds(context),
    currency: session.currency ?? 'usd',
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_intent: paymentIntent,
    payment_method: newId('pm'),
    payment_method_details: null,
    receipt_email: session.customer_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
  context.state.charges[charge.id] = charge;
  context.changed();
  return paymentIntent;
}

function chargeOfPaymentIntent(context: StripeContext, paymentIntent: string): Charge | undefined {
  return Object.values(context.state.charges).find((charge) => charge.payment_intent === paymentIntent);
}

function readRefundParams(context: StripeContext, params: Params) {
  params.rejectUnknown(['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);
  const paymentIntent = params.string('payment_intent');
  const chargeId = params.string('charge');
  let charge: Charge | undefined;
  if (paymentIntent !== undefined) {
    charge = chargeOfPaymentIntent(context, paymentIntent);
    if (!charge) throw resourceMissing('payment_intent', paymentIntent, 'payment_intent', 'param');
  } else if (chargeId !== undefined) {
    charge = context.state.charges[chargeId];
    if (!charge) throw resourceMissing('charge', chargeId, 'charge', 'param');
  } else {
    throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.');
  }
  return {
    charge,
    amount: params.integer('amount', { min: 1 }),
    reason: params.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer']) ?? null,
    metadata: params.metadata('metadata'),
  };
}

export function createRefund(
  context: StripeContext,
  params: Params,
  request: EventRequest,
): { refund: Stripe.Refund; delivered: Promise<void> } {
  const { charge, amount, reason, metadata } = readRefundParams(context, params);
  const refundable = charge.amount - charge.amount_refunded;
  if (refundable === 0) {
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
  }
  if (amount !== undefined && amount > refundable) {
    throw invalidRequest(
      `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(refundable, charge.currency)})`,
      { param: 'amount', code: 'amount_too_large' },
    );
  }
  const refund: Stripe.Refund = {
    id: newId('re'),
    object: 'refund',
    amount: amount ?? refundable,
    balance_transaction: null,
    charge: charge.id,
    created: nowSeconds(context),
    currency: charge.currency,
    customer: null,
    customer_account: null,
    metadata,
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
  charge.amount_refunded += refund.amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  context.state.refunds[refund.id] = refund;
  context.changed();
  return { refund, delivered: context.publish(chargeRefundedEvent(charge, refund.created, request)) };
}
