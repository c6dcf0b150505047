// The /v1 API: authentication, routing, parameters, idempotency and Stripe's response headers,
// in front of the sessions, promotion codes and refunds modules.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StripeContext } from './context.ts';
import { invalidRequest, StripeApiError, type StripeErrorBody } from './errors.ts';
import { apiVersion, type EventRequest } from './events.ts';
import { decodeForm, type FormParams, readBody } from './form-encoding.ts';
import { requestFingerprint, storedResponse, storeResponse } from './idempotency.ts';
import { newRequestId } from './ids.ts';
import { Params } from './params.ts';
import { listPromotionCodes } from './promotion-codes.ts';
import { createRefund } from './refunds.ts';
import { createSession, expireSession, findSession } from './sessions.ts';

interface Outcome {
  body: unknown;
  /** The webhook delivery the caller waits for before answering (see `answer`). */
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
  const body = await readBody(req, bodyLimitBytes);
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

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** Handles one API request; never throws. */
export async function handleApiRequest(
  context: StripeContext,
  secretKey: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const requestId = newRequestId();
  const idempotencyKey = req.method === 'POST' ? header(req, 'idempotency-key') : null;
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-cache, no-store',
    'request-id': requestId,
    // The version whose shapes this server answers in, whatever the client asked for.
    'stripe-version': apiVersion,
    ...(idempotencyKey !== null && { 'idempotency-key': idempotencyKey }),
  };
  const answer = (status: number, body: string, extra: Record<string, string> = {}) => {
    res.writeHead(status, { ...headers, ...extra }).end(body);
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
    const fingerprint = requestFingerprint(req.method ?? 'GET', url.pathname, form);
    const replay = idempotencyKey === null ? null : storedResponse(context.state, idempotencyKey, fingerprint);
    if (replay) {
      answer(replay.status, JSON.stringify(replay.body), { 'idempotent-replayed': 'true' });
      return;
    }

    const ids = match.ids.map(decodeId);
    const outcome = match.route.handle(context, new Params(form), ids, {
      id: requestId,
      idempotency_key: idempotencyKey,
    });
    // Serialised now: the object may change while the webhook delivery below is awaited.
    const body = JSON.stringify(outcome.body);
    if (idempotencyKey !== null) {
      storeResponse(context.state, idempotencyKey, {
        fingerprint,
        status: 200,
        body: JSON.parse(body),
        at: context.now(),
      });
      context.changed();
    }
    // Real Stripe answers before it delivers. Answering after the first delivery attempt keeps
    // the twin deterministic: when the call returns, the app has already seen the event.
    await outcome.delivered;
    answer(200, body);
  } catch (error) {
    if (error instanceof StripeApiError) {
      answer(error.statusCode, JSON.stringify({ error: error.body }));
      return;
    }
    console.error('local Stripe: unexpected error', error);
    const body: StripeErrorBody = { type: 'api_error', message: 'An unknown error occurred' };
    answer(500, JSON.stringify({ error: body }));
  }
}
