// Decides whether a buyer-supplied website may be stored and later fetched: http(s) only and
// a host that is not loopback, private, link-local or otherwise internal. The DNS-level check
// (the name resolving to a public address) happens again, with isPublicIp, when the site is
// fetched. Runs in the browser too, so the address rules come from ipaddr.js, not node:net.
import ipaddr from 'ipaddr.js';

const internalHostSuffixes = ['.localhost', '.local', '.internal', '.intranet', '.home.arpa', '.lan', '.corp'];

/**
 * IANA's global unicast space. ipaddr.js calls every address it has no special range for
 * 'unicast', unallocated space and registry entries newer than the library included.
 */
const globalUnicastV6 = ipaddr.IPv6.parseCIDR('2000::/3');

// IPv6 forms that reach an IPv4 host, with their own prefixes rather than the library's range names.
const teredo = ipaddr.IPv6.parseCIDR('2001::/32');
const sixToFour = ipaddr.IPv6.parseCIDR('2002::/16');
/** Mapped, SIIT, compatible and NAT64: the IPv4 address is the last 32 bits. */
const lastFourCarriers = ['::ffff:0:0/96', '::ffff:0:0:0/96', '::/96', '64:ff9b::/96'].map((cidr) =>
  ipaddr.IPv6.parseCIDR(cidr),
);

/** Adds https:// when the buyer typed a bare domain, as the site's url field would not. */
export function withScheme(raw: string): string {
  const value = raw.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
}

/**
 * True for an address a public website may have. Only dotted-quad IPv4 and IPv6 text count as
 * addresses (what DNS answers, and what URL parsing leaves of decimal, octal and hex hosts).
 * IPv4: ipaddr.js ranks it 'unicast', i.e. in none of IANA's special-purpose ranges. IPv6: three
 * checks, each refusing on its own, so no verdict rests on the library's range table alone —
 * ranked 'unicast', inside 2000::/3, and no internal IPv4 carried inside it.
 */
export function isPublicIp(address: string): boolean {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return ipaddr.IPv4.parse(address).range() === 'unicast';
  if (!ipaddr.IPv6.isValid(address)) return false;
  const parsed = ipaddr.IPv6.parse(address);
  if (parsed.zoneId) return false;
  return (
    parsed.range() === 'unicast' &&
    parsed.match(globalUnicastV6) &&
    carriedIpv4(parsed).every((carried) => carried.range() === 'unicast')
  );
}

/**
 * The IPv4 addresses an IPv6 form reaches: Teredo's server and client (the client's bits
 * inverted), 6to4's router, and the last 32 bits of a mapped, SIIT, compatible (which ipaddr.js
 * ranks 'unicast') or NAT64 address.
 */
function carriedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const [, p1 = 0, p2 = 0, p3 = 0, , , p6 = 0, p7 = 0] = address.parts;
  const ipv4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  if (address.match(teredo)) return [ipv4(p2, p3), ipv4(~p6 & 0xffff, ~p7 & 0xffff)];
  if (address.match(sixToFour)) return [ipv4(p1, p2)];
  return lastFourCarriers.some((prefix) => address.match(prefix)) ? [ipv4(p6, p7)] : [];
}

/** True when the URL names its host by an address ('http://93.184.216.34/', 'http://[2606:2800::1]/'), not by a name. */
export function isAddressHost(url: URL): boolean {
  return url.hostname.startsWith('[') || ipaddr.IPv4.isValidFourPartDecimal(url.hostname.replace(/\.$/, ''));
}

/**
 * Host names the local twin serves its test sites under, on random ports. Only the twin sets them
 * (setTestSiteHosts in lambdas/generation/website/fetch-public-page.ts); in AWS there are none.
 */
let anyPortHostsForTests: ReadonlySet<string> = new Set();

export function allowAnyPortForTestHosts(hosts: Iterable<string>): void {
  anyPortHostsForTests = new Set([...hosts].map((host) => host.toLowerCase()));
}

/**
 * True when the URL is on its scheme's own port (80 for http, 443 for https, written or not; URL
 * parsing drops a written default port). A website is served there; any other port would make
 * the site reader a port scanner of every public host.
 */
export function isOnWebsitePort(url: URL): boolean {
  return url.port === '' || anyPortHostsForTests.has(url.hostname.toLowerCase());
}

/** The URL if it is an http(s) URL on a public-looking host and its scheme's port, else null. */
export function parsePublicWebsite(raw: string): URL | null {
  const url = publicUrl(raw);
  return url && isOnWebsitePort(url) ? url : null;
}

/** True when `raw` would be a public website but names another port (`https://shop.example:6379/`). */
export function isWebsiteOnAnotherPort(raw: string): boolean {
  const url = publicUrl(raw);
  return url !== null && !isOnWebsitePort(url);
}

/** The URL if it is an http(s) URL on a public-looking host, whatever its port, else null. */
function publicUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(withScheme(raw));
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  // URL parsing has already turned 2130706433, 0x7f.1 and 017700000001 into 127.0.0.1.
  // A fully qualified name's trailing dot (`localhost.`) names the same host: judge it without.
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (isAddressHost(url)) return isPublicIp(host.replace(/^\[|\]$/g, '')) ? url : null;
  if (!host.includes('.') || host === 'localhost') return null;
  if (internalHostSuffixes.some((suffix) => host.endsWith(suffix))) return null;
  if (!/^[a-z0-9.-]+$/.test(host) || host.startsWith('.') || host.includes('..')) return null;
  return url;
}
