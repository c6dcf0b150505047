// A local Stripe for the twin: the real `stripe` SDK talks to it as to api.stripe.com (Checkout
// Sessions, promotion codes, refunds), it signs and delivers webhooks like Stripe, and it serves the
// hosted pay page that stands in for checkout.stripe.com. This file is the /v1 API's front door:
// authentication, routing, parameters, idempotency and Stripe's response headers.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen, readText, sendJson } from '#local/http.ts';
import { config } from '#shared/config.ts';
import { createSession, expireDueSessions, expireSession, findSession, handlePayPage } from './checkout.ts';
import { decodeForm, type FormParams, invalidRequest, Params, StripeApiError, type StripeErrorBody } from './params.ts';
import { createRefund } from './payments.ts';
import { listPromotionCodes, seedPromotionCodes } from './promotion-codes.ts';
import {
  type EventRequest,
  emptyState,
  forgetExpired,
  newId,
  StateFile,
  type StoredResponse,
  type StripeContext,
  type StripeState,
} from './state.ts';
import { apiVersion, WebhookSender } from './webhooks.ts';

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

interface Outcome {
  body: unknown;
  /** The webhook delivery the caller waits for before answering (see handleApiRequest). */
  delivered?: Promise<void>;
}

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handle(context: StripeContext, params: Params, ids: string[], request: EventRequest): Outcome;
}

const routes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/checkout\/sessions$/,
    handle: (context, params) => ({ body: createSession(context, params) }),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    handle: (context, params, [id = '']) => {
      params.rejectUnknown(['expand']);
      return { body: findSession(context, id).session };
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    handle: (context, params, [id = ''], request) => {
      params.rejectUnknown(['expand']);
      const { session, delivered } = expireSession(context, id, request);
      return { body: session, delivered };
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/promotion_codes$/,
    handle: (context, params) => ({ body: listPromotionCodes(context, params) }),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/refunds$/,
    handle: (context, params, _ids, request) => {
      const { refund, delivered } = createRefund(context, params, request);
      return { body: refund, delivered };
    },
  },
];

const bodyLimitBytes = 1024 * 1024;
const maximumIdempotencyKeyLength = 255;

function maskedKey(key: string): string {
  return key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : '****';
}

/** Stripe takes the secret key as a Bearer token, or as the Basic-auth user name (curl -u sk_…:). */
function presentedKey(req: IncomingMessage): string | null {
  const header = req.headers.authorization ?? '';
  const [scheme = '', value = ''] = header.split(' ');
  if (scheme.toLowerCase() === 'bearer') return value.trim() || null;
  if (scheme.toLowerCase() === 'basic') return Buffer.from(value, 'base64').toString('utf8').split(':')[0] || null;
  return null;
}

function authenticate(req: IncomingMessage, secretKey: string): void {
  const key = presentedKey(req);
  if (key === null) {
    throw invalidRequest(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      { statusCode: 401 },
    );
  }
  if (key !== secretKey) throw invalidRequest(`Invalid API Key provided: ${maskedKey(key)}`, { statusCode: 401 });
}

async function readParams(req: IncomingMessage, url: URL): Promise<FormParams> {
  if (req.method !== 'POST') return decodeForm(url.search.slice(1));
  const body = await readText(req, bodyLimitBytes);
  if (body === null) throw invalidRequest('The request body is too large.', { statusCode: 413 });
  return decodeForm(body);
}

/** A path segment as an id; malformed %-escapes make an id that matches nothing (→ 404). */
function decodeId(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Idempotency-Key: the first response to a POST with a key is stored, and a retry with the same key
 * and parameters gets it again instead of a second side effect; the key with other parameters is an
 * error. Null for a new key.
 */
function storedResponse(state: StripeState, key: string, fingerprint: string): StoredResponse | null {
  if (key.length > maximumIdempotencyKeyLength) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      message: `Invalid Idempotency-Key: must be at most ${maximumIdempotencyKeyLength} characters.`,
    });
  }
  const stored = state.idempotency[key];
  if (!stored) return null;
  if (stored.fingerprint !== fingerprint) {
    throw new StripeApiError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    });
  }
  return stored;
}

/** Handles one API request; never throws. */
async function handleApiRequest(
  context: StripeContext,
  secretKey: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const requestId = newId('req');
  const keyHeader = req.headers['idempotency-key'];
  const idempotencyKey = req.method === 'POST' ? ((Array.isArray(keyHeader) ? keyHeader[0] : keyHeader) ?? null) : null;
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-cache, no-store',
    'request-id': requestId,
    // The version whose shapes this server answers in, whatever the client asked for.
    'stripe-version': apiVersion,
    ...(idempotencyKey !== null && { 'idempotency-key': idempotencyKey }),
  };

  try {
    authenticate(req, secretKey);
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const match = routes
      .filter((route) => route.method === req.method)
      .map((route) => ({ route, ids: url.pathname.match(route.pattern)?.slice(1) }))
      .find((candidate) => candidate.ids !== undefined);
    if (!match?.ids) {
      throw invalidRequest(`Unrecognized request URL (${req.method}: ${url.pathname}).`, { statusCode: 404 });
    }
    const form = await readParams(req, url);
    const fingerprint = JSON.stringify([req.method, url.pathname, form]);
    const replay = idempotencyKey === null ? null : storedResponse(context.state, idempotencyKey, fingerprint);
    if (replay) {
      sendJson(res, replay.status, replay.body, { ...headers, 'idempotent-replayed': 'true' });
      return;
    }

    const ids = match.ids.map(decodeId);
    const outcome = match.route.handle(context, new Params(form), ids, {
      id: requestId,
      idempotency_key: idempotencyKey,
    });
    // Copied now: the object may change while the webhook delivery below is awaited.
    const body = structuredClone(outcome.body);
    if (idempotencyKey !== null) {
      context.state.idempotency[idempotencyKey] = { fingerprint, status: 200, body, at: context.now() };
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
    const body: StripeErrorBody = { type: 'api_error', message: 'An unknown error occurred' };
    sendJson(res, 500, { error: body }, headers);
  }
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

  const host = options.host ?? '127.0.0.1';
  const server = createServer((req, res) => void handleApiRequest(context, options.secretKey, req, res));
  const listening = await listen(server, { host, port: options.port ?? 0 });

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
    apiUrl: `http://${host.includes(':') ? `[${host}]` : host}:${listening.port}`,
    port: listening.port,
    handlePayPage: (req, res) => handlePayPage(context, config.brand.name, req, res),
    expireDueSessions: () => expireDueSessions(context),
    async stop() {
      clearInterval(timer);
      webhooks.stop();
      await listening.close();
      await stateFile.flush();
    },
  };
}
