// Who a per-IP budget counts (lambdas/common/ip-limit.ts clientOf): an IPv4 address, or the /64 an
// IPv6 address is in, whatever form the address is written in.
import { describe, expect, it } from 'vitest';
import { clientOf } from '#common/ip-limit.ts';

describe('the client a per-IP budget counts', () => {
  it.each([
    ['an IPv4 address', '198.51.100.23', '198.51.100.23'],
    ['an IPv6 address, compressed', '2001:db8:5:6::1', '2001:db8:5:6::/64'],
    ['another address of the same /64', '2001:db8:5:6:ffff:1234:abcd:9', '2001:db8:5:6::/64'],
    [
      'the same /64 written in full, with leading zeros',
      '2001:0db8:0005:0006:0000:0000:0000:0001',
      '2001:db8:5:6::/64',
    ],
    ['the same /64 in capitals', '2001:DB8:5:6::AB', '2001:db8:5:6::/64'],
    ['the same /64 with an IPv4 tail', '2001:db8:5:6:1:2:203.0.113.9', '2001:db8:5:6::/64'],
    ['the same /64 in brackets', '[2001:db8:5:6::2]', '2001:db8:5:6::/64'],
    ['a link-local address with a zone id', 'fe80::1%eth0', 'fe80::/64'],
    ['the next /64', '2001:db8:5:7::1', '2001:db8:5:7::/64'],
    ['an IPv4-mapped address, as its IPv4', '::ffff:198.51.100.23', '198.51.100.23'],
    ['an IPv4-mapped address in hex, as its IPv4', '::ffff:c633:6417', '198.51.100.23'],
    ['text that is no address, as written', 'not-an-address', 'not-an-address'],
  ])('%s: %s → %s', (_what, address, client) => {
    expect(clientOf(address)).toBe(client);
  });
});
