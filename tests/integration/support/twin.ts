// Starts one real twin per test file (random port, temporary state) and helpers to talk to it.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startTwin, type Twin, type TwinOptions } from '#local/twin.ts';
import type { OrderView } from '#shared/contract.ts';
import { writeProductPhoto } from './ad-fixtures.ts';
import { plantImage } from './images-bucket.ts';

/**
 * How long a whole ad (analyse, voice, render, deliver) may take on the twin: about 10 s on a
 * quiet 2-core machine, several times that with both cores saturated. Tests that wait for an ad
 * wait this long and allow a minute more for the rest of their work (`adTestTimeoutMs`).
 */
export const adMadeWithinMs = 240_000;
export const adTestTimeoutMs = adMadeWithinMs + 60_000;

/**
 * A twin for the whole file; read `.current` inside tests. Its orders render the primary file
 * alone unless the file asks for the pack (`packFormats`): each extra format is another render.
 */
export function twinForSuite(options: TwinOptions = {}): { current: Twin } {
  const holder = {} as { current: Twin };
  let stateDir = '';
  beforeAll(async () => {
    stateDir = await mkdtemp(join(tmpdir(), 'reelfive-twin-'));
    holder.current = await startTwin({
      port: 0,
      publicHost: '127.0.0.1',
      stateDir,
      ipAttemptsPerHour: 100_000,
      packFormats: ['vertical-720'],
      // Several suites' twins and their renders share two cores: a route is given three times its
      // Lambda timeout, so a busy machine does not answer TIMEOUT where Lambda would not.
      apiTimeoutScale: 3,
      ...options,
    });
    await plantOrderPhoto(holder.current);
  });
  afterAll(async () => {
    await holder.current?.stop();
    await rm(stateDir, { recursive: true, force: true });
  });
  return holder;
}

export interface JsonAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export async function callApi<T = Record<string, unknown>>(
  twin: Pick<Twin, 'url'>,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer<T>> {
  const response = await fetch(`${twin.url}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

let emailCounter = 0;
/** A fresh buyer address per call, so files don't share rate-limit slots. */
export function uniqueEmail(label = 'buyer'): string {
  emailCounter += 1;
  return `${label}.${process.pid}.${Date.now()}.${emailCounter}@example.com`;
}

/**
 * The product photo every order of `orderRequest` carries unless it says otherwise: the twin
 * cannot read https://example.com, and an order for a site that cannot be read needs a photo
 * (docs/spec-deviations.md). A fixed key, so requests written before the twin starts carry it;
 * `plantOrderPhoto` puts the photo there in each twin (twinForSuite does it at start).
 */
export const orderPhotoKey = '6f1d4a52-8c3b-4e7a-9d20-5b7e3c1a9f04.jpg';

export async function plantOrderPhoto(twin: Twin): Promise<void> {
  await plantImage(twin, await orderPhotoBytes(), 'jpg', orderPhotoKey);
}

let photoBytes: Promise<Buffer> | undefined;

/** The product photo's JPEG (ad-fixtures.ts), made once per process. */
export function orderPhotoBytes(): Promise<Buffer> {
  photoBytes ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'order-photo-'));
    try {
      return await readFile(await writeProductPhoto(dir));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  })();
  return photoBytes;
}

export function orderRequest(overrides: Record<string, unknown> = {}) {
  return {
    website: 'https://example.com',
    email: uniqueEmail(),
    style: 'cinematic',
    durationSeconds: '12',
    imageFileName: 'product.jpg',
    imageStoragePath: orderPhotoKey,
    couponCode: null,
    ...overrides,
  };
}

/** The Checkout Session id in a local pay page URL (`/_local/pay/<id>`). */
export function sessionIdOf(payUrl: string): string {
  return new URL(payUrl).pathname.split('/').pop() ?? '';
}

/** Waits until `check` returns a value (not undefined/false) or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out after ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
}

/** The order as GET /api/orders/{id} answers it, polled until `ready` says so (an ad's time at most). */
export function orderReadWhen(twin: Twin, id: string, ready: (order: OrderView) => boolean): Promise<OrderView> {
  return eventually(async () => {
    const order = (await callApi<OrderView>(twin, 'GET', `/api/orders/${id}`)).body;
    return ready(order) && order;
  }, adMadeWithinMs);
}
