// The fault suite's one verdict on an order: "nothing lost, nothing charged twice, nothing stuck".
// It waits until the order has settled, then checks what the order row (DynamoDB), the executions
// (the twin's state machine), the local Stripe ledger (charges and refunds), the outbox and the
// mailbox slots say together, against the invariants every order must keep and the end state its
// fault row expects.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type Stripe from 'stripe';
import { expect } from 'vitest';
import type { Twin } from '#local/twin.ts';
import type { OrderRecord } from '#orders/order-record.ts';
import type { OrderStatus, PaymentStatus } from '#shared/contract.ts';
import { activeSlotHolders } from '#tests/integration/support/mailbox-slots.ts';
import { storedOrder } from '#tests/integration/support/orders-table.ts';
import { eventually } from '#tests/integration/support/twin.ts';

/** What a fault row expects of one order once everything has settled. */
export interface ExpectedEnd {
  order_status: Extract<OrderStatus, 'completed' | 'failed'>;
  payment_status: Extract<PaymentStatus, 'paid' | 'refunded' | 'free'>;
  /** Executions of the order: the one named after it, plus redrives named `<id>-r<n>`. */
  executions: number;
  /** Emails to the buyer (received + ready, or received + failure notice). */
  buyerEmails: number;
}

export interface EndState {
  order: OrderRecord | undefined;
  executions: { name: string; status: string }[];
  charges: { id: string; payment_intent: string | null; amount: number }[];
  refunds: { id: string; payment_intent: string | null; amount: number }[];
  buyerEmails: string[];
  slotHeld: boolean;
}

interface StripeLedger {
  charges: Record<string, { id: string; payment_intent: string | Stripe.PaymentIntent | null; amount: number }>;
  refunds: Record<string, Stripe.Refund>;
}

const intentOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The local Stripe's charges and refunds, from the state file it writes after every change. */
async function stripeLedger(twin: Pick<Twin, 'stateDir'>): Promise<StripeLedger> {
  try {
    return JSON.parse(await readFile(join(twin.stateDir, 'stripe.json'), 'utf8')) as StripeLedger;
  } catch {
    // Between a write's temp file and its rename, or before the first write.
    return { charges: {}, refunds: {} };
  }
}

/** Everything the verdict reads about one order, now. */
export async function endStateOf(twin: Twin, orderId: string, email: string): Promise<EndState> {
  const order = await storedOrder(twin, orderId);
  const ledger = await stripeLedger(twin);
  const intent = order?.payment_intent ?? null;
  const ofOrder = (payment: string | null) => intent !== null && payment === intent;
  const redrive = new RegExp(`^${orderId}-r\\d+$`);
  return {
    order,
    executions: twin.steps
      .listExecutions()
      .filter((execution) => execution.name === orderId || redrive.test(execution.name))
      .map(({ name, status }) => ({ name, status })),
    charges: Object.values(ledger.charges)
      .map((charge) => ({ id: charge.id, payment_intent: intentOf(charge.payment_intent), amount: charge.amount }))
      .filter((charge) => ofOrder(charge.payment_intent)),
    refunds: Object.values(ledger.refunds)
      .map((refund) => ({ id: refund.id, payment_intent: intentOf(refund.payment_intent), amount: refund.amount }))
      .filter((refund) => ofOrder(refund.payment_intent)),
    buyerEmails: (await twin.outbox.listMessages())
      .filter((message) => message.to.includes(email))
      .map((message) => message.subject),
    slotHeld: (await activeSlotHolders(twin, email)).includes(orderId),
  };
}

function looksSettled(state: EndState, expected: ExpectedEnd): boolean {
  return (
    state.order?.order_status === expected.order_status &&
    state.order.payment_status === expected.payment_status &&
    state.executions.length === expected.executions &&
    state.executions.every((execution) => execution.status !== 'RUNNING') &&
    state.buyerEmails.length >= expected.buyerEmails &&
    state.refunds.length === (expected.payment_status === 'refunded' ? 1 : 0) &&
    !state.slotHeld
  );
}

/**
 * Whether nothing will change the order any more: its executions (at least as many as expected)
 * have all ended, and the execution-status rule has finished the failure path of each. The fault
 * suite's twins run the reconciler only when a row asks, so the order stays as it is now; a refund
 * that did not happen by then never will.
 */
async function nothingLeftToRun(twin: Twin, state: EndState, expected: ExpectedEnd): Promise<boolean> {
  if (state.executions.length < expected.executions) return false;
  if (state.executions.some((execution) => execution.status === 'RUNNING')) return false;
  await twin.steps.announced();
  return true;
}

/**
 * Waits for the order to reach `expected`, or to be past changing (nothingLeftToRun), or for the
 * time to run out; then asserts the common invariants and the row's end state on a fresh read, so a
 * failure shows the whole picture — at once when, say, a failed order ended without its refund.
 */
export async function expectOrderEnd(
  twin: Twin,
  order: { id: string; email: string },
  expected: ExpectedEnd,
  timeoutMs = 90_000,
): Promise<EndState> {
  await eventually(async () => {
    const state = await endStateOf(twin, order.id, order.email);
    return looksSettled(state, expected) || (await nothingLeftToRun(twin, state, expected));
  }, timeoutMs).catch(() => undefined);
  // A moment more: a second refund, execution or email would show up now.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const state = await endStateOf(twin, order.id, order.email);
  expectInvariants(state, order.id);
  expect({
    order_status: state.order?.order_status,
    payment_status: state.order?.payment_status,
    executions: state.executions.length,
    buyerEmails: state.buyerEmails.length,
  }).toEqual(expected);
  return state;
}

/** Nothing lost, nothing charged twice, nothing stuck — whatever the fault was. */
export function expectInvariants(state: EndState, orderId: string): void {
  const { order } = state;
  expect(order, `order ${orderId} is lost`).toBeDefined();
  if (!order) return;
  // Nothing stuck: the order is finished, its executions too, and its mailbox slot is free.
  expect(['completed', 'failed'], `order ${orderId} is stuck`).toContain(order.order_status);
  for (const execution of state.executions) expect(execution.status, execution.name).not.toBe('RUNNING');
  expect(state.executions.filter((execution) => execution.name === orderId)).toHaveLength(1);
  expect(state.slotHeld, `order ${orderId} still holds a mailbox slot`).toBe(false);
  if (order.payment_status === 'free') {
    expect(state.charges).toEqual([]);
    return;
  }
  // Nothing charged twice: one charge of $5, at most one refund, and a refund only for a failure.
  expect(order.payment_intent).toMatch(/^pi_/);
  expect(state.charges.map((charge) => charge.amount)).toEqual([500]);
  expect(state.refunds.length).toBeLessThanOrEqual(1);
  if (order.order_status === 'completed') {
    expect(order.payment_status).toBe('paid');
    expect(state.refunds).toEqual([]);
    expect(order.refund_id).toBeUndefined();
  } else {
    // A paid order that failed is refunded, once, and the row names that refund.
    expect(order.payment_status).toBe('refunded');
    expect(state.refunds.map((refund) => refund.amount)).toEqual([500]);
    expect(order.refund_id).toBe(state.refunds[0]?.id);
  }
}

/** How long each fault took, printed so docs/runbook.md's table can be kept honest. */
export function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  return run().finally(() => {
    console.info(`[fault] ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}
