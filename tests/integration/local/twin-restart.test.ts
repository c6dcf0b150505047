// The twin's process is killed while an ad is being made: on the next start the execution it left
// RUNNING is ABORTED (no process carries it on), and the execution-status rule's handler runs the
// failure path, as the EventBridge rule does in AWS: the order fails, the buyer is refunded and
// told once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwin, type Twin } from '#local/twin.ts';
import type { OrderView } from '#shared/contract.ts';
import { storedOrder } from '../support/orders-table.ts';
import { createPaidOrder } from '../support/pay.ts';
import { callApi, eventually, uniqueEmail } from '../support/twin.ts';
import { restartableTwinOptions, startTwinProcess, type TwinProcess } from '../support/twin-process.ts';

let stateDir = '';
let twin: Twin | undefined;
let crashed: TwinProcess | undefined;
const options = () => restartableTwinOptions(stateDir);

beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'reelfive-restart-'));
});
afterAll(async () => {
  await crashed?.crash().catch(() => undefined);
  await twin?.stop();
  await rm(stateDir, { recursive: true, force: true });
});

describe('a twin restart in the middle of a generation', () => {
  it('fails and refunds the order whose execution was lost, once', async () => {
    const first = await startTwinProcess(options());
    crashed = first;
    const email = uniqueEmail('restart');
    const orderId = await createPaidOrder(first, { email });
    // Caught between steps: the render has started, the machine is waiting to poll it (5 s).
    await eventually(async () => (await storedOrder(first, orderId))?.stage === 'rendering', 30_000);
    await first.crash();
    crashed = undefined;

    twin = await startTwin(options());
    const order = await eventually(async () => {
      const { body } = await callApi<OrderView>(twin as Twin, 'GET', `/api/orders/${orderId}`);
      return body.payment_status === 'refunded' && body;
    }, 30_000);
    expect(order).toMatchObject({ order_status: 'failed', stage: 'failed', amount_cents: 500 });
    const execution = await twin.steps.waitForExecution(orderId);
    expect(execution).toMatchObject({ status: 'ABORTED', error: 'TwinRestarted' });
    const stored = await storedOrder(twin, orderId);
    expect(stored?.refund_id).toMatch(/^re_/);

    const refundMail = await eventually(async () => {
      const messages = (await twin?.outbox.listMessages())?.filter((message) => message.to.includes(email)) ?? [];
      const refunds = messages.filter((message) => message.subject.includes('could not make'));
      return refunds.length > 0 && refunds;
    });
    expect(refundMail).toHaveLength(1);
    // A pass of the reconciler afterwards finds nothing left to repair for this order.
    await twin.reconciler.runNow();
    expect((await storedOrder(twin, orderId))?.refund_id).toBe(stored?.refund_id);
  });
});
