import ipaddr from 'ipaddr.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  allowAnyPortForTestHosts,
  isPublicIp,
  isWebsiteOnAnotherPort,
  parsePublicWebsite,
} from '#shared/public-url.ts';

/**
 * One address (or more) in every entry of IANA's IPv4 and IPv6 special-purpose address
 * registries, plus the ranges ipaddr.js names beyond them (multicast, site-local, SIIT), each with
 * the range name ipaddr.js gives it. None may pass for a public website's address.
 */
const specialPurposeAddresses: [address: string, ipaddrRange: string, registryEntry: string][] = [
  ['0.0.0.0', 'unspecified', '0.0.0.0/32 this host on this network'],
  ['0.1.2.3', 'unspecified', '0.0.0.0/8 this network'],
  ['10.1.2.3', 'private', '10.0.0.0/8 private-use'],
  ['100.64.0.1', 'carrierGradeNat', '100.64.0.0/10 shared address space'],
  ['100.127.255.254', 'carrierGradeNat', '100.64.0.0/10 shared address space, last'],
  ['127.0.0.1', 'loopback', '127.0.0.0/8 loopback'],
  ['127.255.255.254', 'loopback', '127.0.0.0/8 loopback, last'],
  ['169.254.169.254', 'linkLocal', '169.254.0.0/16 link local (cloud metadata)'],
  ['172.16.0.1', 'private', '172.16.0.0/12 private-use'],
  ['172.31.255.255', 'private', '172.16.0.0/12 private-use, last'],
  ['192.0.0.1', 'reserved', '192.0.0.0/29 IPv4 service continuity prefix'],
  ['192.0.0.8', 'reserved', '192.0.0.8/32 IPv4 dummy address'],
  ['192.0.0.9', 'reserved', '192.0.0.9/32 port control protocol anycast'],
  ['192.0.0.10', 'reserved', '192.0.0.10/32 TURN anycast'],
  ['192.0.0.170', 'reserved', '192.0.0.170/32 NAT64/DNS64 discovery'],
  ['192.0.0.171', 'reserved', '192.0.0.171/32 NAT64/DNS64 discovery'],
  ['192.0.0.200', 'reserved', '192.0.0.0/24 IETF protocol assignments'],
  ['192.0.2.1', 'reserved', '192.0.2.0/24 documentation (TEST-NET-1)'],
  ['192.31.196.1', 'as112', '192.31.196.0/24 AS112-v4'],
  ['192.52.193.1', 'amt', '192.52.193.0/24 AMT'],
  ['192.88.99.1', 'reserved', '192.88.99.0/24 deprecated 6to4 relay anycast'],
  ['192.88.99.2', 'reserved', '192.88.99.2/32 6a44-relay anycast'],
  ['192.168.1.1', 'private', '192.168.0.0/16 private-use'],
  ['192.175.48.1', 'as112', '192.175.48.0/24 direct delegation AS112 service'],
  ['198.18.0.1', 'reserved', '198.18.0.0/15 benchmarking'],
  ['198.19.255.254', 'reserved', '198.18.0.0/15 benchmarking, last'],
  ['198.51.100.1', 'reserved', '198.51.100.0/24 documentation (TEST-NET-2)'],
  ['203.0.113.1', 'reserved', '203.0.113.0/24 documentation (TEST-NET-3)'],
  ['240.0.0.1', 'reserved', '240.0.0.0/4 reserved'],
  ['255.255.255.255', 'broadcast', '255.255.255.255/32 limited broadcast'],
  ['224.0.0.1', 'multicast', '224.0.0.0/4 multicast (IANA multicast registry)'],
  ['239.255.255.250', 'multicast', '224.0.0.0/4 multicast, SSDP'],
  ['::1', 'loopback', '::1/128 loopback'],
  ['::', 'unspecified', '::/128 unspecified'],
  ['::ffff:7f00:1', 'ipv4Mapped', '::ffff:0:0/96 IPv4-mapped, loopback inside'],
  ['::ffff:808:808', 'ipv4Mapped', '::ffff:0:0/96 IPv4-mapped, even with a public IPv4 inside'],
  ['64:ff9b::808:808', 'rfc6052', '64:ff9b::/96 IPv4-IPv6 translation'],
  ['64:ff9b:1::1', 'rfc6052', '64:ff9b:1::/48 local-use IPv4/IPv6 translation'],
  ['100::1', 'discard', '100::/64 discard-only'],
  ['100:0:0:1::1', 'unicast', '100:0:0:1::/64 dummy IPv6 prefix (newer than ipaddr.js: outside 2000::/3)'],
  ['2001:1ff::1', 'reserved', '2001::/23 IETF protocol assignments'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo', '2001::/32 Teredo'],
  ['2001:1::1', 'reserved', '2001:1::1/128 port control protocol anycast'],
  ['2001:1::2', 'reserved', '2001:1::2/128 TURN anycast'],
  ['2001:1::3', 'reserved', '2001:1::3/128 DNS-SD service registration protocol anycast'],
  ['2001:2::1', 'benchmarking', '2001:2::/48 benchmarking'],
  ['2001:3::1', 'amt', '2001:3::/32 AMT'],
  ['2001:4:112::1', 'as112v6', '2001:4:112::/48 AS112-v6'],
  ['2001:10::1', 'deprecatedOrchid', '2001:10::/28 deprecated ORCHID'],
  ['2001:20::1', 'orchid2', '2001:20::/28 ORCHIDv2'],
  ['2001:30::1', 'droneRemoteIdProtocolEntityTags', '2001:30::/28 drone remote ID entity tags'],
  ['2001:db8::1', 'reserved', '2001:db8::/32 documentation'],
  ['2002:808:808::1', '6to4', '2002::/16 6to4, even with a public IPv4 inside'],
  ['2620:4f:8000::1', 'as112v6', '2620:4f:8000::/48 direct delegation AS112 service'],
  ['3fff::1', 'reserved', '3fff::/20 documentation'],
  ['5f00::1', 'segmentRouting', '5f00::/16 segment routing (SRv6) SIDs'],
  ['fc00::1', 'uniqueLocal', 'fc00::/7 unique-local'],
  ['fd12:3456::1', 'uniqueLocal', 'fc00::/7 unique-local'],
  ['fe80::1', 'linkLocal', 'fe80::/10 link-local unicast'],
  ['fec0::1', 'deprecatedSiteLocal', 'fec0::/10 site-local (deprecated, ipaddr.js)'],
  ['ff02::1', 'multicast', 'ff00::/8 multicast (IANA multicast registry)'],
  ['::ffff:0:808:808', 'rfc6145', '::ffff:0:0:0/96 SIIT (ipaddr.js)'],
];

/** The IPv6 forms that carry 127.0.0.1 (written as the buyer would type them). */
const loopbackInIpv6 = ['::127.0.0.1', '::ffff:0:127.0.0.1', '64:ff9b::7f00:1', '2002:7f00:1::'];

describe('which websites may be stored and fetched', () => {
  it.each([
    'https://example.com',
    'http://shop.example.co.uk/path?x=1',
    'example.com',
    'https://93.184.216.34/',
    'https://[2606:2800:220:1::1]/',
  ])('accepts %s', (website) => {
    expect(parsePublicWebsite(website)).not.toBeNull();
  });

  it.each([
    'javascript:alert(1)',
    'ftp://example.com',
    'file:///etc/passwd',
    'data:text/html,hi',
    'http://localhost',
    'http://localhost./',
    'http://printer.local./',
    'http://metadata.google.internal./',
    'http://127.0.0.1:3000',
    'http://10.1.2.3',
    'http://172.16.0.1',
    'http://192.168.1.1',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1',
    'http://0.0.0.0',
    'http://[::1]/',
    'http://[fd00::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://printer.local',
    'http://intranet',
    'https://user:pass@example.com',
  ])('refuses %s', (website) => {
    expect(parsePublicWebsite(website)).toBeNull();
  });

  it.each(loopbackInIpv6)('refuses the IPv6 form [%s] of a loopback address', (address) => {
    expect(parsePublicWebsite(`http://[${address}]/`)).toBeNull();
  });

  it.each([
    ['http://2130706433/', 'decimal'],
    ['http://0x7f.1/', 'hex and short'],
    ['http://017700000001/', 'octal'],
    ['http://0x7f000001/', 'hex'],
    ['http://127.1/', 'short'],
    ['http://0251.0376.0251.0376/', 'octal 169.254.169.254'],
  ])('refuses %s, a %s form of an internal IPv4 host', (website) => {
    expect(parsePublicWebsite(website)).toBeNull();
  });

  it('accepts a numeric form of a public IPv4 host as the dotted address URL parsing makes of it', () => {
    expect(parsePublicWebsite('http://134744072/')?.hostname).toBe('8.8.8.8');
  });
});

describe('which ports a website may be on', () => {
  afterEach(() => allowAnyPortForTestHosts([]));

  it.each(['https://shop.example:443/', 'http://shop.example:80/', 'HTTPS://SHOP.EXAMPLE:0443/'])(
    "accepts %s, its scheme's own port written out",
    (website) => {
      expect(parsePublicWebsite(website)?.port).toBe('');
      expect(isWebsiteOnAnotherPort(website)).toBe(false);
    },
  );

  it.each([
    'https://shop.example:6379/',
    'http://shop.example:22/',
    'https://shop.example:8443/',
    'http://shop.example:8080/',
    'http://shop.example:443/',
    'https://shop.example:80/',
    'https://93.184.216.34:25/',
    'https://shop.example:65535/',
  ])('refuses %s, another port, and says that is why', (website) => {
    expect(parsePublicWebsite(website)).toBeNull();
    expect(isWebsiteOnAnotherPort(website)).toBe(true);
  });

  it('says nothing of the port when the host is refused anyway', () => {
    expect(isWebsiteOnAnotherPort('http://localhost:3000/')).toBe(false);
    expect(isWebsiteOnAnotherPort('http://10.1.2.3:6379/')).toBe(false);
    expect(isWebsiteOnAnotherPort('not a website')).toBe(false);
  });

  it("takes the twin's test-site names on any port, and no other name", () => {
    allowAnyPortForTestHosts(['harborroast.test']);

    expect(parsePublicWebsite('http://harborroast.test:41234/')).not.toBeNull();
    expect(parsePublicWebsite('http://HarborRoast.test:41234/')).not.toBeNull();
    expect(parsePublicWebsite('http://shop.example:41234/')).toBeNull();
  });
});

describe('which addresses are public', () => {
  it.each(specialPurposeAddresses)('refuses %s (%s: %s)', (address, ipaddrRange) => {
    // Prepare: the table says what the library says, so a renamed or moved range shows here.
    expect(ipaddr.parse(address).range()).toBe(ipaddrRange);

    // Act
    const publicAddress = isPublicIp(address);
    const website = parsePublicWebsite(address.includes(':') ? `http://[${address}]/` : `http://${address}/`);

    // Assess
    expect(publicAddress).toBe(false);
    expect(website).toBeNull();
  });

  it('covers every special range ipaddr.js knows', () => {
    // Prepare
    const prototypes = [ipaddr.IPv4.prototype, ipaddr.IPv6.prototype] as unknown as {
      SpecialRanges: Record<string, unknown>;
    }[];
    const known = new Set(prototypes.flatMap((prototype) => Object.keys(prototype.SpecialRanges)));

    // Act
    const tested = new Set(specialPurposeAddresses.map(([, range]) => range));

    // Assess
    expect([...known].filter((range) => !tested.has(range))).toEqual([]);
  });

  it.each([
    ...loopbackInIpv6,
    '::7f00:1',
    '::8.8.8.8',
    '::ffff:127.0.0.1',
    '4000::1',
    '2001:0:4136:e378:8000:63bf:80ff:fffe',
    'fe80::1%eth0',
  ])('refuses the IPv6 address %s', (address) => {
    expect(isPublicIp(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '198.20.0.1',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2620:fe::fe',
    '2a00:1450:4001:80b::200e',
  ])('accepts the public address %s', (address) => {
    expect(isPublicIp(address)).toBe(true);
  });

  it.each(['not-an-ip', '', '2130706433', '0x7f.1', '127.1', '1.2.3.4.5', '256.1.1.1'])(
    'does not take %j for an address',
    (text) => {
      expect(isPublicIp(text)).toBe(false);
    },
  );
});

describe('when ipaddr.js ranks an IPv6 transition form as plain unicast', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    ['2002:7f00:1::', '6to4 carrying 127.0.0.1'],
    ['2001:0:7f00:1::', 'Teredo whose server is 127.0.0.1'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo whose client is 127.0.0.1'],
    ['::ffff:7f00:1', 'mapped 127.0.0.1'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of 169.254.169.254'],
  ])('still refuses %s (%s)', (address) => {
    // Prepare: a library that no longer names these ranges.
    vi.spyOn(ipaddr.IPv6.prototype, 'range').mockReturnValue('unicast');

    // Act
    const publicAddress = isPublicIp(address);

    // Assess
    expect(publicAddress).toBe(false);
    expect(isPublicIp('2002:808:808::1')).toBe(true);
  });
});
