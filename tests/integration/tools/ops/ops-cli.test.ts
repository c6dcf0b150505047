// `npm run ops` as ops run it: a child process against a running twin, configured only by the
// twin's env.json (its own environment is bare), with real orders paid on the local Stripe page.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StopExecutionCommand } from '@aws-sdk/client-sfn';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '#common/dynamodb-clients.ts';
import { stepFunctions } from '#common/sfn-client.ts';
import { executionArnFor } from '#orders/start-generation.ts';
import type { TwinEnvFile } from '#tools/ops/target.ts';
import { ordersOfEmail, storedOrder } from '../../support/orders-table.ts';
import { createPaidOrder } from '../../support/pay.ts';
import { stripeSession } from '../../support/stripe-events.ts';
import {
  adMadeWithinMs,
  adTestTimeoutMs,
  callApi,
  eventually,
  orderRequest,
  sessionIdOf,
  twinForSuite,
  uniqueEmail,
} from '../../support/twin.ts';

const projectRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const twin = twinForSuite({ waitScale: 0.1 });
let workDir = '';
let envFile = '';

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ops-cli-'));
  envFile = join(workDir, 'env.json');
  const file: TwinEnvFile = {
    url: twin.current.url,
    pid: process.pid,
    startedAt: new Date().toISOString(),
    env: twin.current.env,
  };
  await writeFile(envFile, JSON.stringify(file));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function ops(...args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'tools/ops.ts', ...args, '--env-file', envFile],
      // Nothing of the test's (twin-filled) environment: all the CLI knows comes from env.json.
      { cwd: projectRoot, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The CLI's own message, the last line it prints on stderr. */
const message = (run: CliRun) => run.stderr.trim().split('\n').at(-1);
const noStack = (run: CliRun) => expect(`${run.stdout}${run.stderr}`).not.toMatch(/\n\s+at /);

async function mailTo(email: string) {
  return (await twin.current.outbox.listMessages()).filter((message) => message.to.includes(email));
}

/** A paid order whose generation has not started yet (its ARN recorded before payment). */
async function paidPendingOrder(email: string): Promise<string> {
  const created = await callApi<{ url: string }>(twin.current, 'POST', '/api/orders', orderRequest({ email }));
  const sessionId = sessionIdOf(created.body.url);
  const order = (await ordersOfEmail(twin.current, email)).find((row) => row.checkout_session_id === sessionId);
  if (!order) throw new Error('order not stored');
  await documents().send(
    new UpdateCommand({
      TableName: twin.current.env.ORDERS_TABLE,
      Key: { id: order.id },
      UpdateExpression: 'SET execution_arn = :arn',
      ExpressionAttributeValues: { ':arn': executionArnFor(order.id) },
    }),
  );
  await fetch(created.body.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: '4242 4242 4242 4242' }),
    redirect: 'manual',
  });
  await eventually(async () => (await storedOrder(twin.current, order.id))?.payment_status === 'paid');
  return order.id;
}

/** An order whose generation ran to an end (how it ends depends on the renderer, not on ops). */
async function settledOrder(email: string): Promise<string> {
  const id = await createPaidOrder(twin.current, { email });
  await twin.current.steps.waitForExecution(id, adMadeWithinMs);
  await eventually(async () => {
    const order = await storedOrder(twin.current, id);
    return (order?.order_status === 'completed' || order?.payment_status === 'refunded') && order;
  }, 30_000);
  return id;
}

describe('ops find and show', () => {
  const email = uniqueEmail('ops');
  let id = '';
  beforeAll(async () => {
    id = await settledOrder(email);
  }, adTestTimeoutMs);

  it('find lists the buyer orders by email, newest first, without the email', async () => {
    const run = await ops('find', '--email', email);

    expect(run.code).toBe(0);
    // Nothing but the answer: no AWS SDK notice about Node 22 under Node 20 (the CLI silences it).
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^ID\s+CREATED\s+STATUS\s+PAYMENT/);
    expect(run.stdout).toContain(id);
    expect(run.stdout).not.toContain(email);
  });

  it('find says so when an email has no orders', async () => {
    const run = await ops('find', '--email', uniqueEmail('nobody'));

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^No orders for n\*\*\*@example\.com\./);
  });

  it('show prints the order with the email masked, its execution and each state it went through', async () => {
    const run = await ops('show', id);

    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`ORDER           ${id}`);
    expect(run.stdout).toContain('o***@example.com');
    expect(run.stdout).not.toContain(email);
    expect(run.stdout).toMatch(/Execution: (SUCCEEDED|FAILED) after/);
    expect(run.stdout).toMatch(/\n\s+MarkProcessing\s+1×/);
  });

  it('show --full --json gives the whole row and the execution as JSON', async () => {
    const run = await ops('show', id, '--full', '--json');

    expect(run.code).toBe(0);
    const shown = JSON.parse(run.stdout);
    expect(shown.order).toMatchObject({ id, email });
    expect(shown.execution.executionArn).toBe(executionArnFor(id));
    expect(shown.history.map((state: { state: string }) => state.state)).toContain('AnalyzeWebsite');
  });

  it('show refuses an unknown order with exit code 1 and one line, and a malformed id with 2', async () => {
    const unknown = await ops('show', '00000000-0000-4000-8000-000000000000');
    const malformed = await ops('show', 'not-an-id');

    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(message(unknown)).toBe('Order 00000000-0000-4000-8000-000000000000 not found.');
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('is not an order id');
    noStack(unknown);
    noStack(malformed);
  });

  it('rejects an unknown command or stage with the usage and exit code 2', async () => {
    const command = await ops('explode', id);
    const stage = await ops('show', id, '--stage', 'dev');

    expect(command.code).toBe(2);
    expect(command.stderr).toContain('Usage: npm run ops');
    expect(stage.code).toBe(2);
    noStack(command);
  });
});

