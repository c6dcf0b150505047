// Faults between the buyer's payment and the start of the generation: the webhook's function
// crashing, Stripe repeating, reordering and delaying its events, `expired` after `completed`.
// Each row ends with the common verdict on the order (support/end-state.ts).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { describe, it } from 'vitest';
import { executionArnFor } from '#orders/start-generation.ts';
import { type ExpectedEnd, expectOrderEnd, timed } from '#tests/faults/support/end-state.ts';
import { type FaultOrder, openOrder, paidOrder, pay, stripeEventsOf } from '#tests/faults/support/orders.ts';
import { documentsOf, storedOrder } from '#tests/integration/support/orders-table.ts';
import { checkoutEvent, deliverEvent, stripeSession } from '#tests/integration/support/stripe-events.ts';
import { callApi, eventually, twinForSuite } from '#tests/integration/support/twin.ts';

const twin = twinForSuite({ waitScale: 0.1, reconcileIntervalMs: 3_600_000 });
const made: ExpectedEnd = { order_status: 'completed', payment_status: 'paid', executions: 1, buyerEmails: 2 };

async function completedEventOf(order: FaultOrder) {
  const [event] = await eventually(async () => {
    const events = await stripeEventsOf(twin.current, order.sessionId, 'checkout.session.completed');
    return events.length > 0 && events;
  });
  return event;
}

async function expiredEventOf(order: FaultOrder, id: string) {
  const session = await stripeSession(twin.current, order.sessionId);
  return checkoutEvent(id, 'checkout.session.expired', { ...session, status: 'expired' } as Stripe.Checkout.Session);
}

describe('faults between payment and generation', () => {
  it('webhook function crashes on the first delivery: Stripe retries, one ad made', async () => {
    await timed('webhook crash, Stripe retries', async () => {
      twin.current.api.failNext('StripeWebhook', 1);
      const order = await paidOrder(twin.current, 'hook-crash');
      await expectOrderEnd(twin.current, order, made);
    });
  });

  it('webhook function down for every delivery: the order page fulfils it, one ad made', async () => {
    await timed('webhook down, order read fulfils', async () => {
      // The first attempt and Stripe's 3 retries all meet a crashed function.
      twin.current.api.failNext('StripeWebhook', 4);
      const order = await paidOrder(twin.current, 'hook-down');
      // The buyer lands on /success, whose read checks the session with Stripe.
      await callApi(twin.current, 'GET', `/api/orders/${order.id}`);
      await expectOrderEnd(twin.current, order, made);
      twin.current.api.failNext('StripeWebhook', 0);
    });
  });

  it('crash between marking paid and StartExecution: the reconciler starts the one execution', async () => {
    await timed('crash between paid and start, reconciler', async () => {
      const order = await openOrder(twin.current, 'paid-not-started');
      const table = twin.current.env.ORDERS_TABLE;
      const documents = documentsOf(twin.current);
      // Fulfilment finds the execution "already started" and starts nothing: what the crash leaves.
      await documents.send(
        new UpdateCommand({
          TableName: table,
          Key: { id: order.id },
          UpdateExpression: 'SET execution_arn = :arn',
          ExpressionAttributeValues: { ':arn': executionArnFor(order.id) },
        }),
      );
      await pay(twin.current, order);
      await eventually(async () => (await storedOrder(twin.current, order.id))?.payment_status === 'paid');
      // Then the crashed write is gone, and the webhook's grace (2 min) has passed.
      await documents.send(
        new UpdateCommand({
          TableName: table,
          Key: { id: order.id },
          UpdateExpression: 'SET updated_at = :then REMOVE execution_arn',
          ExpressionAttributeValues: { ':then': new Date(Date.now() - 3 * 60_000).toISOString() },
        }),
      );
      documents.destroy();
      await twin.current.reconciler.runNow();
      await expectOrderEnd(twin.current, order, made);
      // A second pass finds nothing to do: still one execution.
      await twin.current.reconciler.runNow();
      await expectOrderEnd(twin.current, order, made);
    });
  });

  it('Stripe repeats the completed event 5 times, 2 of them at once: one execution, one charge', async () => {
    await timed('Stripe repeats an event', async () => {
      const order = await paidOrder(twin.current, 'repeat');
      const event = await completedEventOf(order);
      for (let i = 0; i < 3; i++) await deliverEvent(twin.current, event);
      await Promise.all([deliverEvent(twin.current, event), deliverEvent(twin.current, event)]);
      await expectOrderEnd(twin.current, order, made);
    });
  });

  it('Stripe delivers `expired` before `completed` (reordered): the payment is honoured', async () => {
    await timed('Stripe reorders expired/completed', async () => {
      const order = await openOrder(twin.current, 'reorder');
      await deliverEvent(twin.current, await expiredEventOf(order, `evt_early_exp_${order.id.slice(0, 8)}`));
      await pay(twin.current, order);
      await expectOrderEnd(twin.current, order, made);
    });
  });

  it('Stripe delivers `expired` after `completed`: the order stays paid and is made once', async () => {
    await timed('expired after completed', async () => {
      const order = await paidOrder(twin.current, 'late-expired');
      await completedEventOf(order);
      await deliverEvent(twin.current, await expiredEventOf(order, `evt_late_exp_${order.id.slice(0, 8)}`));
      await expectOrderEnd(twin.current, order, made);
    });
  });

  it('Stripe delays the completed event until after the ad is made: nothing happens again', async () => {
    await timed('Stripe delays an event past completion', async () => {
      const order = await paidOrder(twin.current, 'delayed');
      await expectOrderEnd(twin.current, order, made);
      await deliverEvent(twin.current, await completedEventOf(order));
      await expectOrderEnd(twin.current, order, made);
    });
  });
});
