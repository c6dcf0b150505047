// find and show: read-only views of orders and their executions.

import { ordersByEmail } from '#operations/order-queries.ts';
import type { OrderRecord } from '#orders/order-record.ts';
import { config } from '#shared/config.ts';
import {
  formatDuration,
  formatMoney,
  maskEmail,
  type StateSummary,
  shortFailure,
  summarizeHistory,
  table,
} from './format.ts';
import { OpsError } from './ops-error.ts';
import { describeExecution, executionArnOf, executionHistory, requireOrder } from './orders.ts';

type Print = (text: string) => void;

export async function findOrders(email: string | undefined, options: { json: boolean }, print: Print): Promise<void> {
  if (!email?.includes('@')) throw new OpsError('find needs --email <address>.', 2);
  const orders: OrderRecord[] = [];
  for await (const order of ordersByEmail(email)) orders.push(order);
  if (options.json) {
    print(
      JSON.stringify(
        orders.map(({ email: _email, ...order }) => plain(order)),
        null,
        2,
      ),
    );
    return;
  }
  if (!orders.length) {
    print(`No orders for ${maskEmail(email)}.`);
    return;
  }
  print(
    table(
      ['ID', 'CREATED', 'STATUS', 'PAYMENT', 'STAGE', 'PROGRESS', 'AMOUNT'],
      orders.map((order) => [
        order.id,
        order.created_at,
        order.order_status,
        order.payment_status,
        order.stage,
        `${order.progress}%`,
        formatMoney(order.amount_cents, order.currency),
      ]),
    ),
  );
}

export async function showOrder(
  id: string | undefined,
  options: { json: boolean; full: boolean },
  print: Print,
): Promise<void> {
  const order = await requireOrder(id);
  const shown = { ...order, email: options.full ? order.email : maskEmail(order.email) };
  const execution = await describeExecution(order);
  const history = execution?.executionArn ? summarizeHistory(await executionHistory(execution.executionArn)) : [];
  if (options.json) {
    print(
      JSON.stringify(
        {
          order: plain(shown),
          execution: execution && {
            executionArn: execution.executionArn,
            status: execution.status,
            startDate: execution.startDate,
            stopDate: execution.stopDate,
            error: execution.error,
            cause: execution.cause,
            redriveStatus: execution.redriveStatus,
            redriveCount: execution.redriveCount,
          },
          history,
        },
        null,
        2,
      ),
    );
    return;
  }
  const emailsSent = [...((order as OrderRecord & { emails_sent?: Set<string> }).emails_sent ?? [])];
  print(
    table(
      ['ORDER', order.id],
      [
        ['status', `${order.order_status} · ${order.stage} · ${order.progress}%`],
        ['payment', `${order.payment_status} · ${formatMoney(order.amount_cents, order.currency)}`],
        ['payment intent', order.payment_intent ?? '-'],
        ['refund', order.refund_id ?? '-'],
        ['email', shown.email],
        ['website', order.website],
        ['ad', `${order.style}, ${order.duration_seconds} s${order.image_key ? ', with image' : ''}`],
        ['coupon', order.coupon_code ?? '-'],
        ['checkout', order.checkout_session_id ?? '-'],
        ['created', order.created_at],
        ['updated', order.updated_at],
        ['failure', order.failure_reason ?? '-'],
        ['cost', order.cost ? formatCost(order.cost) : '-'],
        ['emails sent', emailsSent.join(', ') || '-'],
        ['page', `${process.env.SITE_URL ?? config.siteUrl}/success?order_id=${order.id}`],
      ],
    ),
  );
  print('');
  if (!execution) {
    print(`Execution: none started (${executionArnOf(order)}).`);
    return;
  }
  const ended = execution.stopDate ?? new Date();
  const took = execution.startDate ? formatDuration(ended.getTime() - execution.startDate.getTime()) : '?';
  print(
    `Execution: ${execution.status} after ${took}, started ${execution.startDate?.toISOString() ?? '?'}` +
      ` (redrive: ${execution.redriveStatus ?? '-'}, ${execution.redriveCount ?? 0} so far)`,
  );
  if (execution.error || execution.cause) print(`  ${shortFailure(execution.error, execution.cause)}`);
  print(historyTable(history));
}

/** `$0.6483: footage $0.20 (veo …, 4 s), Stripe $0.445, AWS $0.0034 · margin $4.3517`. */
function formatCost(cost: NonNullable<OrderRecord['cost']>): string {
  const usd = (value: number) => `$${value.toFixed(4)}`;
  const footage = cost.footage_model
    ? `footage ${usd(cost.footage_usd)} (${cost.footage_model}, ${cost.footage_seconds} s)`
    : 'no footage';
  return `${usd(cost.total_usd)}: ${footage}, Stripe ${usd(cost.stripe_fee_usd)}, AWS ${usd(cost.aws_usd)} · margin ${usd(cost.margin_usd)}`;
}

function historyTable(history: StateSummary[]): string {
  if (!history.length) return '  (no states entered)';
  return table(
    ['  STATE', 'ENTERED', 'TIME', 'LAST FAILURE'],
    history.map((state) => [
      `  ${state.state}`,
      `${state.entered}×`,
      formatDuration(state.milliseconds),
      state.failure ?? '',
    ]),
  );
}

/** A row as JSON shows it: the email set as a list. */
function plain(order: Partial<OrderRecord> & { emails_sent?: Set<string> }): Record<string, unknown> {
  return { ...order, ...(order.emails_sent ? { emails_sent: [...order.emails_sent] } : {}) };
}
