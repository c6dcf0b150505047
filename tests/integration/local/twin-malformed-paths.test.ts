// Paths a browser would never send, with a malformed percent-encoding: the twin answers them as not
// found, never with a 500. On /api/* as API Gateway does: an HTTP API decodes the path before it
// routes, such a path matches no route, and the $default route's function answers 404 NOT_FOUND.
import { describe, expect, it } from 'vitest';
import { apiMessages } from '#shared/contract.ts';
import { callApi, twinForSuite } from '../support/twin.ts';

const twin = twinForSuite();

describe('a path whose percent-encoding is malformed', () => {
  it.each([
    ['GET', '/api/orders/%E0%A4%A'],
    ['GET', '/api/orders/%'],
    ['GET', '/api/orders/%ZZ'],
    ['POST', '/api/orders/%E0%A4%A/cancel'],
    ['GET', '/api/%E0%A4%A'],
  ])('%s %s answers 404 NOT_FOUND', async (method, path) => {
    // Act
    const answer = await callApi(twin.current, method, path);

    // Assess
    expect(answer).toEqual({ status: 404, body: { error: apiMessages.notFound, errorCode: 'NOT_FOUND' } });
  });

  it('still reaches the route when the encoding is well formed', async () => {
    // Act: %25 is a literal percent sign, which no order id has.
    const answer = await callApi(twin.current, 'GET', '/api/orders/%25E0%25A4');

    // Assess
    expect(answer).toEqual({ status: 404, body: { error: apiMessages.orderNotFound, errorCode: 'NOT_FOUND' } });
  });
});

describe('a site or ops page path whose percent-encoding is malformed', () => {
  it.each(['/%E0%A4%A', '/blog/%E0%A4%A', '/_local/executions/%E0%A4%A', '/_local/mail/%E0%A4%A'])(
    'GET %s answers 404',
    async (path) => {
      // Act
      const response = await fetch(`${twin.current.url}${path}`);

      // Assess
      expect(response.status).toBe(404);
    },
  );
});
