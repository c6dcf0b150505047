// The twin's API Gateway: turns an HTTP request into the exact API Gateway v2 (HTTP API)
// event a Lambda receives, calls the route's real handler, and writes its result back.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { lambdaContext } from '#local/lambda/context.ts';
import { readBodyWithin, sendAndClose, sendJson } from '#local/support/http.ts';
import { type ApiRoute, matchRoute } from '#shared/routes.ts';

export type HttpHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

const textTypes = /^(application\/(json|x-www-form-urlencoded|[\w.+-]*\+json)|text\/)/;

export interface GatewayOptions {
  /** Loads a route's handler module (entry relative to lambdas/). */
  loadHandler: (route: ApiRoute | null) => Promise<HttpHandler>;
  /** Headers CloudFront adds on the way to the origin. */
  originHeaders: (req: IncomingMessage) => Record<string, string>;
  faults?: GatewayFaultState;
  /**
   * Multiplies each route's timeout (1 by default). Lambda gives every invocation its own CPU; a
   * test suite's twins share two cores with each other and with renders, where a 10 s route
   * timed out under load while the same call takes well under a second alone.
   */
  timeoutScale?: number;
}

/**
 * Failure drills, so the site's error messages can be seen for real (the browser tests): each
 * fails the way the deployed API does, not with a made-up answer.
 */
export interface GatewayFaults {
  /**
   * The next `count` calls of route `name` (routes.ts) fail as a crashed or timed-out function
   * does behind API Gateway: status 500 with `{"message":"Internal Server Error"}`.
   */
  failNext(name: string, count: number): void;
  /** While true the API is unreachable: every /api/* connection is dropped with no answer. */
  down: boolean;
}

/** The drills plus what serveApi asks of them. */
export type GatewayFaultState = GatewayFaults & { takeFailure(name: string): boolean };

export function createGatewayFaults(): GatewayFaultState {
  const failuresLeft = new Map<string, number>();
  return {
    down: false,
    failNext(name, count) {
      failuresLeft.set(name, count);
    },
    takeFailure(name) {
      const left = failuresLeft.get(name) ?? 0;
      if (left <= 0) return false;
      failuresLeft.set(name, left - 1);
      return true;
    },
  };
}

/** API Gateway's payload quota (10 MB, not adjustable): a larger request never reaches the function. */
export const payloadLimitBytes = 10 * 1024 * 1024;

/**
 * What API Gateway answers to a body over its quota, as captured from a deployed API: 413 with a
 * plain-text line. The rest of the body is not read.
 */
function sendPayloadTooLarge(res: ServerResponse): void {
  sendAndClose(
    res,
    413,
    { 'content-type': 'text; charset=utf-8' },
    `HTTP content length exceeded ${payloadLimitBytes} bytes.`,
  );
}

/** What API Gateway answers when the function behind a route fails. */
function sendFunctionFailure(res: ServerResponse): void {
  sendJson(res, 500, { message: 'Internal Server Error' });
}

export function toApiGatewayEvent(
  req: IncomingMessage,
  body: Buffer,
  match: { route: ApiRoute; pathParameters: Record<string, string> } | null,
  extraHeaders: Record<string, string>,
): APIGatewayProxyEventV2 {
  const url = new URL(req.url ?? '/', 'http://twin');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && name !== 'cookie') headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  Object.assign(headers, extraHeaders);
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const now = new Date();
  const routeKey = match ? `${match.route.method} ${match.route.path}` : '$default';
  const isText = body.length === 0 || textTypes.test(headers['content-type'] ?? '');
  const method = (req.method ?? 'GET').toUpperCase();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(req.headers.cookie ? { cookies: req.headers.cookie.split(/;\s*/) } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(match && Object.keys(match.pathParameters).length ? { pathParameters: match.pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'twin',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: !isText,
  };
}

/** Serves one /api/* request through the route table and the real handler. */
export async function serveApi(req: IncomingMessage, res: ServerResponse, options: GatewayOptions): Promise<void> {
  const { faults } = options;
  if (faults?.down) {
    req.socket.destroy();
    return;
  }
  const url = new URL(req.url ?? '/', 'http://twin');
  const matched = matchRoute(req.method ?? 'GET', url.pathname);
  const match = 'route' in matched ? matched : null;
  const body = await readBodyWithin(req, payloadLimitBytes);
  if (body === null) return sendPayloadTooLarge(res);
  if (match && faults?.takeFailure(match.route.name)) return sendFunctionFailure(res);
  const event = toApiGatewayEvent(req, body, match, options.originHeaders(req));
  const handler = await options.loadHandler(match?.route ?? null);
  const timeoutSeconds = (match?.route.timeoutSeconds ?? 5) * (options.timeoutScale ?? 1);
  const result = await handler(event, lambdaContext(match?.route.name ?? 'NotFound', timeoutSeconds));
  res.statusCode = result.statusCode ?? 200;
  for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, String(value));
  if (result.cookies?.length) res.setHeader('set-cookie', result.cookies);
  const payload = result.body ?? '';
  res.end(result.isBase64Encoded ? Buffer.from(payload, 'base64') : payload);
}
