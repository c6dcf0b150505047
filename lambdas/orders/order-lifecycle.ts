// The order lifecycle (DESIGN §3, §9, §10): every change of an order's state is one of the named
// transitions below, one conditional write that happens only while its guard holds on the row.
// The webhook, the success page's read, the state machine, the reconciler and ops may race or
// repeat any of them without harm: a transition whose guard does not hold writes nothing and
// answers null. Only this module writes order_status and payment_status
// (tests/unit/order-lifecycle-writers.test.ts), and each step's business metric is counted here,
// once per row it actually changed, so a replayed webhook is not counted twice.

import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documents } from '#common/dynamodb-clients.ts';
import { metrics } from '#powertools/metrics.ts';
import {
  type CreateOrderInput,
  type OrderStatus,
  type PaymentStatus,
  type Stage,
  stageProgress,
} from '#shared/contract.ts';
import { businessMetrics } from '#shared/observability.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import { newOrderFields, type OrderRecord } from './order-record.ts';
import { createOrderHoldingSlot } from './order-slots.ts';

/** The rows a transition may start from: each field named must hold one of its values. */
export interface Guard {
  order_status?: readonly OrderStatus[];
  payment_status?: readonly PaymentStatus[];
  /** Attributes the row must already have. */
  present?: readonly (keyof OrderRecord)[];
}

type BusinessMetric = (typeof businessMetrics)[keyof typeof businessMetrics];

/** Every transition: the rows it starts from, and the business metric it counts when it happens. */
export const orderTransitions = {
  // Payment is the truth: a paid session fulfils even an order whose checkout we had closed.
  paid: { from: { payment_status: ['unpaid', 'expired', 'canceled'] }, counts: businessMetrics.ordersPaid },
  checkoutExpired: { from: { payment_status: ['unpaid'] } },
  // A buyer's cancel expires the session, and Stripe's `expired` event may land before the cancel
  // records itself: the buyer's intent (canceled) may replace expired, never a payment.
  checkoutCanceled: { from: { payment_status: ['unpaid', 'expired'] } },
  processing: { from: { payment_status: ['paid', 'free'], order_status: ['pending', 'processing'] } },
  // Anything else (failed by ops or the reconciler, completed) stops the step that reports.
  stageReported: { from: { order_status: ['processing'] } },
  delivered: { from: { order_status: ['processing'] } },
  completed: {
    from: { order_status: ['processing'], present: ['video_key'] },
    counts: businessMetrics.ordersCompleted,
  },
  // A delivered ad stays delivered.
  failed: { from: { order_status: ['pending', 'processing'] }, counts: businessMetrics.ordersFailed },
  refunded: { from: { payment_status: ['paid'] }, counts: businessMetrics.ordersRefunded },
  // The steps only work on a processing order, and the failure path may have marked it failed.
  reopenedForRedrive: {
    from: { order_status: ['pending', 'processing', 'failed'], payment_status: ['paid', 'free'] },
  },
  // Only while it is still the reopened order: a redrive that did not start changed nothing else.
  redriveUndone: { from: { order_status: ['processing'] } },
} as const satisfies Record<string, { from: Guard; counts?: BusinessMetric }>;

export type OrderTransition = keyof typeof orderTransitions;

/** A new order, written with the rate-limit slot it holds (order-slots.ts): pending, unpaid. */
export async function createPendingOrder(input: CreateOrderInput): Promise<OrderRecord> {
  const order = await createOrderHoldingSlot({
    ...newOrderFields(input),
    order_status: 'pending',
    payment_status: 'unpaid',
    stage: 'awaiting_payment',
    progress: stageProgress.awaiting_payment,
  });
  count(businessMetrics.ordersCreated);
  return order;
}

export function markOrderPaid(
  id: string,
  payment: { paymentStatus: 'paid' | 'free'; amountCents: number; currency: string; paymentIntent?: string },
) {
  return transition('paid', id, {
    payment_status: payment.paymentStatus,
    amount_cents: payment.amountCents,
    currency: payment.currency,
    ...(payment.paymentIntent ? { payment_intent: payment.paymentIntent } : {}),
    stage: 'queued',
    progress: stageProgress.queued,
  });
}

