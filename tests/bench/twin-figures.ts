// The twin the bench measures (its start-up timed), and what a paid order does on it: paid →
// completed per length, and an order row write reaching a subscriber.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { startTwin, type Twin } from '#local/twin.ts';
import { envNames } from '#shared/runtime-env.ts';
import { subscribeToChannel } from '#tests/integration/support/events-socket.ts';
import { documentsOf } from '#tests/integration/support/orders-table.ts';
import { testSiteHosts } from '#tests/integration/support/preview-site.ts';
import { orderPhotoBytes } from '#tests/integration/support/twin.ts';
import { uploadThroughApi } from '#tests/integration/support/uploads.ts';
import { percentile, record, recordFailure, round } from './figures.ts';

export async function benchTwinStart(): Promise<Twin> {
  const stateDir = await mkdtemp(join(tmpdir(), 'reelfive-bench-'));
  let began = performance.now();
  const cold = await startTwin({ port: 0, publicHost: '127.0.0.1', stateDir, ipAttemptsPerHour: 1_000_000 });
  record('twin start-up (empty state)', round((performance.now() - began) / 1000, 2), 's');
  await cold.stop();
  began = performance.now();
  // The preview group reads a local site under a public-looking name.
  const warm = await startTwin({
    port: 0,
    publicHost: '127.0.0.1',
    stateDir,
    ipAttemptsPerHour: 1_000_000,
    testSiteHosts,
  });
  record('twin start-up (existing state)', round((performance.now() - began) / 1000, 2), 's');
  const stop = warm.stop;
  warm.stop = async () => {
    await stop();
    await rm(stateDir, { recursive: true, force: true });
  };
  return warm;
}

/**
 * Creates and pays an order on the local pay page; returns its id and when it was paid. Unless
 * `order` names a photo, the product photo is uploaded first: the twin cannot read example.com,
 * and an order for a site that cannot be read needs one (docs/spec-deviations.md).
 */
