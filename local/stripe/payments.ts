// Payments: the card charge behind a paid Checkout Session (and the PaymentIntent id it points to),
// POST /v1/refunds drawing on that charge and telling the webhook with `charge.refunded` (for partial
// refunds too, as Stripe does), and amounts as a buyer reads them.
import type Stripe from 'stripe';
import { invalidRequest, readParams, resourceMissing } from './params.ts';
import { type ApiHandler, type Charge, newId, nowSeconds, nullFields, type StripeContext } from './state.ts';

/** An amount in a currency's smallest unit (cents) as a buyer reads it: 250 → "$2.50". */
export function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  // Zero-decimal currencies (JPY, KRW…) have no minor unit to divide by.
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** Charges the session's total with a test card and returns the PaymentIntent id. */
export function chargeSession(context: StripeContext, session: Stripe.Checkout.Session): string {
  const paymentIntent = newId('pi');
  const amount = session.amount_total ?? 0;
  const charge: Charge = {
    ...nullFields<Charge>(`application application_fee application_fee_amount balance_transaction
      calculated_statement_descriptor customer description failure_balance_transaction failure_code failure_message
      on_behalf_of payment_method_details receipt_number receipt_url review shipping source_transfer
      statement_descriptor statement_descriptor_suffix transfer_data transfer_group`),
    id: newId('ch'),
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: 0,
    billing_details: { address: null, email: session.customer_email, name: null, phone: null, tax_id: null },
    captured: true,
    created: nowSeconds(context),
    currency: session.currency ?? 'usd',
    disputed: false,
    fraud_details: {},
    livemode: false,
    metadata: {},
    outcome: {
      ...nullFields<Stripe.Charge.Outcome>('advice_code network_advice_code network_decline_code reason'),
      network_status: 'approved_by_network',
      risk_level: 'normal',
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_intent: paymentIntent,
    payment_method: newId('pm'),
    receipt_email: session.customer_email,
    refunded: false,
    status: 'succeeded',
  };
  context.state.charges[charge.id] = charge;
  context.changed();
  return paymentIntent;
}

/** POST /v1/refunds of a PaymentIntent's charge, whole or in part. */
export const createRefund: ApiHandler = (context, form, request) => {
  const params = readParams<Stripe.RefundCreateParams>(form, {
    'payment_intent!': 'string',
    amount: 'integer',
    reason: 'string',
    metadata: 'metadata',
  });
  const paymentIntent = params.payment_intent ?? '';
  const charge = Object.values(context.state.charges).find((candidate) => candidate.payment_intent === paymentIntent);
  if (!charge) throw resourceMissing('payment_intent', paymentIntent, 'payment_intent');
  const refundable = charge.amount - charge.amount_refunded;
  if (refundable === 0) {
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
  }
  if (params.amount !== undefined && params.amount > refundable) {
    throw invalidRequest(
      `Refund amount (${formatAmount(params.amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(refundable, charge.currency)})`,
      { param: 'amount', code: 'amount_too_large' },
    );
  }
  const refund: Stripe.Refund = {
    ...nullFields<Stripe.Refund>(
      'balance_transaction customer customer_account receipt_number source_transfer_reversal transfer_reversal',
    ),
    id: newId('re'),
    object: 'refund',
    amount: params.amount ?? refundable,
    charge: charge.id,
    created: nowSeconds(context),
    currency: charge.currency,
    metadata: (params.metadata || {}) as Stripe.Metadata,
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason: params.reason ?? null,
    status: 'succeeded',
  };
  charge.amount_refunded += refund.amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  context.state.refunds[refund.id] = refund;
  context.changed();
  return { body: refund, delivered: context.publish({ type: 'charge.refunded', data: { object: charge } }, request) };
};
