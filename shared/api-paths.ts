// Each API route's method and path: the part of the route table (routes.ts) the site needs. The
// table spreads these in, and the site builds its calls from here (routePath), so the table's
// handlers, grants and limits stay out of the home page's bundle.

export const apiPaths = {
  CreateUpload: { method: 'POST', path: '/api/uploads' },
  CreatePreview: { method: 'POST', path: '/api/previews' },
  CreateOrder: { method: 'POST', path: '/api/orders' },
  GetOrder: { method: 'GET', path: '/api/orders/{id}' },
  CancelOrder: { method: 'POST', path: '/api/orders/{id}/cancel' },
  RequestRevision: { method: 'POST', path: '/api/orders/{id}/revisions' },
  StripeWebhook: { method: 'POST', path: '/api/stripe/webhook' },
  GetCapacity: { method: 'GET', path: '/api/capacity' },
  NewsletterSubscribe: { method: 'POST', path: '/api/newsletter' },
  NewsletterConfirm: { method: 'POST', path: '/api/newsletter/confirm' },
  NewsletterConfirmLink: { method: 'GET', path: '/api/newsletter/confirm' },
  NewsletterUnsubscribe: { method: 'POST', path: '/api/newsletter/unsubscribe' },
  NewsletterUnsubscribeLink: { method: 'GET', path: '/api/newsletter/unsubscribe' },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: string }>;

export type ApiRouteName = keyof typeof apiPaths;

/** `'/api/orders/{id}/cancel'` → `'id'`. */
type PathParameterNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParameterNames<Rest>
  : never;
type PathParameters<Name extends ApiRouteName> = Record<PathParameterNames<(typeof apiPaths)[Name]['path']>, string>;

/**
 * The path the site calls for a route, its parameters filled in and encoded:
 * `routePath('CancelOrder', { id })` → `/api/orders/<id>/cancel`. The site derives every API
 * path from here, so a route cannot move without the site following it.
 */
export function routePath<Name extends ApiRouteName>(
  name: Name,
  ...[parameters]: PathParameterNames<(typeof apiPaths)[Name]['path']> extends never ? [] : [PathParameters<Name>]
): string {
  const values: Record<string, string> = parameters ?? {};
  return apiPaths[name].path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(values[key] ?? ''));
}
