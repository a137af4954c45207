import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupFunction } from 'node:net';
import { createAddressGuard } from '../../../server/net/address-guard.js';
import { createNodeFetcher } from '../../../server/net/node-fetcher.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { fakeDns } from '../../helpers/fake-dns.js';
import { requireNetworkSentinel, takeAttempts } from '../../helpers/network-sentinel.js';

/*
 * Several cases name addresses off loopback (10.0.0.1, 169.254.169.254, example.com:25). The network
 * sentinel (tests/helpers/network-sentinel.ts) makes sure none of them could leave the machine even if
 * the guard regressed: the last describe block proves it with the guard turned off.
 */
let target: FixtureSite; // the "internal service" that must never see a connection
beforeAll(async () => {
  requireNetworkSentinel();
  target = await startFixtureSite({ '/': { body: 'internal secrets' } });
});
afterAll(() => target.close());

describe('refused address forms: nothing reaches a listening server', () => {
  const p = () => target.port;
  const cases: Array<[string, () => string, string]> = [
    ['dotted loopback', () => `http://127.0.0.1:${p()}/`, 'blocked_address'],
    ['hex short form', () => `http://0x7f.1:${p()}/`, 'blocked_address'],
    ['decimal integer', () => `http://2130706433:${p()}/`, 'blocked_address'],
    ['octal integer', () => `http://017700000001:${p()}/`, 'blocked_address'],
    ['octal dotted', () => `http://0177.0.0.1:${p()}/`, 'blocked_address'],
    ['two-part short form', () => `http://127.1:${p()}/`, 'blocked_address'],
    ['percent-encoded host', () => `http://%31%32%37.0.0.1:${p()}/`, 'blocked_address'],
    ['upper-case scheme', () => `HTTP://127.0.0.1:${p()}/`, 'blocked_address'],
    ['IPv6 loopback', () => `http://[::1]:${p()}/`, 'blocked_address'],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${p()}/`, 'blocked_address'],
    ['IPv4-compatible IPv6 loopback', () => `http://[::127.0.0.1]:${p()}/`, 'blocked_address'],
    ['NAT64 of loopback', () => `http://[64:ff9b::127.0.0.1]:${p()}/`, 'blocked_address'],
    ['unspecified 0.0.0.0', () => `http://0.0.0.0:${p()}/`, 'blocked_address'],
    ['bare zero', () => `http://0:${p()}/`, 'blocked_address'],
    ['IPv6 unspecified', () => `http://[::]:${p()}/`, 'blocked_address'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/', 'blocked_address'],
    ['RFC 1918 10/8', () => 'http://10.0.0.1/', 'blocked_address'],
    ['RFC 1918 172.16/12', () => 'http://172.16.0.1/', 'blocked_address'],
    ['RFC 1918 192.168/16', () => 'http://192.168.1.1/', 'blocked_address'],
    ['CGNAT 100.64/10', () => 'http://100.64.0.1/', 'blocked_address'],
    ['benchmarking 198.18/15', () => 'http://198.18.0.1/', 'blocked_address'],
    ['TEST-NET 192.0.2/24', () => 'http://192.0.2.1/', 'blocked_address'],
    ['reserved 240/4', () => 'http://240.0.0.1/', 'blocked_address'],
    ['multicast', () => 'http://224.0.0.1/', 'blocked_address'],
    ['broadcast', () => 'http://255.255.255.255/', 'blocked_address'],
    ['unique-local fc00::/7', () => 'http://[fc00::1]/', 'blocked_address'],
    ['link-local fe80::/10', () => 'http://[fe80::1]/', 'blocked_address'],
    ['IPv6 multicast', () => 'http://[ff02::1]/', 'blocked_address'],
    ['site-local fec0::/10', () => 'http://[fec0::1]/', 'blocked_address'],
    ['Teredo 2001::/32', () => 'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'blocked_address'],
    ['benchmarking 2001:2::/48', () => 'http://[2001:2::1]/', 'blocked_address'],
    ['documentation 3fff::/20', () => 'http://[3fff::1]/', 'blocked_address'],
    ['local-use NAT64 64:ff9b:1::/48', () => 'http://[64:ff9b:1::a00:1]/', 'blocked_address'],
    ['TEST-NET-2 198.51.100/24', () => 'http://198.51.100.1/', 'blocked_address'],
    ['TEST-NET-3 203.0.113/24', () => 'http://203.0.113.1/', 'blocked_address'],
    ['localhost by name (never looked up)', () => `http://localhost:${p()}/`, 'special_use_name'],
    ['a name under .localhost (never looked up)', () => `http://foo.localhost:${p()}/`, 'special_use_name'],
    ['hex integer', () => `http://0x7f000001:${p()}/`, 'blocked_address'],
    ['expanded IPv4-mapped form', () => `http://[0:0:0:0:0:ffff:7f00:1]:${p()}/`, 'blocked_address'],
    ['credentials', () => `http://user:pass@127.0.0.1:${p()}/`, 'invalid_url'],
    ['credentials hiding the host', () => `http://127.0.0.1:${p()}@example.com/`, 'invalid_url'],
    ['file:', () => 'file:///etc/passwd', 'unsupported_scheme'],
    ['ftp:', () => `ftp://127.0.0.1:${p()}/`, 'unsupported_scheme'],
    ['gopher:', () => `gopher://127.0.0.1:${p()}/_GET`, 'unsupported_scheme'],
    ['data:', () => 'data:text/html,<h1>hi</h1>', 'unsupported_scheme'],
    ['javascript:', () => 'javascript:alert(1)', 'unsupported_scheme'],
    ['ws:', () => `ws://127.0.0.1:${p()}/`, 'unsupported_scheme'],
    ['over-long URL', () => `http://127.0.0.1:${p()}/${'a'.repeat(9000)}`, 'invalid_url'],
    ['not a URL', () => 'http://exa mple.com/', 'invalid_url'],
    ['a bad port (SMTP)', () => 'http://example.com:25/', 'blocked_address'],
  ];

  it('lists at least 25 forms', () => expect(cases.length).toBeGreaterThanOrEqual(25));

  it.each(cases)('%s', async (_name, url, code) => {
    const before = target.connections;
    const res = await createNodeFetcher().fetch(url(), { maxBytes: 1024, timeoutMs: 2000 });
    expect(res.error?.code).toBe(code);
    expect(res.status).toBe(0);
    expect(res.body).toBe('');
    expect(target.connections).toBe(before);
  });
});

describe('host names are checked after DNS resolution', () => {
  it('refuses a name that resolves to a private address', async () => {
    const fetcher = createNodeFetcher({ lookup: fakeDns({ 'intranet.example.com': ['10.1.2.3'] }) });
    const res = await fetcher.fetch('http://intranet.example.com/', { maxBytes: 1024 });
    expect(res.error).toMatchObject({ code: 'blocked_address' });
    expect(res.error?.message).toContain('10.1.2.3');
  });

  it('refuses when any one of several answers is private (rebinding with mixed records)', async () => {
    const before = target.connections;
    const fetcher = createNodeFetcher({
      lookup: fakeDns({ 'mixed.example.com': ['127.0.0.1', '10.0.0.9'] }),
      unsafeTreatAsPublic: [`127.0.0.1:${target.port}`],
    });
    const res = await fetcher.fetch(`http://mixed.example.com:${target.port}/`, { maxBytes: 1024 });
    expect(res.error?.code).toBe('blocked_address');
    expect(target.connections).toBe(before);
  });

  it.each([
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['benchmarking', '2001:2::1'],
    ['documentation 3fff::/20', '3fff::1'],
    ['local-use NAT64', '64:ff9b:1::a00:1'],
    ['TEST-NET-2', '198.51.100.1'],
    ['TEST-NET-3', '203.0.113.1'],
  ])('refuses a name resolving into %s (%s)', async (_range, address) => {
    const fetcher = createNodeFetcher({ lookup: fakeDns({ 'special.example.com': [address] }) });
    const res = await fetcher.fetch('http://special.example.com/', { maxBytes: 1024 });
    expect(res.error?.code).toBe('blocked_address');
    expect(res.error?.message).toContain(address);
  });

  it('reports a name that does not resolve as dns', async () => {
    const res = await createNodeFetcher({ lookup: fakeDns({}) }).fetch('http://nowhere.example.com/', { maxBytes: 1024 });
    expect(res.error?.code).toBe('dns');
  });
});

describe('every redirect hop is checked', () => {
  let publicSite: FixtureSite;
  const redirectTo: { location: string } = { location: '' };
  beforeAll(async () => {
    publicSite = await startFixtureSite({
      '/': { body: 'public page' },
      '/go': (_req, res) => {
        res.writeHead(302, { location: redirectTo.location });
        res.end();
      },
    });
  });
  afterAll(() => publicSite.close());

  /** The public site stands in for the internet; the target stays private. */
  const fetcher = () =>
    createNodeFetcher({
      unsafeTreatAsPublic: [`127.0.0.1:${publicSite.port}`],
      lookup: fakeDns({ 'public.example.com': ['127.0.0.1'], 'internal.example.com': ['127.0.0.1'], localhost: ['127.0.0.1'] }),
    });

  it('the test seam really lets the "public" endpoint through', async () => {
    const res = await fetcher().fetch(`http://public.example.com:${publicSite.port}/`, { maxBytes: 1024 });
    expect(res.error).toBeUndefined();
    expect(res.body).toBe('public page');
  });

  const privateTargets: Array<[string, () => string, string]> = [
    ['a loopback literal', () => `http://127.0.0.1:${target.port}/`, 'blocked_address'],
    ['a hex loopback', () => `http://0x7f.0.0.1:${target.port}/`, 'blocked_address'],
    ['an IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${target.port}/`, 'blocked_address'],
    ['0.0.0.0', () => `http://0.0.0.0:${target.port}/`, 'blocked_address'],
    ['a name resolving to loopback', () => `http://internal.example.com:${target.port}/`, 'blocked_address'],
    ['localhost', () => `http://localhost:${target.port}/`, 'special_use_name'],
    ['a .internal name', () => `http://intranet.internal:${target.port}/`, 'special_use_name'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/', 'blocked_address'],
    ['file:', () => 'file:///etc/passwd', 'unsupported_scheme'],
    ['gopher:', () => `gopher://127.0.0.1:${target.port}/`, 'unsupported_scheme'],
    ['credentials', () => `http://admin:admin@127.0.0.1:${target.port}/`, 'invalid_url'],
  ];

  it.each(privateTargets)('refuses a public page redirecting to %s', async (_name, location, code) => {
    redirectTo.location = location();
    const before = target.connections;
    const res = await fetcher().fetch(`http://public.example.com:${publicSite.port}/go`, { maxBytes: 1024 });
    expect(res.error?.code).toBe(code);
    expect(res.redirects).toEqual([{ url: `http://public.example.com:${publicSite.port}/go`, status: 302 }]);
    expect(target.connections).toBe(before);
  });
});

describe('special-use names never reach DNS (RFC 6761 and friends)', () => {
  /** A lookup that records every name it is asked, answering the loopback target for any of them. */
  function recordingDns() {
    const asked: string[] = [];
    const lookup: LookupFunction = (hostname, options, callback) => {
      asked.push(hostname);
      fakeDns({ [hostname]: ['127.0.0.1'] })(hostname, options, callback);
    };
    return { asked, lookup };
  }

  const names = [
    'localhost',
    'LOCALHOST',
    'localhost.',
    'foo.localhost',
    'Foo.LocalHost.',
    'printer.local',
    'printer.local.',
    'db.internal',
    'router.home.arpa',
    'shop.test',
    'nowhere.invalid',
    'docs.example',
    'service.alt',
    'resolver.arpa',
  ];

  it.each(names)('%s: refused before any lookup, nothing sent', async (name) => {
    const dns = recordingDns();
    // The loopback target stands in for the internet: were the name looked up, the fetch would succeed.
    const fetcher = createNodeFetcher({ lookup: dns.lookup, unsafeTreatAsPublic: [`127.0.0.1:${target.port}`] });
    const before = target.connections;
    const res = await fetcher.fetch(`http://${name}:${target.port}/`, { maxBytes: 1024 });
    expect(res.error?.code).toBe('special_use_name');
    expect(res.error?.message).toMatch(/ is a special-use name that never resolves on the public internet \(\.[a-z.]+, [^)]+\)$/);
    expect(dns.asked).toEqual([]);
    expect(target.connections).toBe(before);
  });

  it('the system resolver is not asked either (no lookup seam)', async () => {
    const res = await createNodeFetcher().fetch('http://foo.localhost/', { maxBytes: 1024 });
    expect(res.error).toEqual({
      code: 'special_use_name',
      message: 'foo.localhost is a special-use name that never resolves on the public internet (.localhost, RFC 6761)',
    });
  });

  it('the guarded lookup refuses them too (second layer), without asking its resolver', async () => {
    const dns = recordingDns();
    const guard = createAddressGuard({ allowPrivate: false, lookup: dns.lookup });
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => guard.lookupFor(80)('foo.local', {}, (err) => resolve(err)));
    expect(error).toMatchObject({ code: 'ERR_SPECIAL_USE_NAME' });
    expect(dns.asked).toEqual([]);
  });

  it('ordinary names that merely contain those words are looked up as usual', async () => {
    const dns = recordingDns();
    const fetcher = createNodeFetcher({ lookup: dns.lookup, unsafeTreatAsPublic: [`127.0.0.1:${target.port}`] });
    for (const name of ['localhost.com', 'local.example.com', 'internal.example.org', 'test.com']) {
      const res = await fetcher.fetch(`http://${name}:${target.port}/`, { maxBytes: 1024 });
      expect(res.body).toBe('internal secrets');
    }
    expect(dns.asked).toEqual(['localhost.com', 'local.example.com', 'internal.example.org', 'test.com']);
  });

  it('with AUDIT_ALLOW_PRIVATE=1 (allowPrivate) they are looked up as before: local development audits localhost', async () => {
    const dns = recordingDns();
    const fetcher = createNodeFetcher({ allowPrivate: true, lookup: dns.lookup });
    expect((await fetcher.fetch(`http://localhost:${target.port}/`, { maxBytes: 1024 })).body).toBe('internal secrets');
    expect((await fetcher.fetch(`http://shop.test:${target.port}/`, { maxBytes: 1024 })).body).toBe('internal secrets');
    expect(dns.asked).toEqual(['localhost', 'shop.test']);
    // And through the system resolver (/etc/hosts), as the test suite's fixtures are addressed:
    expect((await createNodeFetcher({ allowPrivate: true }).fetch(`http://localhost:${target.port}/`, { maxBytes: 1024 })).status).toBe(
      200,
    );
  });
});

describe('allowPrivate lifts the address guard (AUDIT_ALLOW_PRIVATE=1)', () => {
  it('fetches loopback', async () => {
    const res = await createNodeFetcher({ allowPrivate: true }).fetch(`http://127.0.0.1:${target.port}/`, { maxBytes: 1024 });
    expect(res.status).toBe(200);
    expect(res.body).toBe('internal secrets');
  });

  it('still refuses credentials and other schemes', async () => {
    const fetcher = createNodeFetcher({ allowPrivate: true });
    const before = target.connections;
    expect((await fetcher.fetch(`http://a:b@127.0.0.1:${target.port}/`, { maxBytes: 1024 })).error?.code).toBe('invalid_url');
    expect((await fetcher.fetch('file:///etc/passwd', { maxBytes: 1024 })).error?.code).toBe('unsupported_scheme');
    expect(target.connections).toBe(before);
  });
});

describe('the network sentinel stands behind the guard: a guard regression cannot leave the machine', () => {
  it('with the guard off (allowPrivate), a connect to 10.0.0.1 is refused by the sentinel before any packet', async () => {
    const res = await createNodeFetcher({ allowPrivate: true }).fetch('http://10.0.0.1/', { maxBytes: 1024, timeoutMs: 2000 });
    expect(res.status).toBe(0);
    expect(res.error?.message).toContain('network sentinel');
    expect(takeAttempts()).toEqual([expect.objectContaining({ kind: 'connect', target: '10.0.0.1:80' })]);
  });

  it('with the guard off, a name resolving to cloud metadata is refused once resolved', async () => {
    const fetcher = createNodeFetcher({ allowPrivate: true, lookup: fakeDns({ 'metadata.example.com': ['169.254.169.254'] }) });
    const res = await fetcher.fetch('http://metadata.example.com/latest/meta-data/', { maxBytes: 1024, timeoutMs: 2000 });
    expect(res.error?.message).toContain('network sentinel');
    expect(takeAttempts()).toEqual([expect.objectContaining({ kind: 'connect', target: '169.254.169.254:80 (metadata.example.com)' })]);
  });

  it('with the guard off, a name no fake DNS table knows never reaches the system resolver', async () => {
    const res = await createNodeFetcher({ allowPrivate: true }).fetch('http://unlisted-name.example.com/', {
      maxBytes: 1024,
      timeoutMs: 2000,
    });
    expect(res.error?.message).toContain('network sentinel');
    expect(takeAttempts()).toEqual([expect.objectContaining({ kind: 'lookup', target: 'unlisted-name.example.com' })]);
  });

  it('with the guard on, nothing reaches the sentinel (the guard refused first)', async () => {
    const res = await createNodeFetcher().fetch('http://10.0.0.1/', { maxBytes: 1024, timeoutMs: 2000 });
    expect(res.error?.code).toBe('blocked_address');
    expect(takeAttempts()).toEqual([]);
  });
});
