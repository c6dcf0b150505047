// The one way an API route is wrapped: the handler wrapper every kind shares (logs, metrics,
// trace), around a middy chain with header normalisation, the CloudFront origin check, a body
// size limit, JSON parsing, and errors turned into `{error, errorCode}`.
import { timingSafeEqual } from 'node:crypto';
import middy, { type MiddlewareObj } from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { serviceLimits } from '#shared/config.ts';
import { apiMessages, type ErrorCode, messages } from '#shared/contract.ts';
import { envNames, originVerifyHeader, viewerAddressHeader } from '#shared/runtime-env.ts';
import { ApiFailure } from './api-failure.ts';
import { type ObservedHandler, observed } from './powertools/handlers.ts';
import { logger } from './powertools/logger.ts';
import { tracer } from './powertools/tracer.ts';
import { readSecret } from './secrets.ts';

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

export function json(statusCode: number, body: unknown): ApiResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}

/** Sends the browser to `location` (a site path: same origin behind CloudFront and on the twin). */
export function redirect(location: string): ApiResult {
  return { statusCode: 302, headers: { location, 'cache-control': 'no-store' }, body: '' };
}

export function failure(errorCode: ErrorCode, error: string): ApiResult {
  return json(new ApiFailure(errorCode, error).statusCode, { error, errorCode });
}

/** Parses a parsed JSON body with a contract schema; the first issue's message is the error. */
export function parseBody<S extends z.core.$ZodType>(schema: S, body: unknown): z.output<S> {
  const result = z.safeParse(schema, body ?? {});
  if (result.success) return result.data;
  throw new ApiFailure('VALIDATION', result.error.issues[0]?.message ?? 'Invalid request');
}

/**
 * The buyer's address as CloudFront saw it (`CloudFront-Viewer-Address: ip:port`), which the
 * twin sets from the socket. X-Forwarded-For comes from the client and is never trusted.
 */
export function clientIp(event: ApiEvent): string {
  const viewer = event.headers?.[viewerAddressHeader];
  if (viewer) return viewer.slice(0, viewer.lastIndexOf(':')).replace(/^\[|\]$/g, '');
  return event.requestContext.http.sourceIp;
}

/** Requests that did not come through CloudFront (the raw execute-api URL) are refused. */
const verifyOrigin = (): MiddlewareObj<ApiEvent, ApiResult> => ({
  before: async (request) => {
    if (!process.env[envNames.originVerifySecret] && !process.env[envNames.originVerifySecretName]) return;
    const expected = Buffer.from(await readSecret(envNames.originVerifySecret, envNames.originVerifySecretName));
    const given = Buffer.from(request.event.headers?.[originVerifyHeader] ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return failure('UNAUTHORIZED', 'Forbidden');
    }
  },
});

const limitBody = (maxBytes: number): MiddlewareObj<ApiEvent, ApiResult> => ({
  before: async (request) => {
    const { body, isBase64Encoded } = request.event;
    if (!body) return;
    const bytes = isBase64Encoded ? Buffer.from(body, 'base64').length : Buffer.byteLength(body);
    if (bytes > maxBytes) return failure('PAYLOAD_TOO_LARGE', apiMessages.payloadTooLarge);
  },
});

const errorsAsJson = (): MiddlewareObj<ApiEvent, ApiResult> => ({
  onError: async (request) => {
    const error = request.error as (Error & { statusCode?: number; expose?: boolean }) | null;
    if (error instanceof ApiFailure) {
      request.response = json(error.statusCode, { error: error.message, errorCode: error.errorCode });
      return;
    }
    if (error?.statusCode === 415) {
      const wrongType = error.message === 'Unsupported Media Type';
      request.response = failure(
        'VALIDATION',
        wrongType ? apiMessages.unsupportedMediaType : apiMessages.malformedJson,
      );
      return;
    }
    logger.error('Unhandled error', { error });
    // Answered here, the error never reaches the trace's own hook: a refusal above is no fault, this is.
    if (error) tracer.addErrorAsMetadata(error);
    request.response = failure('INTERNAL', messages.paymentFailed);
  },
});

/**
 * A route that runs out of time answers this long before Lambda ends it: with a JSON TIMEOUT, where
 * the shared wrapper's own early timeout (5 ms before the end) would throw past errorsAsJson and
 * API Gateway would answer a bare 500.
 */
const answerBeforeTimeoutMs = 500;

function timedOut(): ApiResult {
  logger.error('Timed out', { answeredBeforeTimeoutMs: answerBeforeTimeoutMs });
  return failure('TIMEOUT', apiMessages.timedOut);
}

interface RouteOptions {
  /** Parse a JSON body (POST routes that take one). */
  jsonBody?: boolean;
  /** Larger than the API's default only where a sender we trust needs it (Stripe's events). */
  maxBodyBytes?: number;
}

/**
 * An API Gateway route. The HTTP chain runs inside the shared wrapper: its checks answer early,
 * which in one chain would skip the wrapper's metric flush and trace close.
 */
export function apiHandler(
  handle: (event: ApiEvent, context: Context) => Promise<ApiResult>,
  options: RouteOptions = {},
): ObservedHandler<ApiEvent, ApiResult> {
  const route = middy<ApiEvent, ApiResult>({
    timeoutEarlyInMillis: answerBeforeTimeoutMs,
    timeoutEarlyResponse: timedOut,
  })
    .use(httpHeaderNormalizer())
    .use(errorsAsJson())
    .use(verifyOrigin())
    .use(limitBody(options.maxBodyBytes ?? serviceLimits.requestBodyMaxBytes));
  if (options.jsonBody) route.use(httpJsonBodyParser());
  return observed('api', route.handler(handle));
}
