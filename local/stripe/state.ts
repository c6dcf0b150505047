// What the local Stripe knows (sessions, codes, charges, refunds, events, idempotent responses) as one
// JSON-serialisable object, the file that keeps it across restarts, and the context every resource
// works in: the state, the clock, Stripe-style ids and the two side effects of a change.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type Stripe from 'stripe';
import type { FormParams } from './params.ts';

/** A Charge as this API version renders it: without the legacy `source` the SDK's type still carries. */
export type Charge = Omit<Stripe.Charge, 'source'>;

/** The API request behind a change; both null for changes made by the buyer or by time. */
export type EventRequest = Stripe.Event.Request;

/** What an event says changed: its type and a snapshot of the object. */
export type EventChange =
  | { type: 'checkout.session.completed' | 'checkout.session.expired'; data: { object: Stripe.Checkout.Session } }
  | { type: 'charge.refunded'; data: { object: Charge } };

export type StripeEvent = EventChange &
  Pick<Stripe.Event, 'id' | 'object' | 'api_version' | 'created' | 'livemode' | 'pending_webhooks' | 'request'>;

export type LineItem = { name: string; unit_amount: number; quantity: number };

export interface StripeState {
  version: 1;
  promotion_codes: Record<string, Stripe.PromotionCode>;
  /** Stripe keeps line items off the session unless expanded; the pay page shows them. */
  sessions: Record<string, { session: Stripe.Checkout.Session; line_items: LineItem[] }>;
  charges: Record<string, Charge>;
  refunds: Record<string, Stripe.Refund>;
  /** Each event with its delivery attempts; `status` null when the endpoint did not answer. */
  events: { event: StripeEvent; deliveries: { at: string; status: number | null; error?: string }[] }[];
  /** The successful answer to the first request with each Idempotency-Key (`fingerprint`: its method, path, params). */
  idempotency: Record<string, { fingerprint: string; body: unknown; at: number }>;
}

export type StoredEvent = StripeState['events'][number];

export function emptyState(): StripeState {
  return { version: 1, promotion_codes: {}, sessions: {}, charges: {}, refunds: {}, events: [], idempotency: {} };
}

// Stripe keeps idempotency keys for 24 hours and events for 30 days; so does this server.
const idempotencyKeyLifetimeMs = 24 * 60 * 60 * 1000;
const eventLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/** Drops what Stripe would have forgotten by `nowMs`; true if anything was dropped. */
export function forgetExpired(state: StripeState, nowMs: number): boolean {
  const { idempotency, events } = state;
  const keys = Object.entries(idempotency).filter(([, stored]) => nowMs - stored.at > idempotencyKeyLifetimeMs);
  for (const [key] of keys) delete idempotency[key];
  state.events = events.filter((stored) => nowMs - stored.event.created * 1000 <= eventLifetimeMs);
  return keys.length > 0 || state.events.length < events.length;
}

/** The state file: read once at start; written whole (temp file + rename) after each change. */
export class StateFile {
  private writing: Promise<void> = Promise.resolve();
  private queued = false;

  constructor(private readonly path: string | undefined) {}

  async load(): Promise<StripeState | null> {
    if (!this.path || !existsSync(this.path)) return null;
    const state = JSON.parse(await readFile(this.path, 'utf8')) as StripeState;
    if (state.version !== 1) throw new Error(`${this.path}: unsupported local Stripe state version ${state.version}`);
    return state;
  }

  /** Queues a write of `state`; writes never overlap and a burst of changes makes one write. */
  save(state: StripeState): void {
    const path = this.path;
    if (!path || this.queued) return;
    this.queued = true;
    this.writing = this.writing.then(async () => {
      this.queued = false;
      const temporary = `${path}.${process.pid}.tmp`;
      try {
        await mkdir(dirname(path), { recursive: true });
        await writeFile(temporary, JSON.stringify(state, null, 2));
        await rename(temporary, path);
      } catch (error) {
        console.error(`local Stripe: could not write ${path}`, error);
      }
    });
  }

  flush(): Promise<void> {
    return this.writing;
  }
}

/** What the API, the pay page and the expiry timer share. */
export interface StripeContext {
  readonly state: StripeState;
  /** Milliseconds; the server's clock, injectable for tests. */
  readonly now: () => number;
  /** Origin the pay page is served under (the app's, in the twin). */
  readonly publicBaseUrl: string;
  /** Marks the state as changed, to be written to the state file. */
  changed(): void;
  /** Records the event and sends it to the webhook; resolves after the first delivery attempt. */
  publish(change: EventChange, request: EventRequest): Promise<void>;
}

/**
 * An API endpoint, given the request's parameters, the request itself (for events) and the id in its
 * path; it answers a body, and the webhook delivery to wait for before answering (see index.ts).
 */
export type ApiHandler = (
  context: StripeContext,
  form: FormParams,
  request: EventRequest,
  id: string,
) => { body: unknown; delivered?: Promise<void> };

export function nowSeconds(context: StripeContext): number {
  return Math.floor(context.now() / 1000);
}

/** The record stored under `id`, if any (never one of Object.prototype's: ids come from requests). */
export function byId<T>(records: Record<string, T>, id: string): T | undefined {
  return Object.hasOwn(records, id) ? records[id] : undefined;
}

/**
 * The fields of a Stripe object that stay null in the flows this server plays (no customer object,
 * tax, shipping, invoice or Connect), from their names separated by white space: Stripe sends them
 * as null rather than leaving them out. Typed as the whole object `T`, for the caller to spread under
 * the fields it sets (which the compiler then checks); the contract suite checks the whole.
 */
export function nullFields<T>(names: string): T {
  return Object.fromEntries((names.match(/\S+/g) ?? []).map((name) => [name, null])) as T;
}

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Ids in Stripe's format, a type prefix and random base62, so they look (and sort, and get logged)
 * like api.stripe.com's. Checkout Session ids are long (`cs_test_` + 58), request ids short (`req_` +
 * 14), the rest `<prefix>_` + 24.
 */
export function newId(prefix: 'cs_test' | 'pi' | 'ch' | 'pm' | 're' | 'evt' | 'promo' | 'req'): string {
  const length = prefix === 'cs_test' ? 58 : prefix === 'req' ? 14 : 24;
  return `${prefix}_${Array.from(randomBytes(length), (byte) => base62[byte % 62]).join('')}`;
}
