// The twin killed mid-execution (SIGKILL to its whole process group, render in progress) and a new
// twin started on its state: the lost execution ends ABORTED, the execution-status rule runs the
// failure path, and the order ends failed and refunded once (tests/integration/local/twin-restart.test.ts
// has the mechanics; here the common verdict is asserted on the order).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwin, type Twin } from '#local/twin.ts';
import { type ExpectedEnd, expectOrderEnd, timed } from '#tests/faults/support/end-state.ts';
import { storedOrder } from '#tests/integration/support/orders-table.ts';
import { createPaidOrder } from '#tests/integration/support/pay.ts';
import { eventually, uniqueEmail } from '#tests/integration/support/twin.ts';
import { restartableTwinOptions, startTwinProcess, type TwinProcess } from '#tests/integration/support/twin-process.ts';

let stateDir = '';
let twin: Twin | undefined;
let crashed: TwinProcess | undefined;
const options = () => restartableTwinOptions(stateDir);
const refunded: ExpectedEnd = { order_status: 'failed', payment_status: 'refunded', executions: 1, buyerEmails: 2 };

beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'faults-restart-'));
});
afterAll(async () => {
  await crashed?.crash().catch(() => undefined);
  await twin?.stop();
  await rm(stateDir, { recursive: true, force: true });
});

describe('the twin killed mid-execution and restarted', () => {
  it('fails the lost execution’s order and refunds it once; a reconciler pass changes nothing', async () => {
    await timed('twin killed and restarted', async () => {
      const first = await startTwinProcess(options());
      crashed = first;
      const email = uniqueEmail('killed');
      const id = await createPaidOrder(first, { email, durationSeconds: '4' });
      await eventually(async () => (await storedOrder(first, id))?.stage === 'rendering', 30_000);
      await first.crash();
      crashed = undefined;

      twin = await startTwin(options());
      const end = await expectOrderEnd(twin, { id, email }, refunded);
      expect(twin.steps.getExecution(id)).toMatchObject({ status: 'ABORTED', error: 'TwinRestarted' });
      expect(end.order?.stage).toBe('failed');
      await twin.reconciler.runNow();
      await expectOrderEnd(twin, { id, email }, refunded);
    });
  });
});
