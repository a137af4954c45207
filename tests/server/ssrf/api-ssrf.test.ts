/**
 * SSRF through the real API with the real Node fetcher (allowPrivate off): every target form is refused
 * (400 before any fetch, or 422 blocked_address after resolution) and the listening "internal" server
 * never sees a connection. DNS is answered by a table so no query leaves the machine. Behind the guard,
 * the network sentinel (tests/helpers/network-sentinel.ts) refuses any connect off loopback, so a guard
 * regression could not send 10.0.0.1 or 169.254.169.254 a packet: the last test proves it through the API
 * with the guard turned off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFetcher } from '../../../server/net/node-fetcher.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { fakeDns } from '../../helpers/fake-dns.js';
import { requireNetworkSentinel, takeAttempts } from '../../helpers/network-sentinel.js';

const BLOCKED = /private, loopback, link-local or reserved address/;

let internal: FixtureSite; // stands for an internal service: must never see a connection
let publicSite: FixtureSite; // a loopback fixture the fetcher treats as public, redirecting inward
let api: TestApi;
const lookups: string[] = []; // every name the fetcher asked DNS about

beforeAll(async () => {
  requireNetworkSentinel();
  internal = await startFixtureSite({ '/': { body: 'internal secrets' } });
  publicSite = await startFixtureSite({
    '/to-loopback': { status: 302, headers: { location: `http://127.0.0.1:${internal.port}/` } },
    '/to-metadata': { status: 301, headers: { location: 'http://169.254.169.254/latest/meta-data/' } },
    '/to-private-name': { status: 307, headers: { location: `http://intranet.example.com:${internal.port}/` } },
    '/to-special-use': { status: 302, headers: { location: `http://db.internal:${internal.port}/` } },
  });
  const table = { 'intranet.example.com': ['10.20.30.40'], 'loopback.example.com': ['127.0.0.1'] };
  const fetcher = createNodeFetcher({
    allowPrivate: false,
    // Every other name (the special-use ones) answers loopback: only the record of names asked tells a lookup happened.
    lookup: (hostname, options, callback) => {
      lookups.push(hostname);
      fakeDns({ ...table, [hostname]: table[hostname as keyof typeof table] ?? ['127.0.0.1'] })(hostname, options, callback);
    },
    unsafeTreatAsPublic: [`127.0.0.1:${publicSite.port}`],
  });
  api = await startTestApi({ fetcher });
});
afterAll(async () => {
  await api.close({ removeData: true });
  await internal.close();
  await publicSite.close();
});

// Each case runs on its own account: refusals after validation count toward the 10-per-minute limit.
async function submit(url: string) {
  const account = await api.newAccount('agency');
  return api.request('POST', '/api/v1/audits', { key: account.key, body: { url } });
}

describe('SSRF: target forms refused by the API without a byte sent', () => {
  const port = () => internal.port;
  const refusedAfterResolution: Array<[string, () => string]> = [
    ['127.0.0.1', () => `http://127.0.0.1:${port()}/`],
    ['hex short form 0x7f.1', () => `http://0x7f.1:${port()}/`],
    ['decimal 2130706433', () => `http://2130706433:${port()}/`],
    ['hex integer 0x7f000001', () => `http://0x7f000001:${port()}/`],
    ['octal 017700000001', () => `http://017700000001:${port()}/`],
    ['short form 127.1', () => `http://127.1:${port()}/`],
    ['percent-encoded host', () => `http://%31%32%37.0.0.1:${port()}/`],
    ['upper-case scheme', () => `HTTP://127.0.0.1:${port()}/`],
    ['bare host and port, no scheme', () => `127.0.0.1:${port()}`],
    ['[::1]', () => `http://[::1]:${port()}/`],
    ['[::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${port()}/`],
    ['NAT64 [64:ff9b::127.0.0.1]', () => `http://[64:ff9b::127.0.0.1]:${port()}/`],
    ['0.0.0.0', () => `http://0.0.0.0:${port()}/`],
    ['[::]', () => `http://[::]:${port()}/`],
    ['cloud metadata 169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/'],
    ['10/8', () => 'http://10.0.0.1/'],
    ['172.16/12', () => 'http://172.16.0.1/'],
    ['192.168/16', () => 'http://192.168.1.1/'],
    ['100.64/10 (CGNAT)', () => 'http://100.64.0.1/'],
    ['fc00::/7', () => 'http://[fc00::1]/'],
    ['fe80::/10', () => 'http://[fe80::1]/'],
    ['Teredo 2001::/32', () => 'http://[2001::1]/'],
    ['benchmarking 2001:2::/48', () => 'http://[2001:2::1]/'],
    ['documentation 3fff::/20', () => 'http://[3fff::1]/'],
    ['local-use NAT64 64:ff9b:1::/48', () => 'http://[64:ff9b:1::a00:1]/'],
    ['TEST-NET-2 198.51.100/24', () => 'http://198.51.100.1/'],
    ['TEST-NET-3 203.0.113/24', () => 'http://203.0.113.1/'],
    ['a name resolving to 10.20.30.40', () => `http://intranet.example.com:${port()}/`],
    ['a name resolving to 127.0.0.1', () => `http://loopback.example.com:${port()}/`],
    ['a public URL redirecting to 127.0.0.1', () => `http://127.0.0.1:${publicSite.port}/to-loopback`],
    ['a public URL redirecting to cloud metadata', () => `http://127.0.0.1:${publicSite.port}/to-metadata`],
    ['a public URL redirecting to a private name', () => `http://127.0.0.1:${publicSite.port}/to-private-name`],
  ];

  it.each(refusedAfterResolution)('%s: 422 blocked address', async (_name, url) => {
    const res = await submit(url());
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ error: expect.stringMatching(BLOCKED) });
    expect(internal.connections).toBe(0);
  });

  // Special-use names (RFC 6761 and friends) are refused before any lookup: the fake DNS records every name asked.
  const specialUse: Array<[string, () => string, string]> = [
    ['localhost', () => `http://localhost:${port()}/`, 'localhost'],
    ['localhost with a trailing dot', () => `http://localhost.:${port()}/`, 'localhost'],
    ['a name under .localhost', () => `http://foo.localhost:${port()}/`, 'localhost'],
    ['upper case', () => `http://FOO.LOCALHOST:${port()}/`, 'localhost'],
    ['bare host under .localhost', () => `app.localhost:${port()}`, 'localhost'],
    ['.local (mDNS)', () => `http://printer.local:${port()}/`, 'local'],
    ['.internal', () => `http://db.internal:${port()}/`, 'internal'],
    ['.home.arpa', () => `http://router.home.arpa:${port()}/`, 'home.arpa'],
    ['.test', () => `http://shop.test:${port()}/`, 'test'],
    ['.invalid', () => `http://nowhere.invalid:${port()}/`, 'invalid'],
    ['.example', () => `http://docs.example:${port()}/`, 'example'],
    ['a public URL redirecting to a .internal name', () => `http://127.0.0.1:${publicSite.port}/to-special-use`, 'internal'],
  ];

  it.each(specialUse)('%s: 422, a special-use name, never looked up', async (_name, url, suffix) => {
    const asked = lookups.length;
    const res = await submit(url());
    expect(res.status).toBe(422);
    expect(res.json).toEqual({
      error: expect.stringMatching(
        new RegExp(` is a special-use name that never resolves on the public internet \\(\\.${suffix.replace('.', '\\.')}, [^)]+\\)\\.$`),
      ),
    });
    expect(lookups.slice(asked)).toEqual([]);
    expect(internal.connections).toBe(0);
  });

  const refusedAsInput: Array<[string, () => string]> = [
    ['file:', () => 'file:///etc/passwd'],
    ['ftp:', () => `ftp://127.0.0.1:${port()}/`],
    ['gopher:', () => `gopher://127.0.0.1:${port()}/_GET%20/`],
    ['data:', () => 'data:text/html,<h1>hi</h1>'],
    ['javascript:', () => 'javascript:alert(1)'],
    ['credentials in the URL', () => `http://admin:secret@127.0.0.1:${port()}/`],
    ['user name only', () => `http://admin@127.0.0.1:${port()}/`],
    ['over-long URL', () => `http://127.0.0.1:${port()}/${'a'.repeat(3000)}`],
    ['whitespace inside', () => `http://127.0.0.1:${port()}/a b`],
  ];

  it.each(refusedAsInput)('%s: 400 before anything is fetched', async (_name, url) => {
    const res = await submit(url());
    expect(res.status).toBe(400);
    expect(Object.keys(res.json)).toEqual(['error']);
    expect(internal.connections).toBe(0);
  });

  it('the redirect cases did reach the public site (the audit ran), and only it', () => {
    expect(publicSite.requests.some((r) => r.path === '/to-loopback')).toBe(true);
    expect(internal.connections).toBe(0);
    expect(internal.requests).toEqual([]);
  });

  it('nothing refused was stored', async () => {
    expect(await api.store.countAudits()).toBe(0);
  });
});

describe('the network sentinel stands behind the API', () => {
  it('with the guard off (allowPrivate), POST /audits of http://10.0.0.1/ is stopped by the sentinel at connect', async () => {
    const unguarded = await startTestApi({ fetcher: createNodeFetcher({ allowPrivate: true, lookup: fakeDns({}) }) });
    try {
      const res = await unguarded.request('POST', '/api/v1/audits', { body: { url: 'http://10.0.0.1/' } });
      expect(res.status).toBe(422);
      expect(res.json).toEqual({ error: expect.stringContaining('network sentinel') });
      // The engine asks for the page and its well-known files at once: every connect was refused.
      const attempts = takeAttempts();
      expect(attempts.length).toBeGreaterThan(0);
      expect(new Set(attempts.map((a) => `${a.kind} ${a.target}`))).toEqual(new Set(['connect 10.0.0.1:80']));
    } finally {
      await unguarded.close({ removeData: true });
    }
  });
});
