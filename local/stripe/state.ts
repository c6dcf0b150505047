// What the local Stripe knows (sessions, codes, charges, refunds, events, idempotent responses) as one
// JSON-serialisable object, the file that keeps it across restarts, and the context every resource
// works in: the state, the clock, Stripe-style ids and the two side effects of a change.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type Stripe from 'stripe';

/** What a session was created with; Stripe keeps line items off the session unless expanded. */
export interface LineItem {
  name: string;
  currency: string;
  unit_amount: number;
  quantity: number;
}

export interface StoredSession {
  session: Stripe.Checkout.Session;
  line_items: LineItem[];
}

/** A Charge as this API version renders it: without the legacy `source` the SDK's type still carries. */
export type Charge = Omit<Stripe.Charge, 'source'>;

/** The API request behind a change; both null for changes made by the buyer or by time. */
export type EventRequest = Stripe.Event.Request;

export type StripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: EventRequest;
} & (
  | { type: 'checkout.session.completed' | 'checkout.session.expired'; data: { object: Stripe.Checkout.Session } }
  | { type: 'charge.refunded'; data: { object: Charge } }
);

export interface DeliveryAttempt {
  at: string;
  /** The webhook endpoint's HTTP status, or null when it could not be reached. */
  status: number | null;
  error?: string;
}

export interface StoredEvent {
  event: StripeEvent;
  deliveries: DeliveryAttempt[];
}

export interface StoredResponse {
  /** Method, path and parameters of the first request with this key. */
  fingerprint: string;
  status: number;
  body: unknown;
  at: number;
}

export interface StripeState {
  version: 1;
  coupons: Record<string, Stripe.Coupon>;
  promotion_codes: Record<string, Stripe.PromotionCode>;
  sessions: Record<string, StoredSession>;
  charges: Record<string, Charge>;
  refunds: Record<string, Stripe.Refund>;
  events: StoredEvent[];
  idempotency: Record<string, StoredResponse>;
}

export function emptyState(): StripeState {
  return {
    version: 1,
    coupons: {},
    promotion_codes: {},
    sessions: {},
    charges: {},
    refunds: {},
    events: [],
    idempotency: {},
  };
}

// Stripe keeps idempotency keys for 24 hours and events for 30 days; so does this server.
const idempotencyKeyLifetimeMs = 24 * 60 * 60 * 1000;
const eventLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/** Drops what Stripe would have forgotten by `nowMs`; true if anything was dropped. */
export function forgetExpired(state: StripeState, nowMs: number): boolean {
  const keys = Object.keys(state.idempotency).filter(
    (key) => nowMs - (state.idempotency[key]?.at ?? 0) > idempotencyKeyLifetimeMs,
  );
  for (const key of keys) delete state.idempotency[key];
  const events = state.events.length;
  state.events = state.events.filter((stored) => nowMs - stored.event.created * 1000 <= eventLifetimeMs);
  return keys.length > 0 || state.events.length < events;
}

/** The state file: read once at start; written whole (temp file + rename) after each change. */
export class StateFile {
  private writing: Promise<void> = Promise.resolve();
  private queued = false;

  constructor(private readonly path: string | undefined) {}

  async load(): Promise<StripeState | null> {
    if (!this.path) return null;
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const state = JSON.parse(text) as StripeState;
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
  publish(event: StripeEvent): Promise<void>;
}

export function nowSeconds(context: StripeContext): number {
  return Math.floor(context.now() / 1000);
}

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// 248 = 4 × 62: bytes at or above it are skipped so every character is equally likely.
const unbiasedLimit = 248;

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte < unbiasedLimit && out.length < length) out += base62[byte % 62];
    }
  }
  return out;
}

/**
 * Ids in Stripe's format, a type prefix and random base62, so they look (and sort, and get logged)
 * like api.stripe.com's. Checkout Session ids are long (`cs_test_` + 58); the rest `<prefix>_` + 24.
 */
export function newId(prefix: 'cs_test' | 'pi' | 'ch' | 'pm' | 're' | 'evt' | 'promo' | 'req'): string {
  return `${prefix}_${randomBase62(prefix === 'cs_test' ? 58 : prefix === 'req' ? 14 : 24)}`;
}