/** An unpaid checkout ended without payment: expired by Stripe, or abandoned by the buyer. */
export function markCheckoutClosed(id: string, status: Extract<PaymentStatus, 'expired' | 'canceled'>) {
  return transition(status === 'expired' ? 'checkoutExpired' : 'checkoutCanceled', id, { payment_status: status });
}

/** The state machine took the paid order (MarkProcessing); a retried step finds it processing already. */
export function markOrderProcessing(id: string) {
  return transition('processing', id, {
    order_status: 'processing',
    stage: 'queued',
    progress: stageProgress.queued,
  });
}

export function reportOrderStage(id: string, stage: Exclude<Stage, 'failed' | 'awaiting_payment'>, progress: number) {
  return transition('stageReported', id, { stage, progress });
}

/** The ad's files, stage and progress in one write (one live update); a retry writes the same again. */
export function recordOrderDelivery(id: string, keys: { videoKey: string; posterKey: string }) {
  return transition('delivered', id, {
    video_key: keys.videoKey,
    poster_key: keys.posterKey,
    stage: 'delivering',
    progress: stageProgress.delivering,
  });
}

export function markOrderCompleted(id: string) {
  return transition('completed', id, { order_status: 'completed', stage: 'done', progress: stageProgress.done });
}

/** `reason` is internal (ops and logs), never shown to the buyer. */
export function markOrderFailed(id: string, reason: string) {
  return transition('failed', id, { order_status: 'failed', stage: 'failed', failure_reason: reason });
}

export function markOrderRefunded(id: string, refundId: string) {
  return transition('refunded', id, { payment_status: 'refunded', refund_id: refundId });
}

/** Ops redrive a stopped execution (tools/ops): its steps need the order processing again. */
export function reopenOrderForRedrive(id: string) {
  return transition('reopenedForRedrive', id, { order_status: 'processing', stage: 'queued' });
}

/** The redrive could not start: the order goes back to where it was before it was reopened. */
export function undoRedriveReopen(id: string, before: Pick<OrderRecord, 'order_status' | 'stage'>) {
  return transition('redriveUndone', id, { order_status: before.order_status, stage: before.stage });
}

// Writes that change no state: facts recorded on the order whatever state it is in.

export function attachCheckoutSession(id: string, sessionId: string, expiresAt: Date) {
  return writeOrder(id, { checkout_session_id: sessionId, checkout_expires_at: expiresAt.toISOString() });
}

export function recordExecution(id: string, executionArn: string) {
  return writeOrder(id, { execution_arn: executionArn });
}

async function transition(
  name: OrderTransition,
  id: string,
  changes: Partial<OrderRecord>,
): Promise<OrderRecord | null> {
  const step: { from: Guard; counts?: BusinessMetric } = orderTransitions[name];
  const order = await writeOrder(id, changes, step.from);
  if (order && step.counts) count(step.counts);
  return order;
}

function count(metric: BusinessMetric): void {
  metrics.addMetric(metric, MetricUnit.Count, 1);
}

/**
 * Sets `changes` (plus updated_at and version) when the row exists and `guard` holds.
 * Returns the new row, or null when the guard did not hold.
 */
async function writeOrder(id: string, changes: Partial<OrderRecord>, guard: Guard = {}): Promise<OrderRecord | null> {
  const fields = { ...changes, updated_at: new Date().toISOString() };
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':one': 1 };
  const sets = Object.entries(fields).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:f${i}`] = value;
    return `#f${i} = :f${i}`;
  });
  const conditions = ['attribute_exists(id)'];
  for (const field of ['order_status', 'payment_status'] as const) {
    const allowed = guard[field];
    if (!allowed) continue;
    const placeholders = allowed.map((value, i) => {
      values[`:${field}${i}`] = value;
      return `:${field}${i}`;
    });
    conditions.push(`${field} IN (${placeholders.join(', ')})`);
  }
  for (const field of guard.present ?? []) conditions.push(`attribute_exists(${field})`);
  try {
    const result = await documents().send(
      new UpdateCommand({
        TableName: requireEnv(envNames.ordersTable),
        Key: { id },
        UpdateExpression: `SET ${sets.join(', ')} ADD #version :one`,
        ConditionExpression: conditions.join(' AND '),
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
