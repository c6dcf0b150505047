// A successful card payment for a session: the PaymentIntent id the session points to and the
// Charge behind it, which refunds later draw from.
import type Stripe from 'stripe';
import { nowSeconds, type StripeContext } from './context.ts';
import { newId } from './ids.ts';

/** Charges the session's total and returns the PaymentIntent id. */
export function chargeSession(context: StripeContext, session: Stripe.Checkout.Session): string {
  const paymentIntent = newId('pi');
  const charge: Stripe.Charge = {
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
    source: null,
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

export function chargeOfPaymentIntent(context: StripeContext, paymentIntent: string): Stripe.Charge | undefined {
  return Object.values(context.state.charges).find((charge) => charge.payment_intent === paymentIntent);
}
