// Fetches the buyer's page without letting a URL reach anything internal (docs/design.md "Generation pipeline"; docs/threat-model.md).
// Every hop is checked, resolved and vetted, then connected to BY THE VETTED ADDRESS, so a DNS
// answer cannot change between the check and the connection (DNS rebinding); redirects are
// followed by hand so each one is vetted the same way.
import { promises as dns, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { config } from '#shared/config.ts';
import {
  allowAnyPortForTestHosts,
  isPublicIp,
  isWebsiteOnAnotherPort,
  parsePublicWebsite,
} from '#shared/public-url.ts';

export const pageFetchLimits = { timeoutMs: 8_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 } as const;

export type HostResolver = (hostname: string) => Promise<LookupAddress[]>;

export interface FetchPublicPageOptions {
  /**
   * Host names, as written in the URL, that may be (or resolve to) loopback or private addresses.
   * Only tests set this, to reach servers on 127.0.0.1; the product never does.
   */
  allowPrivateHostsForTests?: readonly string[];
  /** For the whole fetch, redirects included. */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Tests swap DNS to make a public-looking name answer with a chosen address. */
  resolveHost?: HostResolver;
}

export type PageFetchResult = { finalUrl: string; html: string } | { failure: string };

const htmlMediaTypes = new Set(['text/html', 'application/xhtml+xml']);
const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const userAgent = `${config.brand.name}Bot/1.0 (+${config.siteUrl})`;

/** Why a page was not fetched; thrown inside, returned as `{ failure }` at the edge. */
class PageRefused extends Error {}

const resolveAllAddresses: HostResolver = (hostname) => dns.lookup(hostname, { all: true });

/**
 * Sites the local twin's tests and bench serve on 127.0.0.1 under public-looking names: what each
 * name resolves to, and which of them may be private. Only local/twin.ts sets this, from its own
 * options (a Lambda never does), so the twin's handlers can read a test site while the guard
 * still refuses every other private address, and a name mapped but not allowed shows the refusal.
 */
export interface TestSiteHosts {
  addresses: Readonly<Record<string, string>>;
  allowPrivate: readonly string[];
  /**
   * The port a name's site really listens on when its URL names none: the twin serves its demo
   * shops (and a site the user names) at `http://emberoakcoffee.test/`, as a buyer would type it.
   */
  ports?: Readonly<Record<string, number>>;
}
let testSiteHosts: TestSiteHosts | null = null;

export function setTestSiteHosts(hosts: TestSiteHosts | null): void {
  testSiteHosts = hosts;
  // The test sites listen on random ports: the website rules take their names on any port.
  allowAnyPortForTestHosts(Object.keys(hosts?.addresses ?? {}));
}

function testSiteResolver(hosts: TestSiteHosts): HostResolver {
  return (hostname) => {
    const address = hosts.addresses[hostname];
    return address ? Promise.resolve([{ address, family: isIP(address) }]) : resolveAllAddresses(hostname);
  };
}

interface FetchSettings {
  allowedHosts: ReadonlySet<string>;
  maxBytes: number;
  maxRedirects: number;
  resolveHost: HostResolver;
  signal: AbortSignal;
}

/** The page's HTML, or a short reason it was not fetched; never throws for a bad site. */
export async function fetchPublicPage(url: string, options: FetchPublicPageOptions = {}): Promise<PageFetchResult> {
  return fetchPublic(url, options, htmlReader);
}

export type ImageFetchResult = { finalUrl: string; bytes: Buffer; type: 'jpg' | 'png' | 'webp' } | { failure: string };

const imageMediaTypes: Record<string, 'jpg' | 'png' | 'webp'> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The site's share image (og:image / logo) under the same rules as the page; ≤ 5 MB, jpeg/png/webp. */
export async function fetchPublicImage(url: string, options: FetchPublicPageOptions = {}): Promise<ImageFetchResult> {
  return fetchPublic(url, { maxBytes: config.limits.uploadMaxBytes, ...options }, imageReader);
}

interface BodyReader<T> {
  accept: string;
  read(response: http.IncomingMessage, maxBytes: number): Promise<T>;
}

const htmlReader: BodyReader<{ html: string }> = {
  accept: 'text/html,application/xhtml+xml;q=0.9',
  read: async (response, maxBytes) => ({ html: await readHtml(response, maxBytes) }),
};

const imageReader: BodyReader<{ bytes: Buffer; type: 'jpg' | 'png' | 'webp' }> = {
  accept: 'image/webp,image/png,image/jpeg;q=0.9',
  async read(response, maxBytes) {
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) throw new PageRefused(`HTTP ${status}`);
    const mediaType = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const type = imageMediaTypes[mediaType];
    if (!type) throw new PageRefused(`not a jpeg, png or webp image (${mediaType || 'no content type'})`);
    if (Number(response.headers['content-length']) > maxBytes)
      throw new PageRefused(`image larger than ${maxBytes} bytes`);
    return { bytes: await readAtMost(decodedBody(response), maxBytes), type };
  },
};

