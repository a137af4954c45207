import ipaddr from 'ipaddr.js';

/**
 * Which resolved addresses an audit may connect to. ipaddr.js names every special-purpose range
 * (private, loopback, link-local, CGNAT, multicast, broadcast, reserved, unique-local, IPv4-mapped,
 * NAT64, 6to4, Teredo ...); anything it does not call `unicast` is refused. It calls a few IPv6
 * blocks `unicast` that are not globally routable (IPv4-compatible ::a.b.c.d, unassigned space), so
 * IPv6 must also sit in 2000::/3, the only block IANA hands out for global unicast.
 */

/** CIDRs refused on top of ipaddr.js's ranges: the complement of 2000::/3. */
export const EXTRA_DENIED_CIDRS: readonly string[] = ['::/3', '4000::/2', '8000::/1'];

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** Null when `ip` is a public unicast address; otherwise why it is refused (e.g. "loopback"). */
export function addressBlockReason(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return 'not an IP address';
  const parsed = ipaddr.parse(ip);
  const range = parsed.range();
  if (parsed.kind() === 'ipv6' && range === 'ipv4Mapped') {
    const inner = (parsed as ipaddr.IPv6).toIPv4Address();
    const innerRange = inner.range();
    return `IPv4-mapped ${innerRange === 'unicast' ? 'address' : innerRange}`;
  }
  if (range !== 'unicast') return range;
  if (parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_UNICAST_V6)) return 'reserved (outside 2000::/3)';
  return null;
}
