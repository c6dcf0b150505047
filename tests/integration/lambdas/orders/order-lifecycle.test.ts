// The order lifecycle against DynamoDB Local: every transition writes the row only from the states
// its guard admits (tried on every order_status × payment_status, with and without a video), and
// counts its business metric once per row it changed, so a repeated webhook or step counts nothing.

import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPendingOrder,
  markCheckoutClosed,
  markOrderCompleted,
  markOrderFailed,
  markOrderPaid,
  markOrderProcessing,
  markOrderRefunded,
  markPaymentRefused,
  type OrderTransition,
  orderTransitions,
  recordOrderDelivery,
  reopenOrderForRedrive,
  reportOrderStage,
  undoRedriveReopen,
} from '#orders/order-lifecycle.ts';
import type { OrderRecord } from '#orders/order-record.ts';
import { metrics } from '#powertools/metrics.ts';
import { type OrderStatus, orderStatuses, type PaymentStatus, paymentStatuses } from '#shared/contract.ts';
import { createOrderRequestSchema } from '#shared/create-order-request.ts';
import { businessMetrics } from '#shared/observability.ts';
import { orderTablesForSuite } from '../../support/order-tables.ts';

const tables = orderTablesForSuite('lifecycle-test');

afterEach(() => vi.restoreAllMocks());

interface RowState {
  order_status: OrderStatus;
  payment_status: PaymentStatus;
  withVideo: boolean;
}

const rowStates: RowState[] = orderStatuses.flatMap((order_status) =>
  paymentStatuses.flatMap((payment_status) =>
    [false, true].map((withVideo) => ({ order_status, payment_status, withVideo })),
  ),
);

const among = <T>(values: readonly T[], value: T) => values.includes(value);

/** Each transition as a caller makes it, and the rows it may start from, written out again here. */
const transitions: Record<
  OrderTransition,
  { run: (id: string) => Promise<OrderRecord | null>; admits: (row: RowState) => boolean }
> = {
  paid: {
    run: (id) => markOrderPaid(id, { paymentStatus: 'paid', amountCents: 500, currency: 'usd', paymentIntent: 'pi_t' }),
    admits: (row) => among(['unpaid', 'expired', 'canceled'], row.payment_status),
  },
  paymentRefused: {
    run: (id) =>
      markPaymentRefused(
        id,
        { paymentStatus: 'paid', amountCents: 500, currency: 'usd', paymentIntent: 'pi_t' },
        'activeOrderLimit',
      ),
    admits: (row) => among(['unpaid', 'expired', 'canceled'], row.payment_status),
  },
  checkoutExpired: {
    run: (id) => markCheckoutClosed(id, 'expired'),
    admits: (row) => row.payment_status === 'unpaid',
  },
  checkoutCanceled: {
    run: (id) => markCheckoutClosed(id, 'canceled'),
    admits: (row) => among(['unpaid', 'expired'], row.payment_status),
  },
  processing: {
    run: (id) => markOrderProcessing(id),
    admits: (row) => among(['paid', 'free'], row.payment_status) && among(['pending', 'processing'], row.order_status),
  },
  stageReported: {
    run: (id) => reportOrderStage(id, 'analyzing', 15),
    admits: (row) => row.order_status === 'processing',
  },
  delivered: {
    run: (id) => recordOrderDelivery(id, { videoKey: `${id}/ad.mp4`, posterKey: `${id}/poster.jpg` }),
    admits: (row) => row.order_status === 'processing',
  },
  completed: {
    run: (id) => markOrderCompleted(id),
    admits: (row) => row.order_status === 'processing' && row.withVideo,
  },
  failed: {
    run: (id) => markOrderFailed(id, 'TestFailure'),
    admits: (row) => among(['pending', 'processing'], row.order_status),
  },
  refunded: {
    run: (id) => markOrderRefunded(id, 're_test'),
    admits: (row) => row.payment_status === 'paid',
  },
  reopenedForRedrive: {
    run: (id) => reopenOrderForRedrive(id),
    admits: (row) =>
      among(['pending', 'processing', 'failed'], row.order_status) && among(['paid', 'free'], row.payment_status),
  },
  redriveUndone: {
    run: (id) => undoRedriveReopen(id, { order_status: 'failed', stage: 'failed' }),
    admits: (row) => row.order_status === 'processing',
  },
};

const rowId = (transition: string, row: RowState) =>
  `${transition}-${row.order_status}-${row.payment_status}-${row.withVideo ? 'video' : 'none'}`;

/** A row in the given state; each has a mailbox of its own, so a payment always finds a slot. */
async function seedRow(id: string, row: RowState): Promise<void> {
  await tables.putRow({
    id,
    email: `${id}@example.com`,
    order_status: row.order_status,
    payment_status: row.payment_status,
    stage: 'queued',
    progress: 5,
    updated_at: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...(row.withVideo ? { video_key: `${id}/ad.mp4` } : {}),
  });
}

const storedRow = (id: string): Promise<OrderRecord | undefined> => tables.row(id);

const describeRow = (row: RowState) => `${row.order_status}/${row.payment_status}${row.withVideo ? '+video' : ''}`;

