import { describe, expect, it } from 'vitest';
import { apiPaths, routePath } from '#shared/api-paths.ts';
import { apiRoutes, matchRoute } from '#shared/routes.ts';

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

  it('has exactly one route for each method and path the site may call, under the same name', () => {
    expect(apiRoutes.map((route) => route.name).sort()).toEqual(Object.keys(apiPaths).sort());
    for (const route of apiRoutes) {
      expect({ method: route.method, path: route.path }, route.name).toEqual(apiPaths[route.name]);
    }
  });

  it('names each capability of a route once', () => {
    for (const route of apiRoutes) {
      expect(new Set(route.uses).size, route.name).toBe(route.uses.length);
    }
  });
});

describe('routePath', () => {
  it('gives the site the path of a route without parameters', () => {
    expect(routePath('CreateOrder')).toBe('/api/orders');
  });

  it('fills in and encodes a path parameter', () => {
    expect(routePath('CancelOrder', { id: 'a b/c' })).toBe('/api/orders/a%20b%2Fc/cancel');
  });

  it('gives a path that the route table matches back to the same route', () => {
    const match = matchRoute('GET', routePath('GetOrder', { id: 'abc-123' }));

    expect(match).toMatchObject({ route: { name: 'GetOrder' }, pathParameters: { id: 'abc-123' } });
  });
});
