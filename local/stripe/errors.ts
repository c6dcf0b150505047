// Stripe's error responses: `{error: {type, code?, message, param?, doc_url?}}` with Stripe's
// status codes, which the SDK turns into StripeInvalidRequestError, StripeAuthenticationError…
export interface StripeErrorBody {
  type: 'invalid_request_error' | 'idempotency_error' | 'api_error';
  code?: string;
  message: string;
  param?: string;
  doc_url?: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export function invalidRequest(message: string, details: { param?: string; code?: string; statusCode?: number } = {}) {
  return new StripeApiError(details.statusCode ?? 400, {
    type: 'invalid_request_error',
    message,
    ...(details.code && {
      code: details.code,
      doc_url: `https://docs.stripe.com/error-codes/${details.code.replaceAll('_', '-')}`,
    }),
    ...(details.param && { param: details.param }),
  });
}

/**
 * `kind` is the object name Stripe uses in the message, e.g. `checkout.session`. An id in the URL
 * that names nothing is a 404; an id in a parameter is a bad request (400), as on Stripe.
 */
export function resourceMissing(kind: string, id: string, param: string, where: 'path' | 'param'): StripeApiError {
  const statusCode = where === 'path' ? 404 : 400;
  return invalidRequest(`No such ${kind}: '${id}'`, { param, code: 'resource_missing', statusCode });
}
