// A local Stripe for the twin: the real `stripe` SDK talks to it as to api.stripe.com (Checkout
// Sessions, promotion codes, refunds), it signs and delivers webhooks like Stripe, and it serves the
// hosted pay page that stands in for checkout.stripe.com. This file is the /v1 API's front door:
// authentication, routing, idempotency and Stripe's response headers.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen, readText, sendJson } from '#local/support/http.ts';
import { config } from '#shared/config.ts';
import { createSession, expireDueSessions, expireSession, retrieveSession } from './checkout.ts';
import { decodeForm, invalidRequest, StripeApiError } from './params.ts';
import { handlePayPage } from './pay-page.ts';
import { createRefund } from './payments.ts';
import { listPromotionCodes, seedPromotionCodes } from './promotion-codes.ts';
import { type ApiHandler, byId, emptyState, forgetExpired, newId, StateFile, type StripeContext } from './state.ts';
import { apiVersion, newEvent, WebhookSender } from './webhooks.ts';

/** The server listens on 127.0.0.1, on a free port. */
export interface LocalStripeOptions {
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
  stop(): Promise<void>;
}

const routes: [method: 'GET' | 'POST', path: RegExp, handle: ApiHandler][] = [
  ['POST', /^\/v1\/checkout\/sessions$/, createSession],
  ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, retrieveSession],
  ['POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, expireSession],
  ['GET', /^\/v1\/promotion_codes$/, listPromotionCodes],
  ['POST', /^\/v1\/refunds$/, createRefund],
];

function authenticate(req: IncomingMessage, secretKey: string): void {
  const key = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (key === secretKey) return;
  const message = key
    ? `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`
    : 'You did not provide an API key.';
  throw invalidRequest(message, { statusCode: 401 });
}

/**
 * Handles one API request; never throws. A POST with an Idempotency-Key stores its first response,
 * and a retry with the same key and parameters gets it again instead of a second side effect.
 */
async function handleApiRequest(context: StripeContext, secretKey: string, req: IncomingMessage, res: ServerResponse) {
  const requestId = newId('req');
  const keyHeader = req.headers['idempotency-key'];
  const idempotencyKey = req.method === 'POST' && typeof keyHeader === 'string' ? keyHeader : null;
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'request-id': requestId,
    // The version whose shapes this server answers in, whatever the client asked for.
    'stripe-version': apiVersion,
    ...(idempotencyKey !== null && { 'idempotency-key': idempotencyKey }),
  };
  try {
    authenticate(req, secretKey);
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const route = routes.find(([method, path]) => method === req.method && path.test(url.pathname));
    if (!route) throw invalidRequest(`Unrecognized request URL (${req.method}: ${url.pathname}).`, { statusCode: 404 });
    const params = decodeForm(req.method === 'POST' ? await readText(req) : url.search.slice(1));
    const fingerprint = JSON.stringify([req.method, url.pathname, params]);
    const stored = idempotencyKey === null ? undefined : byId(context.state.idempotency, idempotencyKey);
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
        throw new StripeApiError(400, { type: 'idempotency_error', message });
      }
      sendJson(res, 200, stored.body, { ...headers, 'idempotent-replayed': 'true' });
      return;
    }
    const [, path, handle] = route;
    // Any call may ask to `expand` fields; nothing here expands, so it is accepted and ignored.
    const { expand: _expand, ...form } = params;
    const request = { id: requestId, idempotency_key: idempotencyKey };
    const outcome = handle(context, form, request, path.exec(url.pathname)?.[1] ?? '');
    // Copied now: the object may change while the webhook delivery below is awaited.
    const body = structuredClone(outcome.body);
    if (idempotencyKey !== null) {
      context.state.idempotency[idempotencyKey] = { fingerprint, body, at: context.now() };
      context.changed();
    }
    // Real Stripe answers before it delivers. Answering after the first delivery attempt keeps
    // the twin deterministic: when the call returns, the app has already seen the event.
    await outcome.delivered;
    sendJson(res, 200, body, headers);
  } catch (error) {
    if (error instanceof StripeApiError) {
      sendJson(res, error.statusCode, { error: error.body }, headers);
      return;
    }
    console.error('local Stripe: unexpected error', error);
    sendJson(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } }, headers);
  }
}

export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  const stateFile = new StateFile(options.stateFile);
  const state = (await stateFile.load()) ?? emptyState();
  const now = options.now ?? Date.now;
  const save = () => stateFile.save(state);
  const webhooks = new WebhookSender({ url: options.webhookUrl, secret: options.webhookSecret, onAttempt: save });
  const context: StripeContext = {
    state,
    now,
    publicBaseUrl: options.publicBaseUrl.replace(/\/+$/, ''),
    changed: save,
    publish(change, request) {
      const stored = { event: newEvent(change, Math.floor(now() / 1000), request), deliveries: [] };
      state.events.push(stored);
      save();
      return webhooks.send(stored);
    },
  };
  seedPromotionCodes(context);

  const server = createServer((req, res) => void handleApiRequest(context, options.secretKey, req, res));
  const listening = await listen(server);

  const housekeeping = async () => {
    if (forgetExpired(state, now())) save();
    await expireDueSessions(context);
  };
  const runHousekeeping = () => {
    housekeeping().catch((error) => console.error('local Stripe: expiring sessions failed', error));
  };
  webhooks.resume(state.events);
  // At once too: a restored state may hold sessions that expired while the server was down.
  runHousekeeping();
  const timer = setInterval(runHousekeeping, options.expiryCheckIntervalMs ?? 10_000);
  timer.unref();

  return {
    apiUrl: `http://127.0.0.1:${listening.port}`,
    port: listening.port,
    handlePayPage: (req, res) => handlePayPage(context, config.brand.name, req, res),
    // No more API calls, then the deliveries in flight are recorded, then the state file's last write.
    async stop() {
      clearInterval(timer);
      await listening.close();
      await webhooks.stop();
      await stateFile.flush();
    },
  };
}
