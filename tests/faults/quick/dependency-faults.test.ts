// Faults in the services an order depends on: S3 failing while the Deliver step checks the video,
// SES failing to send, Stripe failing (or losing the answer to) the refund. Each is a proxy in front
// of the twin's emulator (support/failing-proxy.ts, tests/integration/support/flaky-ses.ts); each
// row ends with the common verdict on the order (support/end-state.ts).

import type { IncomingMessage } from 'node:http';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { decodeMessage } from '#local/ses/outbox.ts';
import { twinRenderFunctionName } from '#local/twin.ts';
import { type EndState, type ExpectedEnd, expectOrderEnd, timed } from '#tests/faults/support/end-state.ts';
import {
  failingProxyForSuite,
  failingS3,
  failingStripe,
  type RecordedRequest,
} from '#tests/faults/support/failing-proxy.ts';
import { type FaultOrder, paidOrder } from '#tests/faults/support/orders.ts';
import { flakySesForSuite } from '#tests/integration/support/flaky-ses.ts';
import { documentsOf, storedOrder } from '#tests/integration/support/orders-table.ts';
import { eventually, twinForSuite } from '#tests/integration/support/twin.ts';

const twin = twinForSuite({ waitScale: 0.1, reconcileIntervalMs: 3_600_000 });
const s3 = failingProxyForSuite(twin, failingS3);
const stripe = failingProxyForSuite(twin, failingStripe);
const ses = flakySesForSuite(twin);
const made: ExpectedEnd = { order_status: 'completed', payment_status: 'paid', executions: 1, buyerEmails: 2 };
const refunded: ExpectedEnd = { order_status: 'failed', payment_status: 'refunded', executions: 1, buyerEmails: 2 };
const renderFunctionName = () => twinRenderFunctionName;

/** The Deliver step's look at the rendered video and poster: HEADs on the videos bucket. */
const isDeliverCheck = (req: IncomingMessage) =>
  req.method === 'HEAD' && (req.url ?? '').startsWith(`/${twin.current.env.VIDEOS_BUCKET}/`);
const isRefund = (req: IncomingMessage) => req.method === 'POST' && req.url === '/v1/refunds';

/** The next `count` requests `matches` picks get `fault`. */
function nextRequests(count: number, matches: (req: IncomingMessage) => boolean, fault: 'fail' | 'lose') {
  let left = count;
  return (req: IncomingMessage) => {
    if (left <= 0 || !matches(req)) return false;
    left -= 1;
    return fault;
  };
}

/** A paid order whose render fails for good (the render function's invoke keeps failing). */
async function paidOrderWhoseRenderFails(label: string): Promise<FaultOrder> {
  twin.current.lambda.failNext(renderFunctionName(), 1_000);
  return paidOrder(twin.current, label);
}

/** Waits for the order's execution to end and for the execution-status rule's failure path after it. */
async function executionAndItsEndHandled(orderId: string): Promise<void> {
  await eventually(async () => {
    const execution = twin.current.steps.getExecution(orderId);
    return execution !== undefined && execution.status !== 'RUNNING';
  }, 60_000);
  await twin.current.steps.announced();
}

/** Moves the order's last change 3 minutes back: past the reconciler's grace (2 min) for repairs. */
async function ageOrder(orderId: string): Promise<void> {
  const documents = documentsOf(twin.current);
  await documents.send(
    new UpdateCommand({
      TableName: twin.current.env.ORDERS_TABLE,
      Key: { id: orderId },
      UpdateExpression: 'SET updated_at = :then',
      ExpressionAttributeValues: { ':then': new Date(Date.now() - 3 * 60_000).toISOString() },
    }),
  );
  documents.destroy();
}

/**
 * Every refund call for the order, whoever made it, asked Stripe for the same thing under the one
 * key `refund-<order id>` (lambdas/payments/refunds.ts), so Stripe made one refund and answered
 * every later call with it: the first request refunded, each one after was replayed.
 */
function expectOneRefundUnderOneKey(end: EndState, order: FaultOrder, requests: RecordedRequest[]): void {
  const paymentIntent = end.order?.payment_intent;
  expect(paymentIntent).toMatch(/^pi_/);
  expect(requests.length).toBeGreaterThan(0);
  for (const sent of requests) {
    expect({ method: sent.method, url: sent.url, idempotencyKey: sent.headers['idempotency-key'] }).toEqual({
      method: 'POST',
      url: '/v1/refunds',
      idempotencyKey: `refund-${order.id}`,
    });
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({
      payment_intent: paymentIntent,
      reason: 'requested_by_customer',
      'metadata[order_id]': order.id,
    });
    expect(sent.answer?.status).toBe(200);
  }
  const refundIds = requests.map((sent) => (JSON.parse(sent.answer?.body ?? '{}') as { id?: string }).id);
  expect(new Set(refundIds)).toEqual(new Set([end.order?.refund_id]));
  expect(requests.map((sent) => sent.answer?.headers['idempotent-replayed'] ?? 'no')).toEqual([
    'no',
    ...requests.slice(1).map(() => 'true'),
  ]);
  expect(end.refunds).toEqual([{ id: end.order?.refund_id, payment_intent: paymentIntent, amount: 500 }]);
}