async function fetchPublic<T extends object>(
  url: string,
  options: FetchPublicPageOptions,
  reader: BodyReader<T>,
): Promise<({ finalUrl: string } & T) | { failure: string }> {
  const timeoutMs = options.timeoutMs ?? pageFetchLimits.timeoutMs;
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(new PageRefused(`timed out after ${timeoutMs} ms`)), timeoutMs);
  const settings: FetchSettings = {
    allowedHosts: new Set(
      (options.allowPrivateHostsForTests ?? testSiteHosts?.allowPrivate)?.map((host) => host.toLowerCase()),
    ),
    maxBytes: options.maxBytes ?? pageFetchLimits.maxBytes,
    maxRedirects: options.maxRedirects ?? pageFetchLimits.maxRedirects,
    resolveHost: options.resolveHost ?? (testSiteHosts ? testSiteResolver(testSiteHosts) : resolveAllAddresses),
    signal: controller.signal,
  };
  try {
    return await untilAborted(followRedirects(url, settings, reader), controller.signal);
  } catch (error) {
    if (error instanceof PageRefused) return { failure: error.message };
    const code = (error as NodeJS.ErrnoException).code;
    return { failure: `request failed (${code ?? (error as Error).message})` };
  } finally {
    clearTimeout(deadline);
    // Closes whatever socket a failure left open.
    controller.abort();
  }
}

async function followRedirects<T extends object>(
  startUrl: string,
  settings: FetchSettings,
  reader: BodyReader<T>,
): Promise<{ finalUrl: string } & T> {
  let url = vetUrl(startUrl, settings);
  for (let redirects = 0; ; redirects += 1) {
    const address = await vetAddress(url, settings);
    settings.signal.throwIfAborted();
    const response = await requestPage(url, address, settings.signal, reader.accept);
    if (!redirectStatuses.has(response.statusCode ?? 0)) {
      return { finalUrl: url.href, ...(await reader.read(response, settings.maxBytes)) };
    }
    response.destroy();
    if (redirects >= settings.maxRedirects) throw new PageRefused(`more than ${settings.maxRedirects} redirects`);
    const location = response.headers.location;
    if (!location) throw new PageRefused('redirect without a Location');
    url = vetUrl(parseUrl(location, url)?.href ?? location, settings);
  }
}

/** http(s) only, on the scheme's own port, and a public host, unless a test allowed the host. */
function vetUrl(raw: string, settings: FetchSettings): URL {
  const url = parseUrl(raw);
  if (!url) throw new PageRefused('not a valid URL');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PageRefused(`${url.protocol} URLs are refused`);
  if (settings.allowedHosts.has(bareHost(url))) return url;
  // Before any DNS: an internal host, then a public one on another port (a redirect may name one).
  if (!parsePublicWebsite(url.href)) {
    throw new PageRefused(
      isWebsiteOnAnotherPort(url.href)
        ? `port ${url.port} is not a website's (80 or 443)`
        : `${bareHost(url)} is not a public host`,
    );
  }
  return url;
}

