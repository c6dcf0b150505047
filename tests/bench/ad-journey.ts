// One buyer's order on the twin, made the way the site makes it, with a product photo: the
// capacity read, the upload (presigned PUT), the order, payment (→ Stripe's webhook), the order
// page's reads until the ad is done. Returns what the twin's servers saw meanwhile, the
// execution's history and the mail, for the cost group to count and time.
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { OutboxMessage } from '#local/ses/outbox.ts';
import type { ExecutionRecord } from '#local/step-functions/executions.ts';
import type { Twin } from '#local/twin.ts';
import { renderStates } from '#shared/generation-steps.ts';
import { revisionExecutionName } from '#shared/revision.ts';
import { envNames } from '#shared/runtime-env.ts';
import { type HttpObserver, type ObservedRequest, portOf } from './http-observer.ts';
import { payOrder } from './twin-figures.ts';

export interface AdJourney {
  durationSeconds: number;
  orderId: string;
  email: string;
  outcome: string;
  paidToDoneSeconds: number;
  execution: ExecutionRecord;
  /** Requests to /api/* (the buyer's, and Stripe's webhook deliveries). */
  api: ObservedRequest[];
  /** Requests to S3, the product's SDK calls and the browser's presigned ones alike. */
  s3: ObservedRequest[];
  /** The primary render, RenderAd's task entered → exited, in ms. */
  renderMs: number;
  /** Events published to the order's channel (each one also makes the order page read again). */
  eventPublishes: ObservedRequest[];
  /** SendEmail calls the product made. */
  sendEmails: ObservedRequest[];
  /** The mail to the buyer's address. */
  buyerMail: OutboxMessage[];
  /** The machine's 1-minute load average when the order was paid (2 cores: above 2, work queues). */
  loadAverage: number;
}

const orderPagePollMs = 500;
/** Generous: the pack's renders share the twin's 2 cores (about a minute for a 12 s ad). */
const packWithinMs = 600_000;

/** Path-style S3 URL → bucket and key. */
export function s3Object(request: ObservedRequest): { bucket: string; key: string } {
  const [bucket = '', ...key] = new URL(request.url, 'http://s3').pathname.slice(1).split('/');
  return { bucket: decodeURIComponent(bucket), key: key.map(decodeURIComponent).join('/') };
}

