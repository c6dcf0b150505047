// Trims Stripe's published OpenAPI description (github.com/stripe/openapi) to what ReelFive uses, so
// the contract suite checks offline against something the fakes did not write. Keeps the operations
// and event types in used-api.ts, the schemas they reach through $ref, and no prose.
//
//   npx tsx tests/contract/stripe/trim-openapi.ts <spec3.json> <commit sha> [path in stripe/openapi]
//   npx biome check --write tests/contract/stripe/openapi.trimmed.json
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { eventObjectSchemas, omittedSchemas, usedOperations } from './used-api.ts';

type Schema = Record<string, unknown>;

interface Response {
  content?: Record<string, { schema?: Schema }>;
}

interface Spec {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, { operationId?: string; responses: Record<string, Response> }>>;
  components: { schemas: Record<string, Schema> };
}

const schemaPrefix = '#/components/schemas/';
const output = fileURLToPath(new URL('openapi.trimmed.json', import.meta.url));

/** Keywords that hold one schema, or a list or a map of them; everything else is a plain value. */
const oneSchema = new Set(['items', 'additionalProperties', 'not']);
const schemaList = new Set(['anyOf', 'oneOf', 'allOf']);

class Reachable {
  /** Schemas to copy: reached through a $ref that is not an expansion. */
  readonly kept = new Set<string>();
  /** Schemas seen only as expansions (`anyOf: [id, $ref]`) or omitted on purpose: stubbed. */
  readonly stubbed = new Map<string, string>();
  private readonly queue: string[] = [];

  keep(name: string): void {
    const omitted = omittedSchemas.find(({ pattern }) => pattern.test(name));
    if (omitted) this.stub(name, `omitted: ${omitted.reason}`);
    else if (!this.kept.has(name)) {
      this.kept.add(name);
      this.queue.push(name);
    }
  }

  stub(name: string, reason: string): void {
    if (!this.stubbed.has(name)) this.stubbed.set(name, reason);
  }

  next(): string | undefined {
    return this.queue.shift();
  }
}

function refName(ref: unknown): string {
  if (typeof ref !== 'string' || !ref.startsWith(schemaPrefix)) throw new Error(`Unsupported $ref: ${String(ref)}`);
  return ref.slice(schemaPrefix.length);
}

/**
 * A copy of `schema` without descriptions, titles and x- extensions; records the $refs it meets.
 * `expansions` are the schemas that stand for an expanded id in the enclosing `anyOf`.
 */
function trimSchema(schema: Schema, reachable: Reachable, expansions: ReadonlySet<string> = new Set()): Schema {
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'description' || key === 'title' || key.startsWith('x-')) continue;
    if (key === '$ref') {
      const name = refName(value);
      // The API sends these objects only when asked to expand them, which the product never does.
      if (expansions.has(name)) reachable.stub(name, 'expanded form of an id: the product never expands it');
      else reachable.keep(name);
      copy[key] = value;
    } else if (key === 'properties') {
      const properties = Object.entries(value as Record<string, Schema>);
      copy[key] = Object.fromEntries(properties.map(([name, property]) => [name, trimSchema(property, reachable)]));
    } else if (oneSchema.has(key) && typeof value === 'object' && value !== null) {
      copy[key] = trimSchema(value as Schema, reachable);
    } else if (schemaList.has(key)) {
      const expandable = (schema['x-expansionResources'] as { oneOf?: Schema[] } | undefined)?.oneOf ?? [];
      const expanded = new Set(expandable.map((entry) => refName(entry.$ref)));
      copy[key] = (value as Schema[]).map((entry) => trimSchema(entry, reachable, expanded));
    } else {
      copy[key] = value;
    }
  }
  return copy;
}

/** A response keeps only its JSON body's schema. */
function trimResponse(response: Response, reachable: Reachable) {
  const schema = response.content?.['application/json']?.schema;
  if (!schema) throw new Error('A kept response has no application/json schema');
  return { content: { 'application/json': { schema: trimSchema(schema, reachable) } } };
}

function trimOperations(spec: Spec, reachable: Reachable) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { method, path } of usedOperations) {
    const operation = spec.paths[path]?.[method];
    if (!operation) throw new Error(`The description has no ${method.toUpperCase()} ${path}`);
    const responses = Object.fromEntries(
      Object.entries(operation.responses).map(([status, response]) => [status, trimResponse(response, reachable)]),
    );
    paths[path] = { ...paths[path], [method]: { operationId: operation.operationId, responses } };
  }
  return paths;
}

function trimSpec(spec: Spec, source: { commit: string; file: string }) {
  const reachable = new Reachable();
  const paths = trimOperations(spec, reachable);
  for (const name of ['event', ...Object.values(eventObjectSchemas)]) reachable.keep(name);
  const schemas: Record<string, Schema> = {};
  for (let name = reachable.next(); name !== undefined; name = reachable.next()) {
    const schema = spec.components.schemas[name];
    if (!schema) throw new Error(`The description has no schema ${name}`);
    schemas[name] = trimSchema(schema, reachable);
  }
  for (const [name, reason] of reachable.stubbed) {
    if (!reachable.kept.has(name)) schemas[name] = { 'x-trimmed': reason };
  }
  return {
    openapi: spec.openapi,
    info: {
      title: 'Stripe API, trimmed to what ReelFive uses',
      version: spec.info.version,
      'x-trimmed-from': { repository: 'stripe/openapi', commit: source.commit, file: source.file },
    },
    paths,
    components: { schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) },
  };
}

async function main(): Promise<void> {
  const [input, commit, file = 'latest/openapi.spec3.json'] = process.argv.slice(2);
  if (!input || !commit) {
    console.error('usage: trim-openapi.ts <spec3.json> <commit sha> [path in stripe/openapi]');
    process.exit(2);
  }
  const spec = JSON.parse(await readFile(input, 'utf8')) as Spec;
  const trimmed = trimSpec(spec, { commit, file });
  await writeFile(output, `${JSON.stringify(trimmed, null, 2)}\n`);
  console.log(`${output}: ${Object.keys(trimmed.components.schemas).length} schemas (${spec.info.version})`);
}

await main();
