// The hostile-input proving ground (docs/threat-model.md): every route of shared/routes.ts, and paths and methods that are none,
// answered hostile input (oversize, deep JSON, unicode, CR/LF, markup, traversal, content-type lies,
// decompression bombs, SSRF forms, forged webhooks, bogus tokens) with the contract's status and a
// plain `{error, errorCode}` — never a 5xx, never a stack trace. Prints the cases per endpoint.
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '#shared/contract.ts';
import { apiRoutes } from '#shared/routes.ts';
import { type HostileCase, type HostileRequest, hostileCases } from '#tests/integration/support/hostile-cases.ts';
import { twinForSuite } from '#tests/integration/support/twin.ts';

const twin = twinForSuite();
const cases = hostileCases();

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** node:http, not fetch: the path, method and headers go out exactly as written (no URL clean-up). */
function send(base: string, { method, path, headers = {}, body }: HostileRequest): Promise<RawAnswer> {
  const url = new URL(base);
  // node:http sends a GET's body without a length unless told one.
  const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: url.hostname, port: url.port, method, path, headers: { ...headers, ...length, connection: 'close' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Text a stack trace or an internal error would leave in a body. */
const internalText = /\bat \S+ \(|\.ts:\d+|node_modules|\/var\/task|Error:|stack|Exception|DynamoDB|ENOENT/;

const statuses: { endpoint: string; status: number; name: string }[] = [];

describe('hostile input, every endpoint', () => {
  it.each(cases.map((hostile) => [`${hostile.endpoint} · ${hostile.category} · ${hostile.name}`, hostile] as const))(
    '%s',
    async (_title, hostile: HostileCase) => {
      // Prepare
      const prepared = { ...hostile, ...(hostile.prepare ? await hostile.prepare(twin.current) : {}) };

      // Act
      const answer = await send(twin.current.url, prepared);
      statuses.push({ endpoint: hostile.endpoint, status: answer.status, name: hostile.name });

      // Assess
      const { expected } = hostile;
      expect(answer.status, answer.text.slice(0, 300)).toBe(expected.status);
      if ('location' in expected) {
        expect(answer.headers.location).toBe(expected.location);
        return;
      }
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.text).not.toMatch(internalText);
      const parsed = JSON.parse(answer.text) as Record<string, unknown>;
      if ('keys' in expected) {
        expect(Object.keys(parsed).sort()).toEqual(expect.arrayContaining(expected.keys));
        if ('storagePath' in parsed) expect(parsed.storagePath).toMatch(/^[0-9a-f-]{36}\.(png|jpg|webp)$/);
        return;
      }
      expect(Object.keys(parsed).sort()).toEqual(['error', 'errorCode']);
      expect(apiErrorSchema.safeParse(parsed).success).toBe(true);
      expect(parsed.errorCode).toBe(expected.errorCode);
      if (expected.error) expect(parsed.error).toBe(expected.error);
    },
  );

  it('answered no request with a 5xx', () => {
    expect(statuses).toHaveLength(cases.length);
    expect(statuses.filter(({ status }) => status >= 500)).toEqual([]);
  });
});

describe('the table', () => {
  it('covers every route of shared/routes.ts and unknown ones', () => {
    const covered = new Set(cases.map(({ endpoint }) => endpoint));

    expect([...covered].sort()).toEqual([...apiRoutes.map(({ name }) => name), 'Unknown route'].sort());
    expect(cases.length).toBeGreaterThanOrEqual(200);
  });
});

afterAll(() => {
  const counts = new Map<string, number>();
  for (const { endpoint } of cases) counts.set(endpoint, (counts.get(endpoint) ?? 0) + 1);
  const rows = [...counts].map(([endpoint, count]) => ({ endpoint, cases: count }));
  console.log(`Hostile-input cases per endpoint (${cases.length} in all, ${statuses.length} answered):`);
  console.table([...rows, { endpoint: 'total', cases: cases.length }]);
});
