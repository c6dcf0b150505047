// refund, resend and redrive: ops actions on one order, each through the same idempotent domain
// code the Lambdas use, each refusing what would hurt the buyer or the books.
import { RedriveExecutionCommand, StopExecutionCommand } from '@aws-sdk/client-sfn';
import { stepFunctions } from '#common/sfn-client.ts';
import { markFailedOnce } from '#generation/failure-steps.ts';
import { refundFailedOrder } from '#generation/refund-failed-order.ts';
import type { OrderEmailKind } from '#notifications/email-kinds.ts';
import { releaseOrderEmail } from '#notifications/email-ledger.ts';
import { sendOrderEmail, whyEmailIsUntrue } from '#notifications/order-emails.ts';
import { settleRefusedPayment } from '#orders/checkout-outcome.ts';
import { markOrderRefunded, reopenOrderForRedrive, undoRedriveReopen } from '#orders/order-lifecycle.ts';
import { isPaid, type OrderRecord } from '#orders/order-record.ts';
import { getOrder } from '#orders/order-store.ts';
import { refundPayment } from '#payments/refunds.ts';
import { formatMoney, lastEnteredState, maskEmail } from './format.ts';
import { OpsError } from './ops-error.ts';
import { describeExecution, executionArnOf, executionHistory, requireOrder } from './orders.ts';
import type { OpsTarget } from './target.ts';

type Print = (text: string) => void;

const refundReason = 'Refunded by ops';

export async function refundOrder(id: string | undefined, options: { yes: boolean }, print: Print): Promise<void> {
  const order = await requireOrder(id);
  if (order.payment_status === 'refunded') {
    print(`Order ${order.id} was already refunded (${order.refund_id ?? 'refund id not recorded'}).`);
    return;
  }
  if (order.payment_status === 'free') throw new OpsError(`Order ${order.id} was free: there is nothing to refund.`);
  if (order.payment_status !== 'paid') {
    throw new OpsError(`Order ${order.id} is not paid (payment ${order.payment_status}): there is nothing to refund.`);
  }
  let refunded: OrderRecord | null;
  if (order.refused_because) {
    // Never started: the refusal's own refund, with its own email.
    refunded = await settleRefusedPayment(order);
  } else if (order.order_status === 'completed') {
    if (!options.yes) {
      throw new OpsError(`Order ${order.id} is completed: its ad was delivered. Pass --yes to refund it anyway.`);
    }
    refunded = await refundDeliveredOrder(order);
  } else {
    // Failed first, so a running execution's next step stops on its own; then it is stopped.
    await markFailedOnce(order.id, refundReason);
    await stopIfRunning(order, refundReason);
    refunded = await refundFailedOrder(order.id);
  }
  if (refunded?.payment_status !== 'refunded') {
    throw new OpsError(`Order ${order.id} was not refunded (payment ${refunded?.payment_status ?? 'unknown'}).`);
  }
  print(
    `Refunded ${formatMoney(refunded.amount_cents, refunded.currency)} for order ${order.id}: ${refunded.refund_id}` +
      ` (order ${refunded.order_status}).`,
  );
}

/** A delivered ad stays delivered; only the payment is returned, and the buyer hears it from ops. */
async function refundDeliveredOrder(order: OrderRecord): Promise<OrderRecord | null> {
  if (!order.payment_intent) throw new OpsError(`Order ${order.id} is paid but has no payment intent to refund.`);
  // The failure path's refund: whichever path refunds first, Stripe refunds once.
  const refund = await refundPayment(order.id, order.payment_intent);
  return (await markOrderRefunded(order.id, refund.id)) ?? getOrder(order.id);
}

async function stopIfRunning(order: OrderRecord, cause: string): Promise<void> {
  const execution = await describeExecution(order);
  if (execution?.status !== 'RUNNING') return;
  await stepFunctions().send(
    new StopExecutionCommand({ executionArn: executionArnOf(order), error: 'ReelFive.Ops', cause }),
  );
}

const emailKinds = ['received', 'ready', 'failed', 'refused'] as const satisfies readonly OrderEmailKind[];

export async function resendEmail(id: string | undefined, options: { kind?: string }, print: Print): Promise<void> {
  const order = await requireOrder(id);
  const kind = options.kind ?? defaultEmailKind(order);
  if (!(emailKinds as readonly string[]).includes(kind)) {
    throw new OpsError(`--kind must be one of ${emailKinds.join(', ')}.`, 2);
  }
  const refusal = whyEmailIsUntrue(order, kind as OrderEmailKind);
  if (refusal) throw new OpsError(refusal);
  // The ledger sends each kind once; ops asking again is the one reason to send it twice.
  await releaseOrderEmail(order.id, kind as OrderEmailKind);
  if (!(await sendOrderEmail(kind as OrderEmailKind, order))) {
    throw new OpsError(`The ${kind} email for order ${order.id} could not be sent (the error is logged above).`);
  }
  print(`Sent the ${kind} email for order ${order.id} to ${maskEmail(order.email)}.`);
}

function defaultEmailKind(order: OrderRecord): OrderEmailKind {
  if (order.refused_because) return 'refused';
  if (order.order_status === 'completed') return 'ready';
  if (order.order_status === 'failed') return 'failed';
  return 'received';
}

/** lib/generation's failure path, ending in its Fail state: redriving from there only fails again. */
const failurePathStates = new Set(['MarkFailed', 'Refund', 'NotifyOps', 'GenerationFailed']);
const redrivableStatuses = new Set(['FAILED', 'TIMED_OUT', 'ABORTED']);

export async function redriveOrder(id: string | undefined, target: OpsTarget, print: Print): Promise<void> {
  const order = await requireOrder(id);
  if (order.payment_status === 'refunded') {
    throw new OpsError(`Order ${order.id} was refunded; a refunded order is final. The buyer can order again.`);
  }
  if (!isPaid(order)) throw new OpsError(`Order ${order.id} is not paid (payment ${order.payment_status}).`);
  const execution = await describeExecution(order);
  if (!execution?.executionArn) {
    throw new OpsError(`Order ${order.id} has no execution to redrive; the reconciler starts paid orders.`);
  }
  if (!redrivableStatuses.has(execution.status ?? '')) {
    throw new OpsError(
      `The execution of order ${order.id} is ${execution.status}; only FAILED, TIMED_OUT or ABORTED ones are redriven.`,
    );
  }
  const lastState = lastEnteredState(await executionHistory(execution.executionArn));
  if (lastState && failurePathStates.has(lastState)) {
    throw new OpsError(
      `The execution of order ${order.id} ended in its failure path (${lastState}); a redrive would only run it again.`,
    );
  }
  if (execution.redriveStatus !== 'REDRIVABLE') {
    throw new OpsError(
      target.kind === 'twin'
        ? "The twin's Step Functions cannot redrive executions (local/step-functions/api.ts has no RedriveExecution)."
        : `Step Functions will not redrive it: ${execution.redriveStatusReason ?? execution.redriveStatus ?? 'no reason given'}.`,
    );
  }
  // The steps only work on a processing order (the failure path may have marked it failed).
  const reopened = await reopenOrderForRedrive(order.id);
  if (!reopened) throw new OpsError(`Order ${order.id} changed meanwhile; run show and try again.`);
  try {
    await stepFunctions().send(new RedriveExecutionCommand({ executionArn: execution.executionArn }));
  } catch (error) {
    await undoRedriveReopen(order.id, order);
    throw error;
  }
  print(`Redriven ${execution.executionArn} from ${lastState ?? 'its start'}; order ${order.id} is processing again.`);
}