describe('each transition of the order lifecycle', () => {
  it('is tried here, every one of them', () => {
    // Assess
    expect(Object.keys(transitions).sort()).toEqual(Object.keys(orderTransitions).sort());
  });

  it.each(Object.keys(transitions) as OrderTransition[])(
    '%s writes a row only from the states its guard admits',
    async (name) => {
      // Prepare
      const transition = transitions[name];
      await Promise.all(rowStates.map((row) => seedRow(rowId(name, row), row)));

      // Act
      const answers = await Promise.all(rowStates.map((row) => transition.run(rowId(name, row))));
      const rows = await Promise.all(rowStates.map((row) => storedRow(rowId(name, row))));

      // Assess
      const written = rowStates.filter((_, i) => answers[i] !== null).map(describeRow);
      expect(written).toEqual(rowStates.filter(transition.admits).map(describeRow));
      expect(rows.filter((row) => row?.version === 2).length).toBe(written.length);
      expect(rows.filter((row) => row?.version === 1).length).toBe(rowStates.length - written.length);
    },
  );

  it.each(Object.keys(transitions) as OrderTransition[])(
    '%s of an order that does not exist writes nothing',
    async (name) => {
      // Act
      const answer = await transitions[name].run(`missing-${name}`);

      // Assess
      expect(answer).toBeNull();
      expect(await storedRow(`missing-${name}`)).toBeUndefined();
    },
  );
});

const orderInput = (email: string) =>
  createOrderRequestSchema.parse({
    website: 'https://example.com',
    email,
    style: 'cinematic',
    durationSeconds: '8',
    imageFileName: null,
    imageStoragePath: null,
    couponCode: null,
  });

function countedMetrics() {
  const addMetric = vi.spyOn(metrics, 'addMetric');
  return () => addMetric.mock.calls;
}

describe('the business metric of each step', () => {
  it('counts OrdersCreated once per order written, each pending, unpaid and holding no slot', async () => {
    // Prepare
    const calls = countedMetrics();
    const email = 'metrics.created@example.com';

    // Act
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await createPendingOrder(orderInput(email)));

    // Assess
    expect(await storedRow(orders[0]?.id ?? '')).not.toHaveProperty('slot_sk');
    expect(await storedRow(orders[3]?.id ?? '')).toMatchObject({
      order_status: 'pending',
      payment_status: 'unpaid',
      stage: 'awaiting_payment',
      progress: 0,
    });
    expect(calls()).toEqual(Array(4).fill([businessMetrics.ordersCreated, MetricUnit.Count, 1]));
  });

  const counted: [OrderTransition, string, RowState][] = [
    ['paid', businessMetrics.ordersPaid, { order_status: 'pending', payment_status: 'unpaid', withVideo: false }],
    [
      'completed',
      businessMetrics.ordersCompleted,
      { order_status: 'processing', payment_status: 'paid', withVideo: true },
    ],
    ['failed', businessMetrics.ordersFailed, { order_status: 'processing', payment_status: 'paid', withVideo: false }],
    ['refunded', businessMetrics.ordersRefunded, { order_status: 'failed', payment_status: 'paid', withVideo: false }],
  ];

  it.each(counted)('%s counts %s once, and its repeat counts nothing', async (name, metric, row) => {
    // Prepare
    const id = `metric-${name}`;
    await seedRow(id, row);
    const calls = countedMetrics();

    // Act
    const first = await transitions[name].run(id);
    const repeat = await transitions[name].run(id);

    // Assess
    expect(first).not.toBeNull();
    expect(repeat).toBeNull();
    expect(calls()).toEqual([[metric, MetricUnit.Count, 1]]);
  });

  it('counts OrdersPaid for a free order too, and FreeAdRedemptions beside it', async () => {
    // Prepare
    const id = 'metric-free';
    await seedRow(id, { order_status: 'pending', payment_status: 'unpaid', withVideo: false });
    const calls = countedMetrics();

    // Act
    await markOrderPaid(id, { paymentStatus: 'free', amountCents: 0, currency: 'usd' });

    // Assess
    expect(calls()).toEqual([
      [businessMetrics.ordersPaid, MetricUnit.Count, 1],
      [businessMetrics.freeAdRedemptions, MetricUnit.Count, 1],
    ]);
  });

  it('counts nothing for a refused payment (its refund counts OrdersRefunded)', async () => {
    // Prepare
    const id = 'metric-refused';
    await seedRow(id, { order_status: 'pending', payment_status: 'unpaid', withVideo: false });
    const calls = countedMetrics();

    // Act
    await transitions.paymentRefused.run(id);

    // Assess
    expect(calls()).toEqual([]);
  });

  it('counts nothing for the steps between', async () => {
    // Prepare
    const id = 'metric-between';
    await seedRow(id, { order_status: 'pending', payment_status: 'paid', withVideo: false });
    const calls = countedMetrics();

    // Act
    await markOrderProcessing(id);
    await reportOrderStage(id, 'rendering', 60);
    await recordOrderDelivery(id, { videoKey: `${id}/ad.mp4`, posterKey: `${id}/poster.jpg` });

    // Assess
    expect((await storedRow(id))?.stage).toBe('delivering');
    expect(calls()).toEqual([]);
  });
});
