// Every HTTP route, declared once. lib/api builds API Gateway routes + one Lambda each from
// this table; the local twin's server dispatches /api/* with it. Each route's method and path come
// from api-paths.ts, from which the site builds its API calls (routePath). `entry` is relative to lambdas/.
import { apiPaths } from './api-paths.ts';
import type { Capability } from './capabilities.ts';

export interface ApiRoute {
  /** Construct id and log name. */
  name: string;
  method: 'GET' | 'POST';
  /** API Gateway path syntax: `{id}` is a path parameter. */
  path: string;
  entry: string;
  /** What the route's function may touch; lib/api grants each (every API function also counts per-IP attempts). */
  uses: readonly Capability[];
  /** API Gateway route throttling (steady requests/second, burst). */
  throttle: { rate: number; burst: number };
  timeoutSeconds: number;
  /**
   * Decodes untrusted images with sharp (a native addon) and draws with the renderer's layers: lib/api
   * carries sharp and the Inter fonts and builds for sharp's CPU.
   */
  decodesImages?: true;
  /** Reads buyers' websites: lib/ bundles the site reader's worker thread beside the handler. */
  readsWebsites?: true;
}

export const apiRoutes = [
  {
    name: 'CreateUpload',
    ...apiPaths.CreateUpload,
    entry: 'uploads/create-upload.handler.ts',
    uses: ['images:presign', 'rateLimits'],
    throttle: { rate: 20, burst: 40 },
    timeoutSeconds: 10,
  },
  {
    // What the ad will be made from, before paying (docs/design.md "Generation pipeline"): reads the site with a
    // shorter deadline, cleans its images into our bucket and caches both for the generation.
    name: 'CreatePreview',
    ...apiPaths.CreatePreview,
    entry: 'generation/preview/create-preview.handler.ts',
    uses: ['previews:write', 'images:read', 'rateLimits', 'contentCheck'],
    // Bounds the executions previews can hold: previewConcurrencyShare.
    throttle: { rate: 2, burst: 5 },
    timeoutSeconds: 10,
    decodesImages: true,
    readsWebsites: true,
  },
  {
    name: 'CreateOrder',
    ...apiPaths.CreateOrder,
    entry: 'orders/create-order.handler.ts',
    // images:read also reads the preview's cache (previews/), which spares a photo-less order a second read of its site.
    uses: ['orders:write', 'rateLimits', 'images:read', 'stripe:checkout'],
    throttle: { rate: 20, burst: 40 },
    timeoutSeconds: 15,
    // An order without a photo needs a site that can be read (orders/photo-requirement.ts).
    readsWebsites: true,
  },
  {
    name: 'GetOrder',
    ...apiPaths.GetOrder,
    entry: 'orders/get-order.handler.ts',
    // stripe:read: an unpaid order's read asks Stripe about its session (a late or lost webhook).
    uses: ['orders:read', 'orders:write', 'rateLimits', 'executions:start', 'stripe:read', 'videos:read'],
    throttle: { rate: 100, burst: 200 },
    timeoutSeconds: 10,
  },
  {
    name: 'CancelOrder',
    ...apiPaths.CancelOrder,
    entry: 'orders/cancel-order.handler.ts',
    // stripe:checkout: expires the session, reading it before and after (the checkout key may).
    uses: ['orders:read', 'orders:write', 'rateLimits', 'executions:start', 'stripe:checkout'],
    throttle: { rate: 20, burst: 40 },
    timeoutSeconds: 10,
  },
  {
    // The order's one free revision (shared/revision.ts): the note passes the content check and
    // starts the revision's own execution (<order id>-v2) of the generation state machine.
    name: 'RequestRevision',
    ...apiPaths.RequestRevision,
    entry: 'orders/request-revision.handler.ts',
    // images:read: the photo added to the note must be one POST /api/uploads stored.
    // copywriterName: whether the stage's writer takes the note's free text (no model access).
    // renderRequests:read: the note's requests are tried on the ad's kept render request first.
    uses: [
      'orders:read',
      'orders:write',
      'rateLimits',
      'images:read',
      'renderRequests:read',
      'contentCheck',
      'executions:start',
      'copywriterName',
    ],
    throttle: { rate: 10, burst: 20 },
    timeoutSeconds: 15,
  },
  {
    name: 'StripeWebhook',
    ...apiPaths.StripeWebhook,
    entry: 'orders/stripe-webhook.handler.ts',
    uses: [
      'orders:read',
      'orders:write',
      'rateLimits',
      'webhookEvents',
      'executions:start',
      // A payment for a full mailbox is refused and refunded here, and the mailbox's other open
      // checkouts expired (lambdas/orders/checkout-outcome.ts: the buyer's own routes leave it to this one).
      'stripe:checkout',
      'stripe:refund',
      'mail',
      'stripe:webhook',
    ],
    throttle: { rate: 50, burst: 100 },
    timeoutSeconds: 15,
  },
  {
    // Reads the day's order counter in rate-limits; answers are cached for a minute.
    name: 'GetCapacity',
    ...apiPaths.GetCapacity,
    entry: 'orders/get-capacity.handler.ts',
    uses: ['rateLimits'],
    throttle: { rate: 50, burst: 100 },
    timeoutSeconds: 5,
  },
  {
    // Records the request and answers; it cannot send mail (no `mail`): the subscribers table's
    // stream hands the request to the confirmation sender (lib/newsletter), so a new and a known
    // address take the same path and the same time.
    name: 'NewsletterSubscribe',
    ...apiPaths.NewsletterSubscribe,
    entry: 'newsletter/subscribe.handler.ts',
    uses: ['newsletter:subscribe', 'rateLimits'],
    throttle: { rate: 10, burst: 20 },
    timeoutSeconds: 10,
  },
  {
    // The confirm page's button; a GET of the link (what mail scanners fetch) only shows the page.
    name: 'NewsletterConfirm',
    ...apiPaths.NewsletterConfirm,
    entry: 'newsletter/confirm.handler.ts',
    uses: ['newsletter:confirm'],
    throttle: { rate: 10, burst: 20 },
    timeoutSeconds: 5,
  },
  {
    name: 'NewsletterConfirmLink',
    ...apiPaths.NewsletterConfirmLink,
    entry: 'newsletter/confirm-link.handler.ts',
    uses: [],
    throttle: { rate: 10, burst: 20 },
    timeoutSeconds: 5,
  },
  {
    // RFC 8058 one-click unsubscribe (the List-Unsubscribe URL, POSTed by the mail client), also
    // the unsubscribe page's button.
    name: 'NewsletterUnsubscribe',
    ...apiPaths.NewsletterUnsubscribe,
    entry: 'newsletter/unsubscribe.handler.ts',
    uses: ['newsletter:unsubscribe'],
    throttle: { rate: 10, burst: 20 },
    timeoutSeconds: 5,
  },
  {
    name: 'NewsletterUnsubscribeLink',
    ...apiPaths.NewsletterUnsubscribeLink,
    entry: 'newsletter/unsubscribe-link.handler.ts',
    uses: [],
    throttle: { rate: 10, burst: 20 },
    timeoutSeconds: 5,
  },
] as const satisfies readonly ApiRoute[];