/**
 * The payment line of each note ops got about the order's failure. NotifyOps, inside the
 * execution, sends one; a second ("refund repaired after") means the execution ended without the
 * refund and the execution-status rule made it.
 */
async function opsPaymentNotes(order: FaultOrder): Promise<string[]> {
  const notes = (await twin.current.outbox.listMessages()).filter((message) =>
    message.subject.endsWith(`order ${order.id.slice(0, 8)} failed`),
  );
  const texts = await Promise.all(
    notes.map(async (note) => decodeMessage(await twin.current.outbox.readMessage(note.id)).text ?? ''),
  );
  return texts.map((text) => /^Payment: .*$/m.exec(text)?.[0] ?? text);
}

/** The refund requests the Stripe proxy recorded for the order. */
const refundRequestsOf = (order: FaultOrder) =>
  stripe.recorded.filter((sent) => new URLSearchParams(sent.body).get('metadata[order_id]') === order.id);

describe('faults in the services an order depends on', () => {
  it('S3 fails the Deliver step’s first checks (503s): retried, one ad made', async () => {
    await timed('S3 failing during Deliver, transient', async () => {
      s3.failWhen = nextRequests(3, isDeliverCheck, 'fail');
      const order = await paidOrder(twin.current, 's3-blip');
      await expectOrderEnd(twin.current, order, made);
      expect(s3.failed).toHaveLength(3);
      s3.failWhen = null;
    });
  });

  it('S3 down for the whole Deliver step: the order fails and is refunded once', async () => {
    await timed('S3 failing during Deliver, down', async () => {
      s3.failed = [];
      s3.failWhen = (req) => isDeliverCheck(req) && 'fail';
      try {
        const order = await paidOrder(twin.current, 's3-down');
        await expectOrderEnd(twin.current, order, refunded);
        expect(s3.failed.length).toBeGreaterThan(0);
      } finally {
        s3.failWhen = null;
      }
    });
  });

  it('SES fails the first sends (503s): the mailer retries, every email arrives once', async () => {
    await timed('email failing, transient', async () => {
      ses.failures = 2;
      const order = await paidOrder(twin.current, 'ses-blip');
      await expectOrderEnd(twin.current, order, made);
      expect(ses.failures).toBe(0);
    });
  });

  it('SES down for the whole order: the ad is still made, and the reconciler sends its email once SES is back', async () => {
    await timed('email failing, down until the reconciler', async () => {
      ses.failures = 1_000;
      const order = await paidOrder(twin.current, 'ses-down');
      try {
        await expectOrderEnd(twin.current, order, { ...made, buyerEmails: 0 });
        expect(await storedOrder(twin.current, order.id)).toMatchObject({ email_owed: 'ready' });
        // Still down: the reconciler tries, and the email stays owed.
        const sesRequests = ses.requests;
        await twin.current.reconciler.runNow();
        expect(ses.requests).toBeGreaterThan(sesRequests);
        expect(await storedOrder(twin.current, order.id)).toMatchObject({ email_owed: 'ready' });
      } finally {
        ses.failures = 0;
      }
      // SES is back: the order's last email (the ad) goes out once; the lost confirmation is not owed.
      await twin.current.reconciler.runNow();
      const end = await expectOrderEnd(twin.current, order, { ...made, buyerEmails: 1 });
      expect(end.buyerEmails).toEqual([expect.stringMatching(/ready/i)]);
      expect(await storedOrder(twin.current, order.id)).not.toHaveProperty('email_owed');
      await twin.current.reconciler.runNow();
      expect((await expectOrderEnd(twin.current, order, { ...made, buyerEmails: 1 })).buyerEmails).toHaveLength(1);
    });
  });

  it('Stripe fails the refund call (500s): the Refund step retries, refunded once', async () => {
    await timed('refund call failing, transient', async () => {
      // The SDK's 3 attempts of the first call all fail; the step's Retry succeeds.
      stripe.failed = [];
      stripe.failWhen = nextRequests(3, isRefund, 'fail');
      const order = await paidOrderWhoseRenderFails('refund-blip');
      try {
        const end = await expectOrderEnd(twin.current, order, refunded);
        expect(stripe.failed).toHaveLength(3);
        // Refunded by the Refund state's own Retry, before NotifyOps: ops hear once, of a refund.
        expect(await opsPaymentNotes(order)).toEqual([`Payment: refunded (refund ${end.order?.refund_id})`]);
      } finally {
        twin.current.lambda.failNext(renderFunctionName(), 0);
        stripe.failWhen = null;
      }
    });
  });

  it('Stripe refunds but the answer is lost: the retry with the same key refunds nothing more', async () => {
    await timed('refund answer lost', async () => {
      stripe.failed = [];
      stripe.failWhen = nextRequests(1, isRefund, 'lose');
      const order = await paidOrderWhoseRenderFails('refund-lost');
      try {
        await expectOrderEnd(twin.current, order, refunded);
        expect(stripe.failed).toHaveLength(1);
      } finally {
        twin.current.lambda.failNext(renderFunctionName(), 0);
        stripe.failWhen = null;
      }
    });
  });

  it('Stripe refunds but every answer to the first call is lost: the step’s second call, same key, gets that refund', async () => {
    await timed('refund answers of a whole call lost', async () => {
      // The SDK's 3 attempts of the Refund step's first call are all lost (the first refunds); the
      // step's Retry is a second, separate call.
      stripe.failed = [];
      stripe.recorded = [];
      stripe.recordWhen = isRefund;
      stripe.failWhen = nextRequests(3, isRefund, 'lose');
      const order = await paidOrderWhoseRenderFails('refund-call-lost');
      try {
        const end = await expectOrderEnd(twin.current, order, refunded);
        expect(stripe.failed).toHaveLength(3);
        const requests = refundRequestsOf(order);
        expect(requests).toHaveLength(4);
        expectOneRefundUnderOneKey(end, order, requests);
        expect(await opsPaymentNotes(order)).toEqual([`Payment: refunded (refund ${end.order?.refund_id})`]);
      } finally {
        twin.current.lambda.failNext(renderFunctionName(), 0);
        stripe.failWhen = null;
        stripe.recordWhen = null;
      }
    });
  });

  it('Stripe refunds but no answer reaches the execution: the reconciler’s repair gets that same refund', async () => {
    await timed('refund answers lost until the reconciler', async () => {
      // Every refund call of the failure path (the Refund step's, its retries', the
      // execution-status rule's) reaches Stripe and never hears back: the order stays failed and
      // paid, as after a crash between Stripe's answer and the row's write.
      stripe.failed = [];
      stripe.recorded = [];
      stripe.recordWhen = isRefund;
      stripe.failWhen = (req) => isRefund(req) && 'lose';
      const order = await paidOrderWhoseRenderFails('refund-never-heard');
      try {
        await executionAndItsEndHandled(order.id);
        expect(await storedOrder(twin.current, order.id)).toMatchObject({
          order_status: 'failed',
          payment_status: 'paid',
        });
      } finally {
        twin.current.lambda.failNext(renderFunctionName(), 0);
        stripe.failWhen = null;
      }
      try {
        const lost = stripe.failed.length;
        await ageOrder(order.id);
        await twin.current.reconciler.runNow();
        const end = await expectOrderEnd(twin.current, order, refunded);
        const requests = refundRequestsOf(order);
        // More than one call's SDK attempts (3) before the reconciler's one request.
        expect(lost).toBeGreaterThan(3);
        expect(requests).toHaveLength(lost + 1);
        expectOneRefundUnderOneKey(end, order, requests);
      } finally {
        stripe.recordWhen = null;
      }
    });
  });

  it('Stripe refuses every refund during the execution: the reconciler refunds it later, once', async () => {
    await timed('refund call failing, down until the reconciler', async () => {
      stripe.failed = [];
      stripe.failWhen = (req) => isRefund(req) && 'fail';
      const order = await paidOrderWhoseRenderFails('refund-down');
      try {
        await executionAndItsEndHandled(order.id);
        const failed = await storedOrder(twin.current, order.id);
        expect(failed).toMatchObject({ order_status: 'failed', payment_status: 'paid' });
        expect(stripe.failed.length).toBeGreaterThan(0);
      } finally {
        twin.current.lambda.failNext(renderFunctionName(), 0);
        stripe.failWhen = null;
      }
      // Stripe is back; the reconciler's grace (2 min) for a failed order still paid has passed.
      await ageOrder(order.id);
      await twin.current.reconciler.runNow();
      await expectOrderEnd(twin.current, order, refunded);
      await twin.current.reconciler.runNow();
      await expectOrderEnd(twin.current, order, refunded);
    });
  });
});
