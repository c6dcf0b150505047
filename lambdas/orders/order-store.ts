// Reads and writes of the orders table. Every state change is a conditional update, so the
// webhook, the success page's fallback and the state machine can race without harm.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documents } from '#common/dynamodb-clients.ts';
import type { PaymentStatus } from '#shared/contract.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import type { OrderRecord } from './order-record.ts';

const ordersTable = () => requireEnv(envNames.ordersTable);

export async function getOrder(id: string): Promise<OrderRecord | null> {
  const result = await documents().send(new GetCommand({ TableName: ordersTable(), Key: { id } }));
  return (result.Item as OrderRecord | undefined) ?? null;
}

interface Guard {
  /** A condition on the current row, e.g. `payment_status = :unpaid`. */
  condition: string;
  values?: Record<string, unknown>;
}

/**
 * Sets `changes` (plus updated_at and version) when the row exists and `guard` holds.
 * Returns the new row, or null when the guard did not hold.
 */
export async function updateOrder(
  id: string,
  changes: Partial<OrderRecord>,
  guard?: Guard,
): Promise<OrderRecord | null> {
  const fields = { ...changes, updated_at: new Date().toISOString() };
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':one': 1, ...guard?.values };
  const sets = Object.entries(fields).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:f${i}`] = value;
    return `#f${i} = :f${i}`;
  });
  try {
    const result = await documents().send(
      new UpdateCommand({
        TableName: ordersTable(),
        Key: { id },
        UpdateExpression: `SET ${sets.join(', ')} ADD #version :one`,
        ConditionExpression: ['attribute_exists(id)', guard?.condition].filter(Boolean).join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return result.Attributes as OrderRecord;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}

export function attachCheckoutSession(id: string, sessionId: string, expiresAt: Date) {
  return updateOrder(id, { checkout_session_id: sessionId, checkout_expires_at: expiresAt.toISOString() });
}

/** Payment is the truth: a paid session fulfils even an order we had marked expired. */
export function markOrderPaid(
  id: string,
  payment: { paymentStatus: 'paid' | 'free'; amountCents: number; currency: string; paymentIntent?: string },
) {
  return updateOrder(
    id,
    {
      payment_status: payment.paymentStatus,
      amount_cents: payment.amountCents,
      currency: payment.currency,
      ...(payment.paymentIntent ? { payment_intent: payment.paymentIntent } : {}),
      stage: 'queued',
      progress: 5,
    },
    {
      condition: 'payment_status IN (:unpaid, :expired, :canceled)',
      values: { ':unpaid': 'unpaid', ':expired': 'expired', ':canceled': 'canceled' },
    },
  );
}

/** An unpaid checkout ended without payment (expired by Stripe, or abandoned by the buyer). */
export function markPaymentClosed(id: string, status: Extract<PaymentStatus, 'expired' | 'canceled'>) {
  // A buyer's cancel expires the session, and Stripe's `expired` event may land before the cancel
  // records itself: the buyer's intent (canceled) may replace expired, never a payment.
  const from = status === 'canceled' ? ['unpaid', 'expired'] : ['unpaid'];
  return updateOrder(
    id,
    { payment_status: status },
    {
      condition: `payment_status IN (${from.map((_, i) => `:from${i}`).join(', ')})`,
      values: Object.fromEntries(from.map((value, i) => [`:from${i}`, value])),
    },
  );
}

export function recordExecution(id: string, executionArn: string) {
  return updateOrder(id, { execution_arn: executionArn });
}
