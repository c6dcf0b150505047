// The site's edge behaviour as plain values, shared by CloudFront (lib/site) and the local twin,
// which runs the same function source with `new Function`: clean URLs, 404s with status 404, cache
// lifetimes and the security headers. Function bodies are self-contained cloudfront-js-2.0 (no
// imports).
import { pageFile, paths } from '#shared/paths.ts';
import { type RuntimeConfig, runtimeConfigPath } from '#shared/runtime-config.ts';

/** Files the build puts at the site root besides the pages (feed, crawler files, icons). */
export const rootFiles: readonly string[] = [
  '/rss.xml',
  '/sitemap.xml',
  '/robots.txt',
  '/site.webmanifest',
  '/favicon.ico',
  '/favicon.svg',
  '/apple-touch-icon.png',
  '/icon-192.png',
  '/icon-512.png',
  '/og-image.jpg',
];

/** Where the build puts its content-hashed bundles, styles and images. */
export const assetsPrefix = '/assets/';

export const notFoundObject = pageFile(paths.notFound);

/** A hashed asset's name changes with its content, so browsers and CloudFront may keep it for a year. */
export const assetCacheControl = 'public, max-age=31536000, immutable';
/**
 * Pages, root files and the 404 page keep their names across deploys: browsers revalidate them on
 * every use (a cheap 304 thanks to the ETag), so a deploy is seen at once.
 */
export const documentCacheControl = 'no-cache';

/** The Cache-Control an object of the built site is stored with (S3 metadata in AWS, the twin alike). */
export function cacheControlOf(objectPath: string): string {
  return objectPath.startsWith(assetsPrefix) ? assetCacheControl : documentCacheControl;
}

/**
 * Viewer request: known pages map to their object, assets and root files pass through, a known
 * page asked for with a trailing slash is redirected (301) to its one URL, and anything else becomes
 * the 404 page. A CloudFront Function cannot ask S3 whether an object exists, so the list of pages
 * is fixed at build time.
 *
 * `/config.json` (the site's runtime config) is answered here: its values — the realtime
 * endpoint and the API key every deploy renews — are written into the function's code by the
 * deploy, so no object in the bucket can go stale and no deploy-time Lambda is needed.
 */
export function viewerRequestCode(knownPaths: readonly string[], runtimeConfig: RuntimeConfig): string {
  const pages = Object.fromEntries(knownPaths.map((path) => [path, pageFile(path)]));
  const passThrough = Object.fromEntries(rootFiles.map((file) => [file, true]));
  // Query string values arrive as the viewer sent them (still percent-encoded), so they are
  // joined back unchanged.
  return `var pages = ${JSON.stringify(pages)};
var passThrough = ${JSON.stringify(passThrough)};
var runtimeConfig = ${JSON.stringify(JSON.stringify(runtimeConfig))};

function queryString(querystring) {
  var parts = [];
  for (var name in querystring) {
    var values = querystring[name].multiValue || [querystring[name]];
    for (var i = 0; i < values.length; i++) {
      parts.push(values[i].value === '' ? name : name + '=' + values[i].value);
    }
  }
  return parts.length > 0 ? '?' + parts.join('&') : '';
}

function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === ${JSON.stringify(runtimeConfigPath)}) {
    return {
      statusCode: 200,
      statusDescription: 'OK',
      headers: { 'content-type': { value: 'application/json' }, 'cache-control': { value: 'no-cache' } },
      body: { encoding: 'text', data: runtimeConfig },
    };
  }
  if (uri.indexOf(${JSON.stringify(assetsPrefix)}) === 0 || passThrough[uri] === true) return request;
  var object = pages[uri];
  if (typeof object === 'string') {
    request.uri = object;
    return request;
  }
  // /terms/ is the page /terms: one URL per page, so links and search engines agree.
  var withoutSlash = uri.slice(0, -1);
  if (uri.charAt(uri.length - 1) === '/' && typeof pages[withoutSlash] === 'string') {
    return {
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: { location: { value: withoutSlash + queryString(request.querystring) } },
    };
  }
  request.uri = ${JSON.stringify(notFoundObject)};
  return request;
}
`;
}

/** Viewer response: the 404 page is stored as a normal object, so its status is set here. */
export function viewerResponseCode(): string {
  return `function handler(event) {
  var response = event.response;
  if (event.request.uri === ${JSON.stringify(notFoundObject)}) {
    response.statusCode = 404;
    response.statusDescription = 'Not Found';
  }
  return response;
}
`;
}

/** Origins the pages talk to besides their own: AppSync and S3 in AWS, the emulators on the twin. */
export interface SiteHosts {
  /** fetch/XHR/WebSocket targets: AppSync HTTP + realtime, the images bucket (presigned PUT). */
  connect: readonly string[];
  /** Video and poster sources: the videos bucket (presigned GET). */
  media: readonly string[];
  /** Upload previews: the images bucket (presigned GET). */
  images: readonly string[];
}

export function contentSecurityPolicy(hosts: SiteHosts): string {
  const list = (...sources: readonly string[]) => sources.join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Prerendered pages carry inline critical CSS; script stays strict, which is what matters.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', 'blob:', ...hosts.images, ...hosts.media)}`,
    `media-src ${list("'self'", 'blob:', ...hosts.media)}`,
    `connect-src ${list("'self'", ...hosts.connect)}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Two years, the preload list's minimum; subdomains (staging) are HTTPS too. */
export const strictTransportSecurity = { maxAgeSeconds: 63_072_000, includeSubdomains: true } as const;
const referrerPolicy = 'strict-origin-when-cross-origin';
export const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=()';

/** Header name (lower case) → value, exactly what CloudFront's response headers policy sends. */
export function securityHeaders(hosts: SiteHosts): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(hosts),
    'strict-transport-security': `max-age=${strictTransportSecurity.maxAgeSeconds}; includeSubDomains`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': referrerPolicy,
    'permissions-policy': permissionsPolicy,
  };
}
