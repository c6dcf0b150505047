// A page made to stall the site reader (tests/fixtures/hostile-pages.ts), sent through the twin's
// preview: the twin runs every handler in one process, so a reader that held its thread held every
// other request with it (GET /api/capacity took 44 s). The reader now runs on a thread of its own,
// linear in the page: the capacity asked for while the page is being read answers first, and the
// preview says plainly that the site could not be read, never a 500.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewResponse } from '#shared/preview-contract.ts';
import { hostilePages, pageCapBytes } from '#tests/fixtures/hostile-pages.ts';
import { callApi, twinForSuite } from '../../../support/twin.ts';

const hostileHost = 'endless-dots.test';
const twin = twinForSuite({
  testSiteHosts: { addresses: { [hostileHost]: '127.0.0.1' }, allowPrivate: [hostileHost] },
});

let site: Server;
let pageServed: Promise<void>;

beforeAll(async () => {
  // Endless dots: a 2 MB page whose only text is one "word" of dots, read by the old trim for hours.
  const page = hostilePages.find((candidate) => candidate.name === 'endless dots')!.build(pageCapBytes);
  let served = () => {};
  pageServed = new Promise((resolve) => {
    served = resolve;
  });
  site = createServer((_request, response) => {
    response.on('finish', served);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

describe('a hostile page in a preview', () => {
  it('leaves the twin answering, and is said to be unreadable, not a 500', async () => {
    // Arrange
    const { port } = site.address() as AddressInfo;
    const finished: string[] = [];

    // Act: the preview fetches the page; the capacity is asked for once the page is in the reader's hands.
    const preview = callApi<PreviewResponse>(twin.current, 'POST', '/api/previews', {
      website: `http://${hostileHost}:${port}/`,
      style: 'cinematic',
      durationSeconds: '12',
    }).then((answer) => {
      finished.push('preview');
      return answer;
    });
    await pageServed;
    const capacity = await callApi(twin.current, 'GET', '/api/capacity');
    finished.push('capacity');
    const previewed = await preview;

    // Assert
    expect(capacity.status).toBe(200);
    expect(finished).toEqual(['capacity', 'preview']);
    expect(previewed.status).toBe(200);
    expect(previewed.body).toMatchObject({ readable: false, reason: 'its page has no text we could read' });
  }, 120_000);
});
