// Stripe's wire format for requests and errors: `a[b][0][c]=x` parameters (query string or form
// body) read against the shape of what an endpoint takes, and `{error: {type, code?, message, param?,
// doc_url?}}` answers with Stripe's status codes, which the SDK turns into StripeInvalidRequestError,
// StripeAuthenticationError…, so a mistake fails here as it would against api.stripe.com.
import qs from 'qs';

type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormParams = Record<string, FormValue>;

export function decodeForm(encoded: string): FormParams {
  // Stripe nests deeper than qs's default depth of 5 (line_items[0][price_data][product_data][name]).
  return qs.parse(encoded, { depth: 10 }) as FormParams;
}

/** Stripe's error object, and the status code it comes with. */
export class StripeApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: { type: string; message: string; param?: string; code?: string; doc_url?: string },
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
export function resourceMissing(kind: string, id: string, param: string, statusCode = 400): StripeApiError {
  return invalidRequest(`No such ${kind}: '${id}'`, { param, code: 'resource_missing', statusCode });
}

type ParamKind = 'string' | 'integer' | 'boolean' | 'metadata';

/**
 * What an endpoint takes: each parameter's kind, its nested shape, or `[kind]` for a list. A name
 * ending in `!` is required. Anything else gets Stripe's 400 naming the parameter, as an unknown
 * parameter or a value of the wrong kind does on api.stripe.com.
 */
export interface ParamShape {
  [name: string]: ParamKind | ParamShape | [ParamKind | ParamShape];
}

/** `form` read against `shape`: integers and booleans converted; `T` is the SDK's type for those params. */
export function readParams<T>(form: FormParams, shape: ParamShape): T {
  return readObject(form, shape, '') as T;
}

function isObject(value: FormValue): value is { [key: string]: FormValue } {
  return typeof value === 'object' && !Array.isArray(value);
}

function readObject(values: FormValue, shape: ParamShape, path: string): Record<string, unknown> {
  if (!isObject(values)) throw invalidRequest('Invalid object', { param: path });
  const pathOf = (name: string) => (path ? `${path}[${name}]` : name);
  const unknown = Object.keys(values).find((name) => !Object.hasOwn(shape, name) && !Object.hasOwn(shape, `${name}!`));
  if (unknown !== undefined) {
    throw invalidRequest(`Received unknown parameter: ${pathOf(unknown)}`, { param: pathOf(unknown) });
  }
  const read: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(shape)) {
    const name = key.replace(/!$/, '');
    const param = pathOf(name);
    const value = values[name];
    // Stripe reads an empty string as "unset".
    if (value !== undefined && value !== '') read[name] = readValue(value, kind, param);
    else if (key.endsWith('!')) throw invalidRequest(`Missing required param: ${param}.`, { param });
  }
  return read;
}

function readValue(value: FormValue, kind: ParamShape[string], param: string): unknown {
  if (Array.isArray(kind)) {
    if (!Array.isArray(value)) throw invalidRequest('Invalid array', { param });
    return value.map((item, index) => readValue(item, kind[0], `${param}[${index}]`));
  }
  if (typeof kind === 'object') return readObject(value, kind, param);
  if (kind === 'metadata') {
    if (!isObject(value) || !Object.values(value).every((item) => typeof item === 'string')) {
      throw invalidRequest('Invalid metadata: keys and values must be strings', { param });
    }
    return value;
  }
  const pattern = { string: /^/, integer: /^-?\d+$/, boolean: /^(true|false)$/ }[kind];
  if (typeof value !== 'string' || !pattern.test(value)) throw invalidRequest(`Invalid ${kind}`, { param });
  return kind === 'integer' ? Number(value) : kind === 'boolean' ? value === 'true' : value;
}
