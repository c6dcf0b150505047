// The reconciler (docs/design.md "Failure and repair"): finds orders that a lost webhook, a crash or a lost execution left
// half-way and finishes what was started. Scheduled in AWS, a timer in the twin. Candidates come
// from the by_status index (a time window per status, never a Scan); each is re-read and re-judged
// before anything is done, and every repair is one of the idempotent paths the order uses anyway.
// It also sends each order's last email that an SES outage kept from the buyer, and finishes a
// completed order's free revision left rendering (docs/render-shape.md, "The revision").
import {
  DescribeExecutionCommand,
  type DescribeExecutionCommandOutput,
  ExecutionDoesNotExist,
  StopExecutionCommand,
} from '@aws-sdk/client-sfn';
import { stepFunctions } from '#common/sfn-client.ts';
import { runFailurePath } from '#generation/failure-path.ts';
import { failRevision } from '#generation/revision-failure.ts';
import { owedEmailKinds } from '#notifications/email-kinds.ts';
import { forgetOwedEmail } from '#notifications/email-ledger.ts';
import { sendOrderEmail, whyEmailIsUntrue } from '#notifications/order-emails.ts';
import {
  applyCheckoutOutcome,
  closeCheckout,
  ensureGenerationStarted,
  settleRefusedPayment,
} from '#orders/checkout-outcome.ts';
import { isPaid, type OrderRecord } from '#orders/order-record.ts';
import { getOrder } from '#orders/order-store.ts';
import { executionArnFor, startRevisionGeneration } from '#orders/start-generation.ts';
import { checkoutExpiry, expireCheckout } from '#payments/checkout-sessions.ts';
import { logger } from '#powertools/logger.ts';
import { generationConfig } from '#shared/config.ts';
import { revisionExecutionName } from '#shared/revision.ts';
import { anonymiseRestingOrders } from './anonymise.ts';
import { ordersByStatus, ordersOwingEmail, type StatusIndexEntry } from './order-queries.ts';

const minute = 60_000;

export const reconcileTiming = {
  /** The webhook and the success page start a paid order within seconds; after this, nobody will. */
  startGraceMs: 2 * minute,
  /** An execution cannot run longer than its timeout; past it (plus slack) the order is stuck. */
  deadlineMs: (generationConfig.executionTimeoutMinutes + 5) * minute,
  /**
   * How far back candidates are read, so abandoned checkouts (pending for good) do not make every
   * run longer. A repair still failing after a week has raised the errors alarm ~2,000 times.
   */
  lookbackMs: 7 * 24 * 60 * minute,
  /**
   * How far back completed orders are read for a revision left rendering. Every completed order of
   * the week is a row of `completed` (the index does not carry revision_status), so the window is
   * short: a revision stops being written when it is stuck, and stays in the window an hour past
   * its execution's deadline (a dozen passes) before it falls out of it.
   */
  revisionLookbackMs: (generationConfig.executionTimeoutMinutes + 5 + 60) * minute,
};

export type RepairKind =
  | 'startGeneration'
  | 'failStuck'
  | 'repairRefund'
  | 'settleRefusal'
  | 'closeCheckout'
  | 'repairRevision';

export type ReconcileReport = Record<RepairKind, number> & {
  /** Owed emails (an order's last, lost to an SES outage) sent now. */
  resentEmails: number;
  /** Rows re-read and judged. */
  checked: number;
  /** Repairs that threw (each logged with its order id); the handler fails the run on any. */
  errors: number;
  /** Orders whose personal data was removed after the retention period. */
  anonymised: number;
};

/** What, if anything, this order needs now. Pure: the rules of docs/design.md "Failure and repair" in one place. */
export function planRepair(order: OrderRecord, now: Date): RepairKind | null {
  const idleMs = now.getTime() - Date.parse(order.updated_at);
  switch (order.order_status) {
    case 'failed':
      if (order.payment_status !== 'paid' || idleMs < reconcileTiming.startGraceMs) return null;
      // A refused payment (never started) is handed back with its own email, not the failure path's.
      return order.refused_because ? 'settleRefusal' : 'repairRefund';
    case 'processing':
      return idleMs >= reconcileTiming.deadlineMs ? 'failStuck' : null;
    case 'pending':
      if (isPaid(order)) {
        if (!order.execution_arn) return idleMs >= reconcileTiming.startGraceMs ? 'startGeneration' : null;
        // Started, yet MarkProcessing never ran: the execution died before its first step.
        return idleMs >= reconcileTiming.deadlineMs ? 'failStuck' : null;
      }
      return order.payment_status === 'unpaid' && checkoutEnded(order, now) ? 'closeCheckout' : null;
    case 'completed':
      // Claimed and not written since: its execution may have died, or never started.
      return order.revision_status === 'rendering' && idleMs >= reconcileTiming.startGraceMs ? 'repairRevision' : null;
    default:
      return null;
  }
}