/** The one address to connect to; refused when ANY address the name has is internal. */
async function vetAddress(url: URL, settings: FetchSettings): Promise<LookupAddress> {
  const host = bareHost(url);
  const literalFamily = isIP(host);
  // An IP literal was vetted with the URL; there is nothing to resolve.
  if (literalFamily) return { address: host, family: literalFamily };
  const addresses = await settings.resolveHost(host).catch(() => []);
  if (addresses.length === 0) throw new PageRefused(`${host} does not resolve`);
  if (!settings.allowedHosts.has(host) && addresses.some(({ address }) => !isPublicIp(address))) {
    throw new PageRefused(`${host} resolves to a non-public address`);
  }
  // Lambda has no IPv6 egress outside a dual-stack VPC, so IPv4 goes first.
  return addresses.find(({ family }) => family === 4) ?? addresses[0]!;
}

// URL.parse arrived in Node 20.18; engines allow any Node 20.
function parseUrl(raw: string, base?: URL): URL | null {
  try {
    return new URL(raw, base);
  } catch {
    return null;
  }
}

function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

function requestPage(
  url: URL,
  address: LookupAddress,
  signal: AbortSignal,
  accept: string,
): Promise<http.IncomingMessage> {
  // Node resolves the name through this instead of DNS, so it connects to the vetted address
  // while Host and TLS SNI still carry the name.
  const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  };
  const send = url.protocol === 'https:' ? https.request : http.request;
  const servedOn = url.port === '' ? testSiteHosts?.ports?.[bareHost(url)] : undefined;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        ...(servedOn ? { port: servedOn } : {}),
        method: 'GET',
        // No pooled sockets: a kept-alive connection could outlive the address it was vetted for.
        agent: false,
        lookup: pinnedLookup,
        signal,
        headers: {
          'user-agent': userAgent,
          accept,
          'accept-encoding': 'gzip, deflate, br',
        },
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

async function readHtml(response: http.IncomingMessage, maxBytes: number): Promise<string> {
  const status = response.statusCode ?? 0;
  if (status < 200 || status >= 300) throw new PageRefused(`HTTP ${status}`);
  const [mediaType = '', ...parameters] = (response.headers['content-type'] ?? '').split(';');
  const type = mediaType.trim().toLowerCase();
  if (!htmlMediaTypes.has(type)) throw new PageRefused(`not an HTML page (${type || 'no content type'})`);
  if (Number(response.headers['content-length']) > maxBytes)
    throw new PageRefused(`page larger than ${maxBytes} bytes`);
  const bytes = await readAtMost(decodedBody(response), maxBytes);
  const charset = parameters.join(';').match(/charset\s*=\s*"?([^";\s]+)/i)?.[1];
  return decodeText(bytes, charset);
}

function decodedBody(response: http.IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity') return response;
  const decoders: Record<string, () => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress> = {
    gzip: zlib.createGunzip,
    'x-gzip': zlib.createGunzip,
    deflate: zlib.createInflate,
    br: zlib.createBrotliDecompress,
  };
  const createDecoder = decoders[encoding];
  if (!createDecoder) throw new PageRefused(`unsupported content encoding (${encoding})`);
  // A failure on either stream surfaces on the decoder, which the caller reads.
  return pipeline(response, createDecoder(), () => {});
}

/** The limit counts decoded bytes, so a small compressed body cannot expand past it. */
async function readAtMost(body: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      body.destroy();
      throw new PageRefused(`page larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function decodeText(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    // An unknown label; UTF-8 reads most of such pages anyway.
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Rejects as soon as `signal` aborts, even while `work` waits on something that cannot be aborted (DNS). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
