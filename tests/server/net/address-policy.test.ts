import { describe, expect, it } from 'vitest';
import http from 'node:http';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent } from 'request-filtering-agent';
import { addressBlockReason, EXTRA_DENIED_CIDRS } from '../../../server/net/address-policy.js';
import { startFixtureSite } from '../../helpers/fixture-server.js';

describe('addressBlockReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.255', 'carrierGradeNat'],
    ['169.254.169.254', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.0.8', 'reserved'],
    ['198.19.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'uniqueLocal'],
    ['fdff::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped linkLocal'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2002:7f00:1::', '6to4'],
    ['2001:db8::1', 'reserved'],
    ['::7f00:1', 'reserved (outside 2000::/3)'], // IPv4-compatible ::127.0.0.1 as the URL parser writes it
    ['4000::1', 'reserved (outside 2000::/3)'],
  ])('refuses %s (%s)', (ip, reason) => {
    expect(addressBlockReason(ip)).toBe(reason);
  });

  // Special-purpose blocks (IANA registries) inside space that looks global: first and last address of each.
  it.each([
    ['2001::', 'teredo'], // Teredo 2001::/32 (RFC 4380)
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    ['2001:0:ffff:ffff:ffff:ffff:ffff:ffff', 'teredo'],
    ['2001:2::', 'benchmarking'], // 2001:2::/48 (RFC 5180)
    ['2001:2:0:ffff:ffff:ffff:ffff:ffff', 'benchmarking'],
    ['3fff::', 'reserved'], // documentation 3fff::/20 (RFC 9637)
    ['3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff', 'reserved'],
    ['64:ff9b:1::', 'rfc6052'], // local-use NAT64 64:ff9b:1::/48 (RFC 8215)
    ['64:ff9b:1:ffff:ffff:ffff:ffff:ffff', 'rfc6052'],
    ['198.51.100.0', 'reserved'], // TEST-NET-2 198.51.100.0/24 (RFC 5737)
    ['198.51.100.255', 'reserved'],
    ['203.0.113.0', 'reserved'], // TEST-NET-3 203.0.113.0/24 (RFC 5737)
    ['203.0.113.255', 'reserved'],
  ])('refuses %s (%s)', (ip, reason) => {
    expect(addressBlockReason(ip)).toBe(reason);
  });

  it.each(['3fff:1000::1', '198.51.99.255', '198.51.101.0', '203.0.112.255', '203.0.114.0'])(
    'allows %s, just outside those blocks',
    (ip) => {
      expect(addressBlockReason(ip)).toBeNull();
    },
  );

  it.each(['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])('allows public %s', (ip) => {
    expect(addressBlockReason(ip)).toBeNull();
  });

  it('refuses ::127.0.0.1 written with a dotted tail (ipaddr.js reads it as IPv4-mapped)', () => {
    expect(addressBlockReason('::127.0.0.1')).not.toBeNull();
  });

  it('refuses anything that is not an address', () => {
    expect(addressBlockReason('example.com')).not.toBeNull();
  });

  it('covers ranges ipaddr.js (and so request-filtering-agent) calls unicast', () => {
    // Why EXTRA_DENIED_CIDRS exists: these pass the library's own range test.
    for (const ip of ['::7f00:1', '4000::1', '8000::1']) {
      expect(ipaddr.parse(ip).range()).toBe('unicast');
      expect(EXTRA_DENIED_CIDRS.some((cidr) => ipaddr.parse(ip).match(ipaddr.parseCIDR(cidr)))).toBe(true);
    }
    expect(EXTRA_DENIED_CIDRS.some((cidr) => ipaddr.parse('2606:4700::1').match(ipaddr.parseCIDR(cidr)))).toBe(false);
  });
});

describe('request-filtering-agent on its own (the second layer)', () => {
  const get = (url: string, agent: http.Agent) =>
    new Promise<{ error?: Error; status?: number }>((resolve) => {
      http
        .get(url, { agent }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0 });
        })
        .on('error', (error) => resolve({ error }));
    });

  it.each(['127.0.0.1', '[::ffff:127.0.0.1]', '0.0.0.0', 'localhost'])('refuses %s before connecting', async (host) => {
    const site = await startFixtureSite({ '/': { body: 'x' } });
    try {
      const res = await get(`http://${host}:${site.port}/`, new RequestFilteringHttpAgent());
      expect(res.error?.message).toMatch(/is not allowed/);
      expect(site.connections).toBe(0);
    } finally {
      await site.close();
    }
  });

  it('connects when private addresses are allowed (so the refusals above are real)', async () => {
    const site = await startFixtureSite({ '/': { body: 'x' } });
    try {
      const res = await get(`http://127.0.0.1:${site.port}/`, new RequestFilteringHttpAgent({ allowPrivateIPAddress: true }));
      expect(res.status).toBe(200);
    } finally {
      await site.close();
    }
  });
});
