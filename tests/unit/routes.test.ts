import { describe, expect, it } from 'vitest';
import { apiRoutes, matchRoute } from '#shared/routes';

describe('the route table', () => {
  it('matches a path parameter by name', () => {
    const match = matchRoute('GET', '/api/orders/abc-123');

    expect(match).toMatchObject({ route: { name: 'GetOrder' }, pathParameters: { id: 'abc-123' } });
  });

  it('tells an unknown path from a known path with the wrong method', () => {
    expect(matchRoute('GET', '/api/nope')).toEqual({ error: 'NOT_FOUND' });
    expect(matchRoute('DELETE', '/api/orders')).toEqual({ error: 'METHOD_NOT_ALLOWED' });
    expect(matchRoute('GET', '/api/orders/')).toEqual({ error: 'NOT_FOUND' });
  });

  it('declares each method and path once', () => {
    const keys = apiRoutes.map((route) => `${route.method} ${route.path}`);

    expect(new Set(keys).size).toBe(keys.length);
  });
});
