// The twin killed between the payment and the start of the generation: the payment is recorded,
// the execution never started. A new twin on the same state repairs it with the reconciler (the
// paid order with no execution), and the order is made once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwin, type Twin } from '#local/twin.ts';
import { executionArnFor } from '#orders/start-generation.ts';
import { type ExpectedEnd, expectOrderEnd, timed } from '#tests/faults/support/end-state.ts';
import { documentsOf, ordersOfEmail, storedOrder } from '#tests/integration/support/orders-table.ts';
import { createOrder, payForOrder } from '#tests/integration/support/pay.ts';
import { eventually, uniqueEmail } from '#tests/integration/support/twin.ts';
import { restartableTwinOptions, startTwinProcess, type TwinProcess } from '#tests/integration/support/twin-process.ts';

let stateDir = '';
let twin: Twin | undefined;
let crashed: TwinProcess | undefined;
const options = () => ({ ...restartableTwinOptions(stateDir), waitScale: 0.1 });
const made: ExpectedEnd = { order_status: 'completed', payment_status: 'paid', executions: 1, buyerEmails: 2 };

beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'faults-killed-before-start-'));
});
afterAll(async () => {
  await crashed?.crash().catch(() => undefined);
  await twin?.stop();
  await rm(stateDir, { recursive: true, force: true });
});

async function setExecutionArn(tables: Parameters<typeof documentsOf>[0], id: string, remove: boolean) {
  const documents = documentsOf(tables);
  await documents.send(
    new UpdateCommand({
      TableName: tables.env.ORDERS_TABLE,
      Key: { id },
      ...(remove
        ? {
            // The webhook's grace (2 min) for a paid order without an execution has passed.
            UpdateExpression: 'SET updated_at = :then REMOVE execution_arn',
            ExpressionAttributeValues: { ':then': new Date(Date.now() - 3 * 60_000).toISOString() },
          }
        : { UpdateExpression: 'SET execution_arn = :arn', ExpressionAttributeValues: { ':arn': executionArnFor(id) } }),
    }),
  );
  documents.destroy();
}

describe('the twin killed between payment and the start of the generation', () => {
  it('is repaired by the reconciler of the next twin: one execution, one ad, one charge', async () => {
    await timed('twin killed between paid and start, restarted', async () => {
      const first = await startTwinProcess(options());
      crashed = first;
      // The state machine's ARN, which executionArnFor reads as a handler does (this process has no twin yet).
      process.env.STATE_MACHINE_ARN = first.env.STATE_MACHINE_ARN;
      const email = uniqueEmail('killed-before-start');
      const checkoutUrl = await createOrder(first, { email, style: 'cinematic', durationSeconds: '4' });
      const [row] = await ordersOfEmail(first, email);
      const id = row?.id ?? '';
      // Fulfilment then finds the execution "already started" and starts nothing, as if the
      // process had died right after recording the payment.
      await setExecutionArn(first, id, false);
      expect(await payForOrder(first, checkoutUrl)).toBe(id);
      await eventually(async () => (await storedOrder(first, id))?.payment_status === 'paid');
      await first.crash();
      crashed = undefined;

      twin = await startTwin(options());
      expect(twin.steps.getExecution(id)).toBeUndefined();
      await setExecutionArn(twin, id, true);
      await twin.reconciler.runNow();
      await expectOrderEnd(twin, { id, email }, made);
      await twin.reconciler.runNow();
      await expectOrderEnd(twin, { id, email }, made);
    });
  });
});
