// A local Stripe for the twin: the real `stripe` SDK talks to it as to api.stripe.com
// (Checkout Sessions, promotion codes, refunds), it signs and delivers webhooks like Stripe,
// and it serves the hosted pay page that stands in for checkout.stripe.com.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { config } from '#shared/config.ts';
import { handleApiRequest } from './api.ts';
import type { StripeContext } from './context.ts';
import { handlePayPage } from './pay-page.ts';
import { seedPromotionCodes } from './promotion-codes.ts';
import { expireDueSessions } from './sessions.ts';
import { emptyState, forgetExpired, StateFile } from './state.ts';
import { WebhookSender } from './webhooks.ts';

export interface LocalStripeOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The only API key accepted (as Bearer token); any other gets Stripe's 401. */
  secretKey: string;
  /** `whsec_…`: signs webhook deliveries. */
  webhookSecret: string;
  /** Where events are POSTed: the app's /api/stripe/webhook. */
  webhookUrl: string;
  /** Origin the pay page is served under: session.url = `${publicBaseUrl}/_local/pay/<session id>`. */
  publicBaseUrl: string;
  /** JSON file that keeps the state across restarts; omitted = memory only. */
  stateFile?: string;
  /** How often sessions past `expires_at` are expired (default 10 s). */
  expiryCheckIntervalMs?: number;
  /** The server's clock in ms (default Date.now), for tests. */
  now?: () => number;
}

export interface LocalStripe {
  /** http://127.0.0.1:<port> */
  apiUrl: string;
  port: number;
  /** Serves GET/POST /_local/pay/<id> (the hosted pay page). Returns false if the path is not its own. */
  handlePayPage(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  expireDueSessions(): Promise<void>;
  stop(): Promise<void>;
}

export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  const stateFile = new StateFile(options.stateFile);
  const state = (await stateFile.load()) ?? emptyState();
  const now = options.now ?? Date.now;
  const webhooks = new WebhookSender({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    onAttempt: () => stateFile.save(state),
  });
  const context: StripeContext = {
    state,
    now,
    publicBaseUrl: options.publicBaseUrl.replace(/\/+$/, ''),
    changed: () => stateFile.save(state),
    publish(event) {
      const stored = { event, deliveries: [] };
      state.events.push(stored);
      stateFile.save(state);
      return webhooks.send(stored);
    },
  };
  seedPromotionCodes(context);

  const server = createServer((req, res) => void handleApiRequest(context, options.secretKey, req, res));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const housekeeping = async () => {
    if (forgetExpired(state, now())) stateFile.save(state);
    await expireDueSessions(context);
  };
  const runHousekeeping = () => {
    housekeeping().catch((error) => console.error('local Stripe: expiring sessions failed', error));
  };
  // At once too: a restored state may hold sessions that expired while the server was down.
  runHousekeeping();
  const timer = setInterval(runHousekeeping, options.expiryCheckIntervalMs ?? 10_000);
  timer.unref();

  return {
    apiUrl: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    handlePayPage: (req, res) => handlePayPage(context, config.brand.name, req, res),
    expireDueSessions: () => expireDueSessions(context),
    async stop() {
      clearInterval(timer);
      webhooks.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stateFile.flush();
    },
  };
}
