// Checks what a Stripe server sends against the trimmed copy of Stripe's OpenAPI description: an API
// response by its method, path and status; a webhook event by its envelope and its data.object.
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type SchemaValidateFunction, type ValidateFunction } from 'ajv';
import { eventObjectSchemas, usedOperations } from './used-api.ts';

type Schema = Record<string, unknown>;

interface TrimmedSpec {
  info: { version: string; 'x-trimmed-from': { repository: string; commit: string; file: string } };
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content: { 'application/json': { schema: Schema } } }> }>
  >;
  components: { schemas: Record<string, Schema> };
}

export const trimmedSpec = JSON.parse(
  readFileSync(new URL('openapi.trimmed.json', import.meta.url), 'utf8'),
) as TrimmedSpec;

const schemasId = 'stripe-schemas';

/**
 * OpenAPI 3.0 schema → JSON Schema for Ajv:
 * - `nullable: true` becomes "null or the schema" (Ajv's own `nullable` needs a `type`, which
 *   Stripe's `anyOf` wrappers lack);
 * - with `closed`, an object with `properties` and no `additionalProperties` gets
 *   `additionalProperties: false`. Stripe never closes its objects (new fields appear in every
 *   release), so the description alone would accept a fake that invents fields; for the fake, a
 *   field Stripe does not describe is a contract break, as is a `required` one it leaves out (Ajv
 *   checks those as written). Real Stripe keeps the description's own, open, reading.
 * - A stub the trimmer left for an omitted schema becomes the `trimmed` keyword (below).
 */
function toJsonSchema(schema: Schema, closed: boolean): Schema {
  if (typeof schema['x-trimmed'] === 'string') return { trimmed: schema['x-trimmed'] };
  const converted: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable') continue;
    if (key === '$ref') converted[key] = (value as string).replace('#/components/schemas/', `${schemasId}#/$defs/`);
    else if (key === 'properties') {
      const properties = Object.entries(value as Record<string, Schema>);
      converted[key] = Object.fromEntries(properties.map(([name, property]) => [name, toJsonSchema(property, closed)]));
    } else if ((key === 'items' || key === 'additionalProperties') && typeof value === 'object' && value !== null) {
      converted[key] = toJsonSchema(value as Schema, closed);
    } else if (key === 'anyOf' || key === 'oneOf')
      converted[key] = (value as Schema[]).map((entry) => toJsonSchema(entry, closed));
    else converted[key] = value;
  }
  if (closed && converted.properties && !('additionalProperties' in converted)) converted.additionalProperties = false;
  return schema.nullable === true ? { anyOf: [{ type: 'null' }, converted] } : converted;
}

/**
 * `strict` is for the fake: closed objects, and no value where the trimmed copy has only a stub
 * (the fake may not fill what the copy cannot check). Real Stripe may, e.g. payment_method_details.
 */
function createAjv(strict: boolean): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
  const trimmed: SchemaValidateFunction = (reason: string, _data, _parent, dataContext) => {
    trimmed.errors = [
      {
        keyword: 'trimmed',
        instancePath: dataContext?.instancePath ?? '',
        schemaPath: '',
        params: { reason },
        message: `has a value, but its schema was trimmed (${reason}): keep it in used-api.ts, or do not send it`,
      },
    ];
    return !strict;
  };
  ajv.addKeyword({ keyword: 'trimmed', schemaType: 'string', errors: true, validate: trimmed });
  // Stripe's own formats. Checked rather than ignored: a timestamp in milliseconds or an uppercase
  // currency code is exactly the kind of slip a fake makes and the SDK's types cannot see.
  ajv.addFormat('unix-time', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= 0 && n < 1e11 });
  ajv.addFormat('currency', /^[a-z]{3}$/);
  ajv.addFormat('decimal', /^-?\d+(\.\d+)?$/);
  const $defs = Object.fromEntries(
    Object.entries(trimmedSpec.components.schemas).map(([name, schema]) => [name, toJsonSchema(schema, strict)]),
  );
  ajv.addSchema({ $id: schemasId, $defs });
  return ajv;
}

/** Stripe's path template as a pattern: `{session}` matches one path segment. */
function templatePattern(template: string): RegExp {
  return new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
}

export interface RecordedResponse {
  method: string;
  path: string;
  status: number;
  body: string;
}

/** One failure per line: where, what, and the value's path inside the body. */
function explain(label: string, errors: ErrorObject[]): string[] {
  // "must be null" and "must match a schema in anyOf" repeat what the other branch says.
  const telling = errors.filter(
    (error) => error.keyword !== 'anyOf' && !(error.keyword === 'type' && error.params.type === 'null'),
  );
  const lines = (telling.length > 0 ? telling : errors).map((error) => {
    const where = error.instancePath || '(body)';
    const detail =
      error.keyword === 'additionalProperties'
        ? ` '${error.params.additionalProperty}' (not in Stripe's description)`
        : error.keyword === 'enum'
          ? ` ${JSON.stringify(error.params.allowedValues)}`
          : '';
    return `${label}: ${where} ${error.message}${detail}`;
  });
  // An id expanded into an object fails both expansion stubs (customer, deleted_customer) alike.
  return [...new Set(lines)];
}

export class StripeContract {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();

  /** `strict` for the fake; real Stripe is checked as its description reads. */
  constructor(private readonly strict: boolean) {
    this.ajv = createAjv(strict);
  }

  private validator(key: string, schema: () => Schema): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(toJsonSchema(schema(), this.strict));
      this.compiled.set(key, validate);
    }
    return validate;
  }

  /** The operation a recorded response answers, or null for calls outside the product's use. */
  operationOf(response: Pick<RecordedResponse, 'method' | 'path'>): { method: string; path: string } | null {
    const method = response.method.toLowerCase();
    const candidates = usedOperations.filter((operation) => operation.method === method);
    return candidates.find((operation) => templatePattern(operation.path).test(response.path)) ?? null;
  }

  /** Violations of the response against its operation's schema for that status (`default` for errors). */
  checkResponse(response: RecordedResponse): string[] {
    const label = `${response.method} ${response.path} → ${response.status}`;
    const operation = this.operationOf(response);
    if (!operation) return [`${label}: not an operation the product uses`];
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return [`${label}: the body is not JSON`];
    }
    const responses = trimmedSpec.paths[operation.path]?.[operation.method]?.responses ?? {};
    const status = String(response.status) in responses ? String(response.status) : 'default';
    const described = responses[status];
    if (!described) return [`${label}: the description has no response for this status`];
    const validate = this.validator(`${operation.method} ${operation.path} ${status}`, () => {
      return described.content['application/json'].schema;
    });
    return validate(body) ? [] : explain(label, validate.errors ?? []);
  }

  /** Violations of an event: its envelope against `event`, its data.object against the type's schema. */
  checkEvent(event: unknown): string[] {
    const { id, type, data } = event as { id?: string; type?: string; data?: { object?: unknown } };
    const label = `event ${type} ${id}`;
    const envelope = this.validator('event', () => ({ $ref: '#/components/schemas/event' }));
    const failures = envelope(event) ? [] : explain(label, envelope.errors ?? []);
    const objectSchema = type ? eventObjectSchemas[type] : undefined;
    if (!objectSchema) return [...failures, `${label}: not an event type the product handles`];
    const object = this.validator(objectSchema, () => ({ $ref: `#/components/schemas/${objectSchema}` }));
    return object(data?.object) ? failures : [...failures, ...explain(`${label} data.object`, object.errors ?? [])];
  }
}