export async function payOrder(
  twin: Twin,
  order: Record<string, string>,
): Promise<{ orderId: string; paidAt: number }> {
  const photo = order.imageStoragePath
    ? {}
    : {
        imageStoragePath: (await uploadThroughApi(twin, await orderPhotoBytes(), 'image/jpeg', 'product.jpg'))
          .storagePath,
        imageFileName: 'product.jpg',
      };
  const created = await fetch(`${twin.url}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      website: 'https://example.com',
      email: `bench.${Date.now()}@example.com`,
      ...photo,
      ...order,
    }),
  });
  const { url } = (await created.json()) as { url: string };
  const paidAt = performance.now();
  const paid = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: '4242424242424242' }),
    redirect: 'manual',
  });
  const orderId = new URL(paid.headers.get('location') ?? '', twin.url).searchParams.get('order_id');
  if (!orderId) throw new Error('the bench order was not paid');
  return { orderId, paidAt };
}

/** Paid → completed through the whole state machine (real render), per duration. */
export async function benchGeneration(twin: Twin): Promise<string> {
  let lastId = '';
  for (const duration of ['4', '8', '12']) {
    const { orderId, paidAt } = await payOrder(twin, { durationSeconds: duration, style: 'cinematic' });
    const live = await subscribeToChannel(
      {
        realtimeEndpoint: `${twin.realtime.endpoint}/realtime`,
        httpEndpoint: twin.env[envNames.eventsHttpEndpoint] ?? '',
        apiKey: twin.realtime.apiKey,
      },
      `/orders/${orderId}`,
    );
    let order: Record<string, unknown> = {};
    while (!['completed', 'failed'].includes(String(order.order_status))) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      order = (await (await fetch(`${twin.url}/api/orders/${orderId}`)).json()) as Record<string, unknown>;
    }
    const seconds = (performance.now() - paidAt) / 1000;
    await twin.realtime.drain();
    live.socket.close();
    const stillSeconds = longestStillWhileRendering(live.messages);
    if (stillSeconds === null) recordFailure(`progress while rendering (${duration} s ad)`, 'no rendering events');
    else record(`longest the bar stood still while rendering (${duration} s ad)`, round(stillSeconds), 's', { max: 2 });
    // The order's pack renders after it completes: the next order waits for it, so it is measured alone.
    while ((order.pack as { status?: string } | undefined)?.status === 'rendering') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      order = (await (await fetch(`${twin.url}/api/orders/${orderId}`)).json()) as Record<string, unknown>;
    }
    const video = await fetch(String(order.download_url ?? ''));
    const bytes = (await video.arrayBuffer()).byteLength;
    const outcome = String(order.order_status);
    record(`paid → ${outcome} on the twin (${duration} s ad)`, round(seconds), 's', { max: 20 });
    record(`MP4 size, ${duration} s ad, with a photo`, round(bytes / 1024 / 1024, 2), 'MB', { max: 8 });
    if (outcome !== 'completed') recordFailure(`paid → completed (${duration} s ad)`, `the order ${outcome}`);
    lastId = orderId;
  }
  return lastId;
}

/**
 * The longest time between two moves of the order's bar from the rendering stage's start to the
 * first write after it, on the times the product wrote (`updated_at`), or null without events.
 */
function longestStillWhileRendering(messages: readonly Record<string, unknown>[]): number | null {
  const events = messages
    .filter((message) => message.type === 'data')
    .map((message) => JSON.parse(String(message.event)) as { stage: string; updated_at: string })
    .map((event) => ({ stage: event.stage, at: Date.parse(event.updated_at) }))
    .sort((a, b) => a.at - b.at);
  const first = events.findIndex((event) => event.stage === 'rendering');
  const after = events.findIndex((event, index) => index > first && event.stage !== 'rendering');
  if (first === -1 || after === -1) return null;
  const moves = events.slice(first, after + 1);
  return Math.max(...moves.slice(1).map((event, index) => (event.at - moves[index]!.at) / 1000));
}

/** An order row written → its subscriber holds the event (stream poller, publisher, Events emulator). */
export async function benchRealtime(twin: Twin): Promise<void> {
  const { orderId } = await payOrder(twin, { durationSeconds: '4', style: 'ugc' });
  const documents = documentsOf(twin);
  const live = await subscribeToChannel(
    {
      realtimeEndpoint: `${twin.realtime.endpoint}/realtime`,
      httpEndpoint: twin.env[envNames.eventsHttpEndpoint] ?? '',
      apiKey: twin.realtime.apiKey,
    },
    `/orders/${orderId}`,
  );
  // Let the real generation of that order finish first, so only the bench's writes are in flight.
  await eventuallyCompleted(twin, orderId);
  await twin.realtime.drain();
  const latencies: number[] = [];
  for (let i = 1; i <= 60; i++) {
    const progress = 40 + (i % 50);
    // Writes land at random moments of the poller's 200 ms cycle, as the steps' writes do.
    await new Promise((resolveDelay) => setTimeout(resolveDelay, Math.random() * 300));
    // Timed by the socket's own message event, not by polling the received list.
    const delivered = new Promise<void>((resolveDelivered) => {
      // Matched by value: an event still in flight from an earlier write must not count.
      const onMessage = (data: Buffer) => {
        const message = JSON.parse(String(data));
        if (message.type !== 'data' || JSON.parse(message.event).progress !== progress) return;
        live.socket.off('message', onMessage);
        resolveDelivered();
      };
      live.socket.on('message', onMessage);
    });
    const began = performance.now();
    await documents.send(
      new UpdateCommand({
        TableName: twin.env[envNames.ordersTable],
        Key: { id: orderId },
        UpdateExpression: 'SET progress = :progress, updated_at = :now',
        ExpressionAttributeValues: { ':progress': progress, ':now': new Date().toISOString() },
      }),
    );
    await delivered;
    latencies.push(performance.now() - began);
  }
  live.socket.close();
  documents.destroy();
  latencies.sort((a, b) => a - b);
  record(`order row write → subscriber, p50 (${latencies.length} writes)`, round(percentile(latencies, 50), 0), 'ms');
  record(`order row write → subscriber, p95 (${latencies.length} writes)`, round(percentile(latencies, 95), 0), 'ms', {
    max: 250,
  });
}

async function eventuallyCompleted(twin: Twin, orderId: string): Promise<void> {
  for (;;) {
    const order = (await (await fetch(`${twin.url}/api/orders/${orderId}`)).json()) as { order_status: string };
    if (order.order_status === 'completed' || order.order_status === 'failed') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
