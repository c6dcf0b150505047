// The three phases of `npm run load`: buyers creating orders, order-page readers with live
// subscriptions, and paid orders rendered to the end. Each returns its tallies; none throws for a
// refused request (that is an outcome to count).
import { performance } from 'node:perf_hooks';
import { ordersOfEmail } from '#tests/integration/support/orders-table.ts';
import { payForOrder } from '#tests/integration/support/pay.ts';
import { callApi, orderRequest } from '#tests/integration/support/twin.ts';
import { forEachBounded, newTally, type Tally, timed } from './stats.ts';
import { type OrderSubscription, subscribeToOrder } from './subscriber.ts';
import type { LoadTwin } from './twin-process.ts';

export interface PhaseResult {
  tally: Tally;
  seconds: number;
}

export interface CreatedOrder {
  orderId: string;
  checkoutUrl: string;
}

const httpOutcome = (status: number) => String(status);

/** Phase 1: `buyers` distinct mailboxes each POST /api/orders once (a 4 s ad, to keep renders short). */
export async function createOrders(
  twin: LoadTwin,
  buyers: number,
  concurrency: number,
  expired: () => boolean,
): Promise<PhaseResult & { orders: CreatedOrder[] }> {
  const tally = newTally();
  const runId = Date.now();
  const emails = Array.from({ length: buyers }, (_, index) => `load.${runId}.${index}@example.com`);
  const checkouts: { email: string; checkoutUrl: string }[] = [];
  const began = performance.now();
  await forEachBounded(
    emails,
    concurrency,
    async (email) => {
      const checkoutUrl = await timed(tally, async () => {
        const answer = await callApi<{ url?: string }>(
          twin,
          'POST',
          '/api/orders',
          orderRequest({ email, durationSeconds: '4' }),
        );
        return { outcome: httpOutcome(answer.status), value: answer.body.url };
      });
      if (checkoutUrl) checkouts.push({ email, checkoutUrl });
    },
    expired,
  );
  const seconds = (performance.now() - began) / 1000;
  // The API hands back the Checkout URL only; the order's id is in the table under its mailbox.
  const orders: CreatedOrder[] = [];
  await forEachBounded(checkouts, 10, async ({ email, checkoutUrl }) => {
    const [order] = await ordersOfEmail(twin, email);
    if (order) orders.push({ orderId: order.id, checkoutUrl });
  });
  return { tally, seconds, orders };
}

export interface ReadersResult {
  connect: PhaseResult;
  reads: PhaseResult;
  subscriptions: { orderId: string; subscription: OrderSubscription }[];
}

/**
 * Phase 2: `readers` order pages, spread over the orders round-robin: each subscribes to its
 * order's channel (kept open through phase 3) and reads GET /api/orders/{id} `readsEach` times.
 */
export async function readOrders(
  twin: LoadTwin,
  orders: readonly CreatedOrder[],
  readers: number,
  readsEach: number,
  concurrency: number,
  expired: () => boolean,
): Promise<ReadersResult> {
  const connect = newTally();
  const reads = newTally();
  const subscriptions: ReadersResult['subscriptions'] = [];
  const orderOfReader = Array.from({ length: orders.length ? readers : 0 }, (_, index) => {
    return (orders[index % orders.length] as CreatedOrder).orderId;
  });
  const connectBegan = performance.now();
  let connectEnded = connectBegan;
  let readsBegan = Number.POSITIVE_INFINITY;
  await forEachBounded(
    orderOfReader,
    concurrency,
    async (orderId) => {
      const subscription = await timed(connect, async () => ({
        outcome: 'subscribed',
        value: await subscribeToOrder(twin.realtime, orderId),
      }));
      connectEnded = performance.now();
      if (subscription) subscriptions.push({ orderId, subscription });
      readsBegan = Math.min(readsBegan, performance.now());
      for (let read = 0; read < readsEach && !expired(); read++) {
        await timed(reads, async () => {
          const answer = await fetch(`${twin.url}/api/orders/${orderId}`);
          await answer.arrayBuffer();
          return { outcome: httpOutcome(answer.status), value: undefined };
        });
      }
    },
    expired,
  );
  const ended = performance.now();
  return {
    connect: { tally: connect, seconds: (connectEnded - connectBegan) / 1000 },
    reads: { tally: reads, seconds: (ended - Math.min(readsBegan, ended)) / 1000 },
    subscriptions,
  };
}

export interface RendersResult {
  pay: PhaseResult;
  /** GET /api/orders/{id} while waiting, once a second per rendering order. */
  polls: PhaseResult;
  /** Paid → completed or failed, seconds, per order that ended. */
  paidToDone: number[];
  outcomes: Map<string, number>;
  paidOrderIds: string[];
  seconds: number;
}

/**
 * Phase 3: `renders` orders paid on the local pay page (card 4242…) and watched to their end, with
 * at most `inFlight` paid and not yet ended: the twin's Lambda has no concurrency cap, and each
 * render holds about a gigabyte (festival, ffmpeg) on this shared machine. The rest wait their
 * turn in the driver, as renders wait behind a reserved concurrency in AWS.
 */
export async function renderOrders(
  twin: LoadTwin,
  orders: readonly CreatedOrder[],
  renders: number,
  inFlight: number,
  expired: () => boolean,
): Promise<RendersResult> {
  const pay = newTally();
  const polls = newTally();
  const paidToDone: number[] = [];
  const outcomes = new Map<string, number>();
  const paidOrderIds: string[] = [];
  const countEnd = (outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  const began = performance.now();
  await forEachBounded(
    orders.slice(0, renders),
    inFlight,
    async ({ checkoutUrl }) => {
      const paidAt = performance.now();
      const orderId = await timed(pay, async () => ({
        outcome: 'paid (303 to the order page)',
        value: await payForOrder(twin, checkoutUrl),
      }));
      if (!orderId) return;
      paidOrderIds.push(orderId);
      while (!expired()) {
        await new Promise((resolveWait) => setTimeout(resolveWait, 1_000));
        const status = await timed(polls, async () => {
          const answer = await fetch(`${twin.url}/api/orders/${orderId}`);
          const body = (await answer.json()) as { order_status?: string };
          return { outcome: httpOutcome(answer.status), value: body.order_status };
        });
        if (status === 'completed' || status === 'failed') {
          paidToDone.push((performance.now() - paidAt) / 1000);
          countEnd(status);
          return;
        }
      }
      countEnd('unfinished at the time bound');
    },
    expired,
  );
  const seconds = (performance.now() - began) / 1000;
  return {
    pay: { tally: pay, seconds },
    polls: { tally: polls, seconds },
    paidToDone,
    outcomes,
    paidOrderIds,
    seconds,
  };
}