function checkoutEnded(order: Pick<OrderRecord, 'checkout_expires_at' | 'created_at'>, now: Date): boolean {
  // No session recorded: order creation died between claiming the slot and attaching the session,
  // so the buyer never got a pay link; it ends on the same clock as a session would.
  const expiresAt = order.checkout_expires_at
    ? Date.parse(order.checkout_expires_at)
    : checkoutExpiry(Date.parse(order.created_at)).getTime();
  return expiresAt <= now.getTime();
}

export async function reconcile(now = new Date()): Promise<ReconcileReport> {
  const report: ReconcileReport = {
    startGeneration: 0,
    failStuck: 0,
    repairRefund: 0,
    settleRefusal: 0,
    closeCheckout: 0,
    repairRevision: 0,
    resentEmails: 0,
    checked: 0,
    errors: 0,
    anonymised: 0,
  };
  for (const entry of await repairCandidates(now)) {
    report.checked += 1;
    const order = await getOrder(entry.id);
    const kind = order && planRepair(order, now);
    if (!order || !kind) continue;
    try {
      if (await repairs[kind](order, now)) {
        report[kind] += 1;
        logger.info('Order repaired', { orderId: order.id, repair: kind });
      }
    } catch (error) {
      report.errors += 1;
      logger.error('Order repair failed', { orderId: order.id, repair: kind, error });
    }
  }
  try {
    report.resentEmails = await sendOwedEmails();
  } catch (error) {
    report.errors += 1;
    logger.error('Sending owed emails failed', { error });
  }
  try {
    report.anonymised = await anonymiseRestingOrders(now);
  } catch (error) {
    report.errors += 1;
    logger.error('Anonymising resting orders failed', { error });
  }
  return report;
}

/**
 * Every row that may need a repair, read in full before any is repaired: a repair rewrites
 * updated_at, and a row moving inside the index being paged could be skipped or seen twice.
 */
async function repairCandidates(now: Date): Promise<StatusIndexEntry[]> {
  const at = (offsetMs: number) => new Date(now.getTime() - offsetMs);
  const updatedFrom = at(reconcileTiming.lookbackMs);
  const queries = [
    {
      status: 'pending',
      updatedFrom,
      updatedBefore: at(reconcileTiming.startGraceMs),
      paymentStatuses: ['paid', 'free', 'unpaid'],
    },
    { status: 'processing', updatedFrom, updatedBefore: at(reconcileTiming.deadlineMs) },
    { status: 'failed', updatedFrom, updatedBefore: at(reconcileTiming.startGraceMs), paymentStatuses: ['paid'] },
    {
      status: 'completed',
      updatedFrom: at(reconcileTiming.revisionLookbackMs),
      updatedBefore: at(reconcileTiming.startGraceMs),
    },
  ] as const;
  const candidates: StatusIndexEntry[] = [];
  for (const query of queries) {
    for await (const entry of ordersByStatus(query)) {
      // The index carries the expiry, so open checkouts cost no read of their row.
      const openCheckout =
        entry.payment_status === 'unpaid' &&
        entry.checkout_expires_at !== undefined &&
        Date.parse(entry.checkout_expires_at) > now.getTime();
      if (!openCheckout) candidates.push(entry);
    }
  }
  return candidates;
}

/** Each repair answers whether it changed anything (false: the order turned out to be fine). */
const repairs: Record<RepairKind, (order: OrderRecord, now: Date) => Promise<boolean>> = {
  async startGeneration(order) {
    await ensureGenerationStarted(order);
    return true;
  },
  failStuck: failStuckOrder,
  async repairRefund(order) {
    // Already failed, so the failure path only finishes the refund (and tells the buyer and ops).
    await runFailurePath(order.id, order.failure_reason ?? 'refund not completed');
    return true;
  },
  async settleRefusal(order) {
    await settleRefusedPayment(order);
    return true;
  },
  async closeCheckout(order) {
    if (!order.checkout_session_id) {
      await closeCheckout(order.id, 'expired');
      return true;
    }
    // Expiring an open session first means it can no longer be paid once the order is closed; a
    // session paid meanwhile comes back complete and is fulfilled instead.
    const outcome = await expireCheckout(order.checkout_session_id);
    if (outcome) await applyCheckoutOutcome(outcome);
    return true;
  },
  repairRevision: repairStuckRevision,
};

