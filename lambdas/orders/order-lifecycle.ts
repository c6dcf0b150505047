// The order lifecycle (docs/design.md "Architecture", "Order lifecycle", "Failure and repair"): every change of an order's state is one of the named
// transitions below, one conditional write that happens only while its guard holds on the row.
// The webhook, the success page's read, the state machine, the reconciler and ops may race or
// repeat any of them without harm: a transition whose guard does not hold writes nothing and
// answers null. Only this module writes order_status and payment_status
// (tests/checks/order-lifecycle-writers.test.ts), and each step's business metric is counted here,
// once per row it actually changed, so a replayed webhook is not counted twice.

import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  PutCommand,
  TransactWriteCommand,
  type TransactWriteItem,
  type TransactWriteUpdate,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { documents } from '#common/dynamodb-clients.ts';
import { giveBackIpAttempt, type IpAttempt } from '#common/ip-limit.ts';
import { logger } from '#powertools/logger.ts';
import { metrics } from '#powertools/metrics.ts';
import { serviceLimits } from '#shared/config.ts';
import { type OrderStatus, type PaymentStatus, type Stage, stageProgress } from '#shared/contract.ts';
import type { CreateOrderInput } from '#shared/create-order-request.ts';
import { businessMetrics } from '#shared/observability.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import { countOrderTaken } from './daily-capacity.ts';
import { mailboxOf, newOrderFields, type OrderRecord, type PaymentRefusal } from './order-record.ts';
import { checkoutClosed, freeCouponRedemption, slotClaim, slotKeys } from './order-slots.ts';
import { getOrder } from './order-store.ts';

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
  // Payment is the truth: a paid session fulfils even an order whose checkout we had closed. The
  // order claims one of its mailbox's active-order slots in the same transaction (docs/decisions/slots-at-payment.md).
  paid: { from: { payment_status: ['unpaid', 'expired', 'canceled'] }, counts: businessMetrics.ordersPaid },
  // The same payment when the mailbox has no slot left (a race with its other checkouts), or has had
  // its free ad with this 100 % code: the order ends failed, its caller refunds and tells the buyer.
  paymentRefused: { from: { payment_status: ['unpaid', 'expired', 'canceled'] } },
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

/**
 * A new order: pending, unpaid, and holding no slot (one is claimed when it is paid).
 * `checkoutAttempt`: the client's unpaid-checkout count its checkout is opened under.
 */
export async function createPendingOrder(input: CreateOrderInput, checkoutAttempt?: IpAttempt): Promise<OrderRecord> {
  const order: OrderRecord = {
    ...newOrderFields(input),
    order_status: 'pending',
    payment_status: 'unpaid',
    stage: 'awaiting_payment',
    progress: stageProgress.awaiting_payment,
    ...(checkoutAttempt ? { checkout_attempt: checkoutAttempt } : {}),
  };
  await documents().send(
    new PutCommand({ TableName: ordersTable(), Item: order, ConditionExpression: 'attribute_not_exists(id)' }),
  );
  count(businessMetrics.ordersCreated);
  return order;
}

export interface OrderPayment {
  paymentStatus: 'paid' | 'free';
  amountCents: number;
  currency: string;
  paymentIntent?: string;
}

/**
 * The checkout was paid or made free. Either the order is paid holding one of its mailbox's slots
 * (and, when free, the mailbox's one redemption of its code), all in one transaction; or the
 * mailbox has no slot left, or redeemed the code before, and the payment is refused
 * (paymentRefused) for the caller to hand back. Answers the row as it now stands, or null when
 * the payment was taken before (the guard no longer holds).
 */
export async function markOrderPaid(id: string, payment: OrderPayment, now = new Date()): Promise<OrderRecord | null> {
  const order = await getOrder(id, { consistent: true });
  if (!order || !admits(orderTransitions.paid.from, order)) return null;
  const mailbox = mailboxOf(order);
  const freeCoupon = payment.paymentStatus === 'free' ? order.coupon_code : undefined;
  const changes: Partial<OrderRecord> = {
    ...paymentFields(payment),
    mailbox_hash: mailbox,
    stage: 'queued',
    progress: stageProgress.queued,
  };
  for (const slotSk of slotKeys) {
    // Items in this order: the refusal answered is the index of the item whose condition failed.
    const refusedBy = await transact([
      { Update: orderUpdate(id, { ...changes, slot_sk: slotSk }, orderTransitions.paid.from, ['checkout_attempt']) },
      slotClaim(mailbox, slotSk, id, now),
      checkoutClosed(mailbox, id),
      ...(freeCoupon ? [freeCouponRedemption(mailbox, freeCoupon, id, now)] : []),
    ]);
    if (refusedBy === null) return paymentTaken(order, payment);
    if (refusedBy === 0) return null;
    if (refusedBy === 3) return markPaymentRefused(id, payment, 'freeCouponUsed');
    // 1: another active order holds this slot; the next one may be free.
  }
  return markPaymentRefused(id, payment, 'activeOrderLimit');
}