export async function runAdJourney(
  twin: Twin,
  observer: HttpObserver,
  durationSeconds: number,
  photoPath: string,
): Promise<AdJourney> {
  const began = performance.now();
  const email = `bench.cost.${durationSeconds}s.${Date.now()}@example.com`;
  await (await fetch(`${twin.url}/api/capacity`)).arrayBuffer();

  const photo = await readFile(photoPath);
  const upload = (await (
    await fetch(`${twin.url}/api/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: 'product.jpg', contentType: 'image/jpeg', size: photo.length }),
    })
  ).json()) as { uploadUrl: string; storagePath: string; headers: Record<string, string> };
  const put = await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: new Uint8Array(photo) });
  if (!put.ok) throw new Error(`the photo upload answered ${put.status}`);

  const { orderId, paidAt } = await payOrder(twin, {
    email,
    durationSeconds: String(durationSeconds),
    style: 'cinematic',
    imageFileName: 'product.jpg',
    imageStoragePath: upload.storagePath,
  });
  const loadAverage = loadavg()[0] ?? 0;
  let outcome = '';
  while (!['completed', 'failed'].includes(outcome)) {
    await new Promise((resolve) => setTimeout(resolve, orderPagePollMs));
    const order = (await (await fetch(`${twin.url}/api/orders/${orderId}`)).json()) as { order_status?: string };
    outcome = String(order.order_status);
  }
  const paidToDoneSeconds = (performance.now() - paidAt) / 1000;
  // The execution ends once the pack is delivered too (its renders follow the order's completion).
  const execution = await twin.steps.waitForExecution(orderId, packWithinMs);
  await twin.lambda.idle();
  await twin.realtime.drain();
  const ended = performance.now();

  const s3 = observer.requests(portOf(twin.endpoints.s3), began, ended);
  // The primary render is the RenderAd task: from its state entered to its state exited.
  const renderEvent = (type: string) =>
    execution.events.find(
      (event) =>
        event.type === type &&
        ((event.stateEnteredEventDetails ?? event.stateExitedEventDetails) as { name?: string } | undefined)?.name ===
          renderStates.primary,
    )?.timestamp;
  const renderEntered = renderEvent('TaskStateEntered');
  const renderExited = renderEvent('TaskStateExited');
  if (renderEntered === undefined || renderExited === undefined) {
    throw new Error(`the render of ${orderId} was not observed`);
  }

  const eventsPort = portOf(twin.env[envNames.eventsHttpEndpoint] ?? '');
  return {
    durationSeconds,
    orderId,
    email,
    outcome,
    paidToDoneSeconds,
    execution,
    api: observer.requests(portOf(twin.url), began, ended).filter((request) => request.url.startsWith('/api/')),
    s3,
    renderMs: renderExited - renderEntered,
    eventPublishes: observer.requests(eventsPort, began, ended).filter((request) => request.method === 'POST'),
    sendEmails: observer.requests(portOf(twin.endpoints.ses), began, ended).filter((r) => r.method === 'POST'),
    buyerMail: (await twin.outbox.listMessages()).filter((message) => message.to.includes(email)),
    loadAverage,
  };
}

/**
 * The free revision of a completed order, asked for as the order page asks (the note reads as one
 * request the template writer can do), followed on GET /api/orders/{id} until version 2 is ready.
 * Its execution (`<order id>-v2`) stands in `execution`; its timings and requests are its own.
 */
export async function runRevisionJourney(twin: Twin, observer: HttpObserver, order: AdJourney): Promise<AdJourney> {
  const began = performance.now();
  const asked = await fetch(`${twin.url}/api/orders/${order.orderId}/revisions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ note: revisionNote }),
  });
  if (asked.status !== 202) throw new Error(`the revision was refused: ${asked.status} ${await asked.text()}`);
  const loadAverage = loadavg()[0] ?? 0;
  let outcome = '';
  while (!['ready', 'failed'].includes(outcome)) {
    await new Promise((resolve) => setTimeout(resolve, orderPagePollMs));
    const view = (await (await fetch(`${twin.url}/api/orders/${order.orderId}`)).json()) as {
      revision?: { status?: string };
    };
    outcome = String(view.revision?.status);
  }
  const doneSeconds = (performance.now() - began) / 1000;
  const execution = await twin.steps.waitForExecution(revisionExecutionName(order.orderId), packWithinMs);
  await twin.lambda.idle();
  await twin.realtime.drain();
  const ended = performance.now();
  const eventsPort = portOf(twin.env[envNames.eventsHttpEndpoint] ?? '');
  const mail = await twin.outbox.listMessages();
  const known = new Set(order.buyerMail.map((message) => message.id));
  return {
    durationSeconds: order.durationSeconds,
    orderId: order.orderId,
    email: order.email,
    outcome,
    paidToDoneSeconds: doneSeconds,
    execution,
    api: observer.requests(portOf(twin.url), began, ended).filter((request) => request.url.startsWith('/api/')),
    s3: observer.requests(portOf(twin.endpoints.s3), began, ended),
    renderMs: 0,
    eventPublishes: observer.requests(eventsPort, began, ended).filter((request) => request.method === 'POST'),
    sendEmails: observer.requests(portOf(twin.endpoints.ses), began, ended).filter((r) => r.method === 'POST'),
    buyerMail: mail.filter((message) => message.to.includes(order.email) && !known.has(message.id)),
    loadAverage,
  };
}

/** What the priced revision asks: livelier camera moves, which any ad can take (another hook needs a second opening). */
export const revisionNote = 'Make it a bit livelier, please.';
