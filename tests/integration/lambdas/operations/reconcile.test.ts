// The reconciler against a real twin (docs/design.md "Failure and repair"): each broken state is what a lost webhook, a
// crash or a lost execution leaves behind — built from real orders paid on the local Stripe page,
// then written into the row as the crash would have left it — and one pass repairs it for real.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documents } from '#common/dynamodb-clients.ts';
import { startReconcilerTimer } from '#local/eventbridge/reconciler-timer.ts';
import { type ReconcileReport, reconcile } from '#operations/reconcile.ts';
import type { OrderRecord } from '#orders/order-record.ts';
import { executionArnFor } from '#orders/start-generation.ts';
import { config } from '#shared/config.ts';
import { ordersOfEmail, storedOrder } from '../../support/orders-table.ts';
import { stripeSession } from '../../support/stripe-events.ts';
import { callApi, eventually, orderRequest, sessionIdOf, twinForSuite, uniqueEmail } from '../../support/twin.ts';

const twin = twinForSuite({ waitScale: 0.1 });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** Writes fields exactly as given (updated_at included), as a crash would have left the row. */
async function leaveRowAs(id: string, fields: Partial<OrderRecord>, remove: (keyof OrderRecord)[] = []) {
  const entries = Object.entries(fields);
  await documents().send(
    new UpdateCommand({
      TableName: twin.current.env.ORDERS_TABLE,
      Key: { id },
      UpdateExpression: [
        `SET ${entries.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
        remove.length ? `REMOVE ${remove.map((_, i) => `#r${i}`).join(', ')}` : '',
      ].join(' '),
      ExpressionAttributeNames: {
        ...Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
        ...Object.fromEntries(remove.map((name, i) => [`#r${i}`, name])),
      },
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:f${i}`, value])),
    }),
  );
}

async function createUnpaidOrder(email: string): Promise<{ id: string; payUrl: string }> {
  const created = await callApi<{ url: string }>(twin.current, 'POST', '/api/orders', orderRequest({ email }));
  expect(created.status).toBe(200);
  const sessionId = sessionIdOf(created.body.url);
  const order = (await ordersOfEmail(twin.current, email)).find((row) => row.checkout_session_id === sessionId);
  if (!order) throw new Error('the new order is not in the table');
  return { id: order.id, payUrl: created.body.url };
}

/**
 * A real payment whose generation never started: the order's execution ARN is recorded before
 * the buyer pays, so fulfilment finds "already started" and starts nothing — the state a crash
 * between payment and StartExecution (or a lost execution) leaves.
 */
async function paidOrderWithoutExecution(): Promise<string> {
  const email = uniqueEmail('repair');
  const { id, payUrl } = await createUnpaidOrder(email);
  await leaveRowAs(id, { execution_arn: executionArnFor(id), updated_at: new Date().toISOString() });
  const paid = await fetch(payUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: '4242 4242 4242 4242' }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  await eventually(async () => (await storedOrder(twin.current, id))?.payment_status === 'paid');
  expect(twin.current.steps.getExecution(id)).toBeUndefined();
  return id;
}

function expectClean(report: ReconcileReport) {
  expect(report.errors).toBe(0);
}

async function mailTo(email: string) {
  return (await twin.current.outbox.listMessages()).filter((message) => message.to.includes(email));
}

describe('reconciler on the twin', () => {
  it('starts the generation of a paid order that has no execution', async () => {
    const id = await paidOrderWithoutExecution();
    await leaveRowAs(id, { updated_at: minutesAgo(3) }, ['execution_arn']);

    const report = await reconcile();

    expectClean(report);
    expect(report.startGeneration).toBeGreaterThanOrEqual(1);
    expect((await storedOrder(twin.current, id))?.execution_arn).toBe(executionArnFor(id));
    expect(twin.current.steps.getExecution(id)?.input).toEqual({ orderId: id });
    // The execution took the order over: MarkProcessing ran (how the ad ends is generation's test).
    await eventually(async () => (await storedOrder(twin.current, id))?.order_status !== 'pending');
  });

  it('leaves a paid order alone while the webhook may still start it (under two minutes)', async () => {
    const id = await paidOrderWithoutExecution();
    await leaveRowAs(id, { updated_at: minutesAgo(1) }, ['execution_arn']);

    expectClean(await reconcile());

    expect(twin.current.steps.getExecution(id)).toBeUndefined();
    expect(await storedOrder(twin.current, id)).toMatchObject({ order_status: 'pending', payment_status: 'paid' });
  });

  it('fails and refunds an order stuck in processing past its deadline with no live execution', async () => {
    const id = await paidOrderWithoutExecution();
    const stuck = await storedOrder(twin.current, id);
    await leaveRowAs(id, { order_status: 'processing', stage: 'rendering', progress: 60, updated_at: minutesAgo(40) });

    const report = await reconcile();

    expectClean(report);
    expect(report.failStuck).toBeGreaterThanOrEqual(1);
    const repaired = await storedOrder(twin.current, id);
    expect(repaired).toMatchObject({
      order_status: 'failed',
      stage: 'failed',
      payment_status: 'refunded',
      failure_reason: 'processing past deadline',
    });
    expect(repaired?.refund_id).toMatch(/^re_/);
    const buyerMail = await eventually(async () => {
      const mail = await mailTo(stuck?.email ?? '');
      return mail.length === 1 && mail;
    });
    expect(buyerMail[0]?.subject).toBeTruthy();
    const opsMail = (await twin.current.outbox.listMessages()).filter((message) =>
      message.subject.includes(id.slice(0, 8)),
    );
    expect(opsMail).toHaveLength(1);
  });

  it('finishes the refund of a failed order that is still paid', async () => {
    const id = await paidOrderWithoutExecution();
    await leaveRowAs(id, {
      order_status: 'failed',
      stage: 'failed',
      failure_reason: 'RenderFailed: test render',
      updated_at: minutesAgo(5),
    });

    const report = await reconcile();

    expectClean(report);
    expect(report.repairRefund).toBeGreaterThanOrEqual(1);
    const repaired = await storedOrder(twin.current, id);
    expect(repaired).toMatchObject({ order_status: 'failed', payment_status: 'refunded' });
    expect(repaired?.refund_id).toMatch(/^re_/);
    const second = await reconcile();
    expectClean(second);
    expect((await storedOrder(twin.current, id))?.refund_id).toBe(repaired?.refund_id);
  });

  it('expires a checkout past its time at Stripe and closes its order for good', async () => {
    // A checkout holds no slot (docs/decisions/slots-at-payment.md): closing it is about Stripe and the order, not the limit.
    const email = uniqueEmail('slots');
    const first = await createUnpaidOrder(email);
    await leaveRowAs(first.id, { checkout_expires_at: minutesAgo(1), updated_at: minutesAgo(32) });

    const report = await reconcile();

    expectClean(report);
    expect(report.closeCheckout).toBeGreaterThanOrEqual(1);
    expect((await storedOrder(twin.current, first.id))?.payment_status).toBe('expired');
    expect((await stripeSession(twin.current, sessionIdOf(first.payUrl))).status).toBe('expired');
  });

  it('leaves an open checkout alone however old its last write', async () => {
    const email = uniqueEmail('open');
    const order = await createUnpaidOrder(email);
    await leaveRowAs(order.id, { updated_at: minutesAgo(20) });

    expectClean(await reconcile());

    expect((await storedOrder(twin.current, order.id))?.payment_status).toBe('unpaid');
    expect((await stripeSession(twin.current, sessionIdOf(order.payUrl))).status).toBe('open');
  });
});

describe('retention', () => {
  const daysAgo = (days: number) => minutesAgo(days * 24 * 60);

  it('forgets an owed email the order no longer calls for, and sends nothing', async () => {
    // Prepare: an unpaid order marked as owing its ready email (there is no ad to tell of).
    const email = uniqueEmail('owed');
    const { id } = await createUnpaidOrder(email);
    await leaveRowAs(id, { email_owed: 'ready' });

    // Act
    const report = await reconcile();

    // Assess
    expectClean(report);
    expect(await storedOrder(twin.current, id)).not.toHaveProperty('email_owed');
    expect((await mailTo(email)).map((message) => message.subject)).toEqual([]);
  });

  it('removes the personal data of orders at rest past the retention period, and only theirs', async () => {
    const oldEmail = uniqueEmail('retained');
    const youngEmail = uniqueEmail('young');
    const old = await createUnpaidOrder(oldEmail);
    const young = await createUnpaidOrder(youngEmail);
    const retention = config.site.orderPersonalDataDays;
    await leaveRowAs(old.id, { payment_status: 'expired', updated_at: daysAgo(retention + 1) });
    await leaveRowAs(young.id, { payment_status: 'expired', updated_at: daysAgo(retention - 1) });

    const report = await reconcile();

    expectClean(report);
    expect(report.anonymised).toBeGreaterThanOrEqual(1);
    const anonymised = await storedOrder(twin.current, old.id);
    expect(anonymised).toMatchObject({ email: '', website: '', payment_status: 'expired', style: 'cinematic' });
    expect(anonymised?.anonymised_at).toBeDefined();
    for (const field of [
      'email_hash',
      'mailbox_hash',
      'checkout_attempt',
      'image_key',
      'image_file_name',
      'coupon_code',
    ]) {
      expect(anonymised).not.toHaveProperty(field);
    }
    expect(await ordersOfEmail(twin.current, oldEmail)).toEqual([]);
    expect((await storedOrder(twin.current, young.id))?.email).toBe(youngEmail);
    // The order page still answers for the anonymised order, without anything personal.
    const page = await callApi<{ email: string; website: string }>(twin.current, 'GET', `/api/orders/${old.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ email: '', website: '' });
  });
});

describe("the twin's reconciler timer", () => {
  it('runs the real pass on demand and never two passes at once', async () => {
    let running = 0;
    let most = 0;
    const timer = startReconcilerTimer({
      intervalMs: 20,
      run: async () => {
        running += 1;
        most = Math.max(most, running);
        try {
          return await reconcile();
        } finally {
          running -= 1;
        }
      },
      log: () => undefined,
    });

    const reports = (await Promise.all([timer.runNow(), timer.runNow(), timer.runNow()])) as ReconcileReport[];
    await new Promise((resolve) => setTimeout(resolve, 200));
    await timer.stop();

    expect(most).toBe(1);
    for (const report of reports) expect(report.errors).toBe(0);
  });
});