/**
 * The last email of each order that SES did not take (email-ledger.ts marks it owed), sent now if
 * the order still calls for it. SES still down: it stays owed for the next run (sendOrderEmail logs
 * each failure), so an outage of any length ends with every buyer told.
 */
async function sendOwedEmails(): Promise<number> {
  let sent = 0;
  for (const kind of owedEmailKinds) {
    const owing: string[] = [];
    for await (const entry of ordersOwingEmail(kind)) owing.push(entry.id);
    for (const id of owing) {
      const order = await getOrder(id);
      if (!order) continue;
      const untrue = whyEmailIsUntrue(order, kind);
      if (untrue) {
        logger.warn('Owed email no longer fits the order; forgotten', { orderId: id, emailKind: kind, untrue });
        await forgetOwedEmail(id, kind);
        continue;
      }
      if (await sendOrderEmail(kind, order)) {
        sent += 1;
        logger.info('Owed email sent', { orderId: id, emailKind: kind });
      }
    }
  }
  return sent;
}

const liveStatuses = new Set(['RUNNING', 'PENDING_REDRIVE']);

/**
 * An order past its deadline: its execution ended without finishing it, was lost (the twin keeps
 * executions that were running when it stopped as RUNNING), or overran. A live one is stopped
 * first so it cannot deliver after the refund; then the failure path runs.
 */
async function failStuckOrder(order: OrderRecord, now: Date): Promise<boolean> {
  const executionArn = order.execution_arn ?? executionArnFor(order.id);
  const execution = await describeExecution(executionArn);
  if (execution?.status === 'SUCCEEDED') {
    // MarkCompleted is the last state: a succeeded execution with an unfinished order needs a human.
    logger.warn('Stuck order has a succeeded execution; left for ops', { orderId: order.id });
    return false;
  }
  if (execution && liveStatuses.has(execution.status ?? '')) {
    const startedAt = (execution.redriveDate ?? execution.startDate ?? now).getTime();
    if (now.getTime() - startedAt < reconcileTiming.deadlineMs) return false;
    await stepFunctions().send(
      new StopExecutionCommand({ executionArn, error: 'ReelFive.Reconciler', cause: 'processing past deadline' }),
    );
  }
  await runFailurePath(order.id, 'processing past deadline');
  return true;
}

/**
 * A completed order's revision still rendering with nothing written for a while. Its execution
 * (`<id>-v2`) that ended without telling the order (the execution-status rule's event lost) or
 * ran past its deadline: the revision fails as MarkRevisionFailed fails it (version 1 kept, no
 * refund, the buyer told). No execution at all: the route claimed the revision and died before
 * starting it; the buyer was answered 202 with what version 2 would do, so it is started now
 * (failing it would use up their one revision for our crash; releasing it would leave them
 * waiting for a revision that silently went away).
 */
async function repairStuckRevision(order: OrderRecord, now: Date): Promise<boolean> {
  const executionArn = executionArnFor(revisionExecutionName(order.id));
  const execution = await describeExecution(executionArn);
  if (!execution) {
    await startRevisionGeneration(order.id);
    return true;
  }
  if (execution.status === 'SUCCEEDED') {
    // DeliverRevision or MarkRevisionFailed ran: a rendering row after either needs a human.
    logger.warn('Stuck revision has a succeeded execution; left for ops', { orderId: order.id });
    return false;
  }
  if (liveStatuses.has(execution.status ?? '')) {
    const startedAt = (execution.redriveDate ?? execution.startDate ?? now).getTime();
    if (now.getTime() - startedAt < reconcileTiming.deadlineMs) return false;
    await stepFunctions().send(
      new StopExecutionCommand({ executionArn, error: 'ReelFive.Reconciler', cause: 'revision past deadline' }),
    );
    return failRevision(order.id, 'revision past deadline');
  }
  return failRevision(order.id, `revision execution ${execution.status}`);
}

async function describeExecution(executionArn: string): Promise<DescribeExecutionCommandOutput | null> {
  try {
    return await stepFunctions().send(new DescribeExecutionCommand({ executionArn }));
  } catch (error) {
    if (error instanceof ExecutionDoesNotExist) return null;
    throw error;
  }
}
