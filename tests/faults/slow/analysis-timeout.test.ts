// The website analysis timing out: the buyer's site accepts the connection and never answers. The
// twin cannot reach a hanging public host from here, so the page fetch is pointed at one on
// 127.0.0.1 (vi.mock: the handler keeps its own code, deadline included; only the address changes).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ExpectedEnd, expectOrderEnd, timed } from '#tests/faults/support/end-state.ts';
import { paidOrder } from '#tests/faults/support/orders.ts';
import { twinForSuite } from '#tests/integration/support/twin.ts';

const hanging = vi.hoisted(() => ({ url: '', requests: 0 }));
const silentSite = 'https://silent-site.example.com/';

vi.mock('#generation/website/fetch-public-page.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('#generation/website/fetch-public-page.ts')>();
  return {
    ...original,
    fetchPublicPage: (url: string, options: Parameters<typeof original.fetchPublicPage>[1] = {}) =>
      url === silentSite
        ? original.fetchPublicPage(hanging.url, { ...options, allowPrivateHostsForTests: ['127.0.0.1'] })
        : original.fetchPublicPage(url, options),
  };
});

const twin = twinForSuite({ waitScale: 0.1, reconcileIntervalMs: 3_600_000 });
const made: ExpectedEnd = { order_status: 'completed', payment_status: 'paid', executions: 1, buyerEmails: 2 };
let server: Server | undefined;

beforeAll(async () => {
  // Takes the request and never answers it.
  server = createServer(() => {
    hanging.requests += 1;
  });
  const listening = server;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  hanging.url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

describe('the website analysis timing out', () => {
  // The order carries the product photo (support/pay.ts): without one, a site that cannot be read
  // fails the order instead (docs/spec-deviations.md; integration/lambdas/orders/unreadable-site.test.ts).
  it("gives up on the silent site after its deadline and makes the ad from the domain and the buyer's photo, once", async () => {
    await timed('analysis timing out', async () => {
      const order = await paidOrder(twin.current, 'silent-site', { website: silentSite });
      const end = await expectOrderEnd(twin.current, order, made);
      expect(hanging.requests).toBeGreaterThanOrEqual(1);
      expect(end.order?.failure_reason).toBeUndefined();
    });
  });
});