export type { ApiRouteName } from './api-paths.ts';

/**
 * The share of the account's Lambda concurrency previews may hold, whatever a flood sends. A
 * preview is the one anonymous request that may run to its timeout on a stranger's say-so (a slow
 * or hostile site), and an account at or below 100 concurrent executions can reserve nothing for
 * the money path (Lambda keeps 100 unreserved). The preview route's API Gateway throttle bounds it
 * instead, with no reservation: API Gateway starts at most `burst` previews at once and `rate` a
 * second after, and each ends by its timeout, so previews hold at most
 * burst + rate × timeout = 5 + 2/s × 10 s = 25 executions, a quarter of a quota of 100. The other
 * 75 stay for orders, the Stripe webhook and the ads. concurrencyQuotaNeeded() is that 100, which
 * `cdk synth` prints (lib/api); a larger quota can also reserve render concurrency
 * (renderReservedConcurrency).
 */
export const previewConcurrencyShare = 0.25;

/** The most executions a route's function can hold while API Gateway throttles it: burst + rate × timeout. */
export function peakConcurrency(route: Pick<ApiRoute, 'throttle' | 'timeoutSeconds'>): number {
  return route.throttle.burst + route.throttle.rate * route.timeoutSeconds;
}

/** The account quota of concurrent executions under which previews keep to their share. */
export function concurrencyQuotaNeeded(): number {
  const preview = apiRoutes.find((route) => route.name === 'CreatePreview');
  if (!preview) throw new Error('No CreatePreview route');
  return Math.ceil(peakConcurrency(preview) / previewConcurrencyShare);
}

/**
 * Matches a request to a route; path parameters by name. Used by the twin, the $default route's
 * function and tests. A path with a malformed percent-encoding (`%E0%A4%A`) matches no route, as
 * in API Gateway, which decodes the path before it routes: the request reaches $default (404).
 */
export function matchRoute(
  method: string,
  path: string,
): { route: ApiRoute; pathParameters: Record<string, string> } | { error: 'NOT_FOUND' | 'METHOD_NOT_ALLOWED' } {
  let pathMatched = false;
  for (const route of apiRoutes as readonly ApiRoute[]) {
    const pathParameters = matchPath(route.path, path);
    if (!pathParameters) continue;
    pathMatched = true;
    if (route.method === method.toUpperCase()) return { route, pathParameters };
  }
  return { error: pathMatched ? 'METHOD_NOT_ALLOWED' : 'NOT_FOUND' };
}

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const actual = got[i] ?? '';
    const param = part.match(/^\{(\w+)\}$/);
    if (param?.[1]) {
      const value = decodedSegment(actual);
      if (!value) return null;
      params[param[1]] = value;
    } else if (part !== actual) return null;
  }
  return params;
}

/** The segment decoded; null when it is empty or not valid percent-encoded UTF-8. */
function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment) || null;
  } catch {
    return null;
  }
}
