// POST /v1/refunds: refunds all or part of a payment's charge, and tells the webhook with
// `charge.refunded` (sent for partial refunds too, as Stripe does).
import type Stripe from 'stripe';
import { nowSeconds, type StripeContext } from './context.ts';
import { invalidRequest, resourceMissing } from './errors.ts';
import { chargeRefundedEvent, type EventRequest } from './events.ts';
import { newId } from './ids.ts';
import { formatAmount } from './money.ts';
import type { Params } from './params.ts';
import { chargeOfPaymentIntent } from './payments.ts';

function readRefundParams(context: StripeContext, params: Params) {
  params.rejectUnknown(['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);
  const paymentIntent = params.string('payment_intent');
  const chargeId = params.string('charge');
  let charge: Stripe.Charge | undefined;
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