describe('ops refund', { timeout: adTestTimeoutMs }, () => {
  it('fails and refunds a paid order that is not finished, and tells the buyer', async () => {
    const email = uniqueEmail('refund');
    const id = await paidPendingOrder(email);

    const run = await ops('refund', id);

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Refunded 5\.00 USD for order .+: re_\w+ \(order failed\)\./);
    const order = await storedOrder(twin.current, id);
    expect(order).toMatchObject({
      order_status: 'failed',
      payment_status: 'refunded',
      failure_reason: 'Refunded by ops',
    });
    expect(run.stdout).toContain(order?.refund_id);
    await eventually(async () => (await mailTo(email)).length === 1);
  });

  it('asks for --yes before refunding a delivered ad, then refunds it and keeps it delivered', async () => {
    const id = await createPaidOrder(twin.current, { email: uniqueEmail('delivered') });
    await twin.current.steps.waitForExecution(id, adMadeWithinMs);
    // Whatever the renderer did, the ad stands delivered here: the case ops must confirm.
    await documents().send(
      new UpdateCommand({
        TableName: twin.current.env.ORDERS_TABLE,
        Key: { id },
        UpdateExpression: 'SET order_status = :completed, payment_status = :paid REMOVE refund_id',
        ExpressionAttributeValues: { ':completed': 'completed', ':paid': 'paid' },
      }),
    );

    const refused = await ops('refund', id);
    const confirmed = await ops('refund', id, '--yes');

    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Pass --yes');
    noStack(refused);
    expect(confirmed.code).toBe(0);
    expect(await storedOrder(twin.current, id)).toMatchObject({
      order_status: 'completed',
      payment_status: 'refunded',
      refund_id: expect.stringMatching(/^re_/),
    });
  });

  it('says an already refunded order is refunded, and refuses an unpaid one', async () => {
    const refundedId = await paidPendingOrder(uniqueEmail('twice'));
    await ops('refund', refundedId);
    const unpaid = await callApi<{ url: string }>(twin.current, 'POST', '/api/orders', orderRequest());
    const unpaidId = (await stripeSession(twin.current, sessionIdOf(unpaid.body.url))).client_reference_id ?? '';

    const again = await ops('refund', refundedId);
    const refused = await ops('refund', unpaidId);

    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/was already refunded \(re_\w+\)/);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not paid (payment unpaid)');
  });
});

describe('ops resend', () => {
  it('sends the email of the order status again, although it was sent before', async () => {
    const email = uniqueEmail('resend');
    const id = await paidPendingOrder(email);
    await ops('refund', id);
    const before = await eventually(async () => {
      const mail = await mailTo(email);
      return mail.length === 1 && mail;
    });

    const run = await ops('resend', id);

    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(`Sent the failed email for order ${id} to r***@example.com.`);
    const after = await mailTo(email);
    expect(after).toHaveLength(2);
    expect(after[1]?.subject).toBe(before[0]?.subject);
  });

  it('refuses an email that would not be true for the order', async () => {
    const id = await paidPendingOrder(uniqueEmail('notready'));

    const run = await ops('resend', id, '--kind', 'ready');

    expect(run.code).toBe(1);
    expect(run.stderr).toContain('there is no ad to send yet');
  });
});

describe('ops redrive', () => {
  it('refuses a refunded order: a refund is final', async () => {
    const id = await paidPendingOrder(uniqueEmail('redrive-refunded'));
    await ops('refund', id);

    const run = await ops('redrive', id);

    expect(run.code).toBe(1);
    expect(run.stderr).toContain('was refunded; a refunded order is final');
  });

  it("reports that the twin's Step Functions cannot redrive an aborted free order's execution", async () => {
    const id = await createPaidOrder(twin.current, { email: uniqueEmail('redrive'), couponCode: 'FREEAD' }, '');
    await eventually(async () => twin.current.steps.getExecution(id));
    await stepFunctions().send(new StopExecutionCommand({ executionArn: executionArnFor(id), cause: 'test' }));
    await eventually(async () => (await storedOrder(twin.current, id))?.order_status === 'failed');

    const run = await ops('redrive', id);

    expect(run.code).toBe(1);
    expect(message(run)).toBe(
      "The twin's Step Functions cannot redrive executions (local/step-functions/api.ts has no RedriveExecution).",
    );
    expect((await storedOrder(twin.current, id))?.order_status).toBe('failed');
  });
});
