import { describe, expect, it } from 'vitest';
import { matchRoute } from '#shared/routes.ts';

describe('matching a path with percent-encoding', () => {
  it('decodes a path parameter', () => {
    expect(matchRoute('GET', '/api/orders/a%20b')).toMatchObject({ pathParameters: { id: 'a b' } });
  });

  it.each([
    ['GET', '/api/orders/%E0%A4%A'],
    ['GET', '/api/orders/%'],
    ['GET', '/api/orders/%ZZ'],
    ['GET', '/api/orders/%C0%AF'],
    ['POST', '/api/orders/%E0%A4%A/cancel'],
  ])('matches no route for %s %s, whose encoding is malformed', (method, path) => {
    expect(matchRoute(method, path)).toEqual({ error: 'NOT_FOUND' });
  });
});