async function paymentTaken(before: OrderRecord, payment: OrderPayment): Promise<OrderRecord | null> {
  count(businessMetrics.ordersPaid);
  if (payment.paymentStatus === 'free') count(businessMetrics.freeAdRedemptions);
  // The order takes one of today's spots; a failed count only shows the spots a little too high.
  await countOrderTaken().catch((error: unknown) =>
    logger.warn('Order not counted in today’s capacity', { orderId: before.id, error }),
  );
  // A paid checkout is no longer an unpaid one: its place in the client's hourly cap is given back.
  if (before.checkout_attempt) {
    await giveBackIpAttempt(before.checkout_attempt).catch((error: unknown) =>
      // The client's cap stays one lower until its hour ends.
      logger.warn('Unpaid-checkout count not given back', { orderId: before.id, error }),
    );
  }
  return getOrder(before.id, { consistent: true });
}

/** The payment arrived and starts nothing (see paymentRefused); `reason` is what the buyer is told. */
export function markPaymentRefused(id: string, payment: OrderPayment, reason: PaymentRefusal) {
  return transition('paymentRefused', id, {
    ...paymentFields(payment),
    order_status: 'failed',
    stage: 'failed',
    refused_because: reason,
    failure_reason: `payment refused: ${reason}`,
  });
}

function paymentFields(payment: OrderPayment): Partial<OrderRecord> {
  return {
    payment_status: payment.paymentStatus,
    amount_cents: payment.amountCents,
    currency: payment.currency,
    ...(payment.paymentIntent ? { payment_intent: payment.paymentIntent } : {}),
  };
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

/**
 * The ad's files, what it cost, stage and progress in one write (one live update); a retry writes
 * the same again.
 */
export function recordOrderDelivery(
  id: string,
  keys: { videoKey: string; posterKey: string; siteSource?: OrderRecord['site_source'] },
  cost?: OrderRecord['cost'],
) {
  return transition('delivered', id, {
    video_key: keys.videoKey,
    poster_key: keys.posterKey,
    ...(keys.siteSource ? { site_source: keys.siteSource } : {}),
    ...(cost ? { cost } : {}),
    stage: 'delivering',
    progress: stageProgress.delivering,
  });
}

export function markOrderCompleted(id: string) {
  return transition('completed', id, {
    order_status: 'completed',
    stage: 'done',
    progress: stageProgress.done,
    // The free revision's window starts here (shared/revision.ts).
    completed_at: new Date().toISOString(),
  });
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

/**
 * Whether a read may ask Stripe about the unpaid order's session now: at most once per order every
 * `checkoutCheckSeconds`, whichever container reads (a conditional write, not a cache). updated_at
 * stays: nothing the buyer sees changed.
 */
export async function claimCheckoutCheck(id: string, now = new Date()): Promise<boolean> {
  const cutoff = new Date(now.getTime() - serviceLimits.checkoutCheckSeconds * 1000);
  try {
    await documents().send(
      new UpdateCommand({
        TableName: ordersTable(),
        Key: { id },
        UpdateExpression: 'SET checkout_checked_at = :now ADD #version :one',
        ConditionExpression:
          'attribute_exists(id) AND payment_status = :unpaid AND ' +
          '(attribute_not_exists(checkout_checked_at) OR checkout_checked_at <= :cutoff)',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':cutoff': cutoff.toISOString(),
          ':unpaid': 'unpaid',
          ':one': 1,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
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

const ordersTable = () => requireEnv(envNames.ordersTable);

/** Whether the row is one the guard admits (the write's own condition checks it again). */
function admits(guard: Guard, order: OrderRecord): boolean {
  if (guard.order_status && !guard.order_status.includes(order.order_status)) return false;
  if (guard.payment_status && !guard.payment_status.includes(order.payment_status)) return false;
  return (guard.present ?? []).every((field) => order[field] !== undefined);
}

/**
 * Sets `changes` (plus updated_at and version) when the row exists and `guard` holds.
 * Returns the new row, or null when the guard did not hold.
 */
async function writeOrder(id: string, changes: Partial<OrderRecord>, guard: Guard = {}): Promise<OrderRecord | null> {
  try {
    const result = await documents().send(
      new UpdateCommand({ ...orderUpdate(id, changes, guard), ReturnValues: 'ALL_NEW' }),
    );
    return result.Attributes as OrderRecord;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}

/** The conditional update of one order: `changes` set and `removed` removed, only while `guard` holds. */
function orderUpdate(
  id: string,
  changes: Partial<OrderRecord>,
  guard: Guard,
  removed: readonly (keyof OrderRecord)[] = [],
): TransactWriteUpdate {
  const fields = { ...changes, updated_at: new Date().toISOString() };
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':one': 1 };
  const sets = Object.entries(fields).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:f${i}`] = value;
    return `#f${i} = :f${i}`;
  });
  const removes = removed.map((field, i) => {
    names[`#r${i}`] = field;
    return `#r${i}`;
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
  return {
    TableName: ordersTable(),
    Key: { id },
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''} ADD #version :one`,
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

const maxConflictRetries = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes the items in one transaction; answers null when written, else the index of the first item
 * whose condition failed. Real DynamoDB cancels competing transactions on the same items
 * (TransactionConflict, docs/design.md "Order lifecycle"): those are retried with jitter, then thrown, never read as a refusal.
 */
async function transact(items: TransactWriteItem[]): Promise<number | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      await documents().send(new TransactWriteCommand({ TransactItems: items }));
      return null;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const codes = error.CancellationReasons?.map((reason) => reason.Code) ?? [];
      const refusedBy = codes.indexOf('ConditionalCheckFailed');
      if (refusedBy >= 0) return refusedBy;
      if (!codes.includes('TransactionConflict') || attempt >= maxConflictRetries) throw error;
      await sleep(20 * 2 ** attempt * Math.random());
    }
  }
}
