// Events and their delivery as Stripe does both: a snapshot of the object that changed and the API
// request (if any) that changed it, POSTed as JSON with a `Stripe-Signature: t=<unix>,v1=<HMAC-SHA256
// (secret, "<t>.<payload>")>` header; a non-2xx answer or no answer is retried with backoff, every
// attempt is recorded on the event, and a delivery that a stop cut short goes on after a restart.
import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type EventChange, type EventRequest, newId, type StoredEvent, type StripeEvent } from './state.ts';

/** The API version whose object shapes this server speaks: the one stripe@23.1.0 pins. */
export const apiVersion = '2026-10-28.endive';

export const noRequest: EventRequest = { id: null, idempotency_key: null };

export function newEvent(change: EventChange, createdSeconds: number, request: EventRequest): StripeEvent {
  const envelope = { id: newId('evt'), object: 'event', api_version: apiVersion, livemode: false } as const;
  return { ...envelope, created: createdSeconds, pending_webhooks: 1, request, ...structuredClone(change) };
}

// Stripe retries for days; a local twin only needs to ride out a handler's brief hiccup.
const retryDelaysMs = [500, 2_000, 8_000];
const attemptTimeoutMs = 10_000;
/** How long stop() lets an attempt in flight finish, so that what the endpoint answered is recorded. */
const stopGraceMs = 1_000;

const isDelivered = ({ status }: { status: number | null }) => status !== null && status >= 200 && status < 300;

export class WebhookSender {
  private readonly retries = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<boolean>>();
  private readonly stopping = new AbortController();
  private stopped = false;

  /** `onAttempt` is called after each recorded attempt, so the state file can be written. */
  constructor(private readonly endpoint: { url: string; secret: string; onAttempt: () => void }) {}

  /** Resolves after the first attempt (whatever its outcome); retries go on in the background. */
  async send(stored: StoredEvent): Promise<void> {
    if (!(await this.attempt(stored))) this.retryLater(stored);
  }

  /** Takes up the deliveries of a restored state that no attempt got through yet and retries remain for. */
  resume(events: StoredEvent[]): void {
    for (const stored of events) if (!stored.deliveries.some(isDelivered)) this.retryLater(stored);
  }

  /**
   * Retries no more. An attempt the endpoint has not answered within the grace is aborted and
   * recorded as failed, so that resume() after a restart retries it.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    await Promise.race([Promise.allSettled(this.inFlight), sleep(stopGraceMs, undefined, { ref: false })]);
    this.stopping.abort();
    await Promise.allSettled(this.inFlight);
  }

  private retryLater(stored: StoredEvent): void {
    // An event never attempted (its server stopped first) goes at once; after n failures, the nth delay.
    const failures = stored.deliveries.length;
    const delay = failures === 0 ? 0 : retryDelaysMs[failures - 1];
    if (delay === undefined || this.stopped) return;
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      void this.send(stored);
    }, delay);
    this.retries.add(timer);
  }

  private attempt(stored: StoredEvent): Promise<boolean> {
    const attempt = this.post(stored).finally(() => this.inFlight.delete(attempt));
    this.inFlight.add(attempt);
    return attempt;
  }

  /** One recorded attempt; true when the endpoint answered 2xx. */
  private async post(stored: StoredEvent): Promise<boolean> {
    const payload = JSON.stringify(stored.event, null, 2);
    // Signed at the wall clock's time, not the server's (possibly simulated) clock: the receiver
    // checks it against its own clock, as with Stripe's test clocks.
    const signedAt = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', this.endpoint.secret).update(`${signedAt}.${payload}`).digest('hex');
    const at = new Date().toISOString();
    try {
      const response = await fetch(this.endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': `t=${signedAt},v1=${signature}`,
        },
        body: payload,
        signal: AbortSignal.any([this.stopping.signal, AbortSignal.timeout(attemptTimeoutMs)]),
      });
      await response.arrayBuffer();
      stored.deliveries.push({ at, status: response.status });
      return isDelivered(response);
    } catch (error) {
      const stopped = this.stopping.signal.aborted;
      const reason = stopped
        ? 'The local Stripe server stopped before the endpoint answered.'
        : (error as Error).message;
      stored.deliveries.push({ at, status: null, error: reason });
      return false;
    } finally {
      this.endpoint.onAttempt();
    }
  }
}
