// Decides whether a buyer-supplied website may be stored and later fetched: http(s) only and
// a host that is not loopback, private, link-local or otherwise internal. The DNS-level check
// (the name resolving to a public address) happens again when the site is fetched.
import { isIP } from 'node:net';

const internalHostSuffixes = ['.localhost', '.local', '.internal', '.intranet', '.home.arpa', '.lan', '.corp'];

/** Adds https:// when the buyer typed a bare domain, as the site's url field would not. */
export function withScheme(raw: string): string {
  const value = raw.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
}

export function isPublicIp(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return isPublicIpv4(address);
  if (version === 6) return isPublicIpv6(address.toLowerCase());
  return false;
}

function isPublicIpv4(address: string): boolean {
  const [a = 0, b = 0] = address.split('.').map(Number);
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
  if (a === 100 && b >= 64 && b <= 127) return false; // carrier-grade NAT
  if (a === 169 && b === 254) return false; // link-local, cloud metadata
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && (b === 168 || b === 0)) return false;
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  return true;
}

function isPublicIpv6(address: string): boolean {
  if (address === '::' || address === '::1') return false;
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped?.[1]) return isPublicIpv4(mapped[1]);
  // WHATWG URL writes IPv4-mapped addresses in hex (::ffff:7f00:1 for 127.0.0.1).
  const mappedHex = address.match(/^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (mappedHex?.[1] && mappedHex[2]) {
    const high = Number.parseInt(mappedHex[1], 16);
    const low = Number.parseInt(mappedHex[2], 16);
    return isPublicIpv4(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  if (/^(fc|fd)/.test(address)) return false; // unique local
  if (/^fe[89ab]/.test(address)) return false; // link-local
  if (address.startsWith('ff')) return false; // multicast
  return true;
}

/** The URL if it is an http(s) URL on a public-looking host, else null. */
export function parsePublicWebsite(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(withScheme(raw));
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host)) return isPublicIp(host) ? url : null;
  if (!host.includes('.') || host === 'localhost') return null;
  if (internalHostSuffixes.some((suffix) => host.endsWith(suffix))) return null;
  if (!/^[a-z0-9.-]+$/.test(host) || host.startsWith('.') || host.includes('..')) return null;
  return url;
}
