// What the API handlers, the pay page and the expiry timer share: the state, the clock, and
// the two side effects of a change (write the state file, publish an event).
import type { StripeEvent, StripeState } from './state.ts';

/** Where the pay page lives under `publicBaseUrl`: `/_local/pay/<session id>`. */
export const payPagePrefix = '/_local/pay/';

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
