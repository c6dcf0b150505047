// Stripe's wire format for requests and errors: `a[b][0][c]=x` parameters (query string or form
// body) read with Stripe's validation, messages and `param` paths (`line_items[0][quantity]`), and
// `{error: {type, code?, message, param?, doc_url?}}` answers with Stripe's status codes, which the
// SDK turns into StripeInvalidRequestError, StripeAuthenticationError…, so a mistake fails here as
// it would against api.stripe.com.
import qs from 'qs';

type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormParams = Record<string, FormValue>;

export function decodeForm(encoded: string): FormParams {
  // Stripe nests deeper than qs's default depth of 5 (line_items[0][price_data][product_data][name])
  // and its lists can exceed qs's 20-item array limit.
  return qs.parse(encoded, { depth: 10, arrayLimit: 100, parameterLimit: 1000 }) as FormParams;
}

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

function isObject(value: FormValue | undefined): value is { [key: string]: FormValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class Params {
  constructor(
    private readonly values: FormParams,
    private readonly path = '',
  ) {}

  private pathOf(name: string): string {
    return this.path ? `${this.path}[${name}]` : name;
  }

  /** Stripe answers an unknown parameter with 400 instead of ignoring it; so does this server. */
  rejectUnknown(allowed: readonly string[]): void {
    const unknown = Object.keys(this.values).find((name) => !allowed.includes(name));
    if (unknown) {
      throw invalidRequest(
        `Received unknown parameter: ${this.pathOf(unknown)}. The local Stripe server supports: ${allowed.join(', ')}.`,
        { param: this.pathOf(unknown) },
      );
    }
  }

  /** Stripe reads an empty string as "unset", so it counts as absent. */
  private raw(name: string, required: boolean): FormValue | undefined {
    const value = this.values[name];
    if (value === '' && required) {
      const path = this.pathOf(name);
      throw invalidRequest(
        `You passed an empty string for '${path}'. We assume empty values are an attempt to unset a parameter; however '${path}' cannot be unset. You should remove '${path}' from your request or supply a non-empty value.`,
        { param: path },
      );
    }
    if (value === undefined || value === '') {
      if (required) throw invalidRequest(`Missing required param: ${this.pathOf(name)}.`, { param: this.pathOf(name) });
      return undefined;
    }
    return value;
  }

  string(name: string, options: { required: true; maxLength?: number }): string;
  string(name: string, options?: { required?: boolean; maxLength?: number }): string | undefined;
  string(name: string, options: { required?: boolean; maxLength?: number } = {}): string | undefined {
    const value = this.raw(name, options.required ?? false);
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalidRequest('Invalid string', { param: this.pathOf(name) });
    if (options.maxLength !== undefined && value.length > options.maxLength) {
      throw invalidRequest(
        `Invalid string: ${value.slice(0, 20)}...; must be at most ${options.maxLength} characters`,
        {
          param: this.pathOf(name),
        },
      );
    }
    return value;
  }

  integer(name: string, options: { required: true; min?: number }): number;
  integer(name: string, options?: { required?: false; min?: number }): number | undefined;
  integer(name: string, options: { required?: boolean; min?: number } = {}): number | undefined {
    const text = this.string(name, { required: options.required ?? false });
    if (text === undefined) return undefined;
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
      throw invalidRequest(`Invalid integer: ${text}`, { param: this.pathOf(name) });
    }
    const value = Number(text);
    if (options.min !== undefined && value < options.min) {
      throw invalidRequest(`This value must be greater than or equal to ${options.min}.`, { param: this.pathOf(name) });
    }
    return value;
  }

  boolean(name: string): boolean | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    if (text !== 'true' && text !== 'false')
      throw invalidRequest(`Invalid boolean: ${text}`, { param: this.pathOf(name) });
    return text === 'true';
  }

  oneOf<const T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(text)) {
      throw invalidRequest(`Invalid ${this.pathOf(name)}: must be one of ${allowed.join(', ')}`, {
        param: this.pathOf(name),
      });
    }
    return text as T;
  }

  /** An absolute http(s) URL, as Stripe requires for redirect URLs. */
  url(name: string): string | undefined {
    const text = this.string(name, { maxLength: 5000 });
    if (text === undefined) return undefined;
    // `{CHECKOUT_SESSION_ID}` is a template Stripe fills in later; braces are not valid in a URL.
    const candidate = text.replaceAll('{CHECKOUT_SESSION_ID}', 'cs');
    if (!URL.canParse(candidate) || !/^https?:$/.test(new URL(candidate).protocol)) {
      throw invalidRequest('Not a valid URL', { param: this.pathOf(name) });
    }
    return text;
  }

  metadata(name: string): Record<string, string> {
    const value = this.raw(name, false);
    if (value === undefined) return {};
    if (!isObject(value)) throw invalidRequest('Invalid object', { param: this.pathOf(name) });
    const entries = Object.entries(value);
    if (entries.length > 50) throw invalidRequest('Metadata can have at most 50 keys.', { param: this.pathOf(name) });
    for (const [key, item] of entries) {
      if (typeof item !== 'string' || key.length > 40 || item.length > 500) {
        throw invalidRequest('Metadata keys are strings of up to 40 characters and values strings of up to 500.', {
          param: `${this.pathOf(name)}[${key}]`,
        });
      }
    }
    return Object.fromEntries(entries) as Record<string, string>;
  }

  object(name: string, options: { required: true }): Params;
  object(name: string, options?: { required?: false }): Params | undefined;
  object(name: string, options: { required?: boolean } = {}): Params | undefined {
    const value = this.raw(name, options.required ?? false);
    if (value === undefined) return undefined;
    if (!isObject(value)) throw invalidRequest('Invalid object', { param: this.pathOf(name) });
    return new Params(value, this.pathOf(name));
  }

  list(name: string, options: { required?: boolean } = {}): Params[] {
    const value = this.raw(name, options.required ?? false);
    if (value === undefined) return [];
    // qs gives an object instead of an array for indexes past its array limit.
    const items = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : null;
    if (!items) throw invalidRequest('Invalid array', { param: this.pathOf(name) });
    return items.map((item, index) => {
      if (!isObject(item)) throw invalidRequest('Invalid object', { param: `${this.pathOf(name)}[${index}]` });
      return new Params(item, `${this.pathOf(name)}[${index}]`);
    });
  }
}
