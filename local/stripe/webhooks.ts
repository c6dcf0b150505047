// Events and their delivery as Stripe does both: a snapshot of the object that changed and the API
// request (if any) that changed it, POSTed as JSON with a `Stripe-Signature: t=<unix>,v1=<HMAC-SHA256
// (secret, "<t>.<payload>")>` header; a non-2xx answer or no answer is retried with backoff, and
// every attempt is recorded on the event.
import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';
import { type Charge, type EventRequest, newId, type StoredEvent, type StripeEvent } from './state.ts';

/** The API version whose object shapes this server speaks: the one stripe@23.1.0 pins. */
export const apiVersion = '2026-10-28.endive';

export const noRequest: EventRequest = { id: null, idempotency_key: null };

function envelope(createdSeconds: number, request: EventRequest) {
  return {
    id: newId('evt'),
    object: 'event' as const,
    api_version: apiVersion,
    created: createdSeconds,
    livemode: false as const,
    pending_webhooks: 1,
    request,
  };
}

export function sessionEvent(
  type: 'checkout.session.completed' | 'checkout.session.expired',
  session: Stripe.Checkout.Session,
  createdSeconds: number,
  request: EventRequest,
): StripeEvent {
  return { ...envelope(createdSeconds, request), type, data: { object: structuredClone(session) } };
}

export function chargeRefundedEvent(charge: Charge, createdSeconds: number, request: EventRequest): StripeEvent {
  return { ...envelope(createdSeconds, request), type: 'charge.refunded', data: { object: structuredClone(charge) } };
}

function signatureHeader(payload: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`).digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

export interface WebhookSenderOptions {
  url: string;
  secret: string;
  /** Called after each recorded attempt, so the state file can be written. */
  onAttempt: () => void;
}

// Stripe retries for days; a local twin only needs to ride out a handler's brief hiccup.
const retryDelaysMs = [500, 2_000, 8_000];
const attemptTimeoutMs = 10_000;

export class WebhookSender {
  private readonly retries = new Set<NodeJS.Timeout>();
  private readonly stopping = new AbortController();

  constructor(private readonly options: WebhookSenderOptions) {}

  /** Resolves after the first attempt (whatever its outcome); retries go on in the background. */
  async send(stored: StoredEvent): Promise<void> {
    if (!(await this.attempt(stored))) this.retryLater(stored, 0);
  }

  stop(): void {
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    this.stopping.abort();
  }

  private retryLater(stored: StoredEvent, retry: number): void {
    const delay = retryDelaysMs[retry];
    if (delay === undefined || this.stopping.signal.aborted) return;
    const timer = setTimeout(async () => {
      this.retries.delete(timer);
      if (!(await this.attempt(stored))) this.retryLater(stored, retry + 1);
    }, delay);
    this.retries.add(timer);
  }

  private async attempt(stored: StoredEvent): Promise<boolean> {
    const payload = JSON.stringify(stored.event, null, 2);
    // The signing time is the wall clock, not the server's (possibly simulated) clock: the
    // receiver checks it against its own clock, as with Stripe's test clocks.
    const signature = signatureHeader(payload, this.options.secret, Math.floor(Date.now() / 1000));
    const at = new Date().toISOString();
    try {
      const response = await fetch(this.options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signature,
        },
        body: payload,
        signal: AbortSignal.any([this.stopping.signal, AbortSignal.timeout(attemptTimeoutMs)]),
      });
      await response.arrayBuffer();
      stored.deliveries.push({ at, status: response.status });
      return response.ok;
    } catch (error) {
      if (this.stopping.signal.aborted) return true;
      stored.deliveries.push({ at, status: null, error: (error as Error).message });
      return false;
    } finally {
      this.options.onAttempt();
    }
  }
}
