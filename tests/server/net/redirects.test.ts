import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFetcher } from '../../../server/net/node-fetcher.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';

let site: FixtureSite;
const fetcher = createNodeFetcher({ allowPrivate: true });
const get = (path: string) => fetcher.fetch(`${site.url}${path}`, { maxBytes: 4096 });

beforeAll(async () => {
  const hop = (location: string, status = 302) => ({ status, headers: { location }, body: 'moved' });
  site = await startFixtureSite({
    '/final': { body: '<p>final</p>' },
    // A chain of n redirects: /chain/n -> /chain/n-1 -> ... -> /final
    ...Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`/chain/${i + 1}`, hop(i === 0 ? '/final' : `/chain/${i}`)])),
    '/loop/a': hop('/loop/b'),
    '/loop/b': hop('/loop/a'),
    '/self': hop('/self#again'),
    '/each-status/301': hop('/each-status/302', 301),
    '/each-status/302': hop('/each-status/303', 302),
    '/each-status/303': hop('/each-status/307', 303),
    '/each-status/307': hop('/each-status/308', 307),
    '/each-status/308': hop('/final', 308),
    '/relative/deep/page': hop('../other?x=1'),
    '/relative/other': { body: 'relative ok' },
    '/to-ftp': hop('ftp://127.0.0.1/'),
    '/to-garbage': hop('http://[not-an-ip/'),
    '/no-location': { status: 302, body: 'a 302 without Location is final' },
  });
});
afterAll(() => site.close());

describe('redirects', () => {
  it('follows up to five and records the chain in order', async () => {
    const res = await get('/chain/5');
    expect(res.error).toBeUndefined();
    expect(res.status).toBe(200);
    expect(res.body).toBe('<p>final</p>');
    expect(res.finalUrl).toBe(`${site.url}/final`);
    expect(res.url).toBe(`${site.url}/chain/5`);
    expect(res.redirects.map((r) => r.url)).toEqual([5, 4, 3, 2, 1].map((n) => `${site.url}/chain/${n}`));
    expect(res.redirects.every((r) => r.status === 302)).toBe(true);
  });

  it('gives up after the sixth with too_many_redirects', async () => {
    const res = await get('/chain/6');
    expect(res.error?.code).toBe('too_many_redirects');
    expect(res.status).toBe(0);
    expect(res.redirects).toHaveLength(6);
  });

  it('honours a smaller maxRedirects', async () => {
    const res = await createNodeFetcher({ allowPrivate: true, maxRedirects: 1 }).fetch(`${site.url}/chain/2`, { maxBytes: 100 });
    expect(res.error?.code).toBe('too_many_redirects');
  });

  it('detects a loop', async () => {
    const res = await get('/loop/a');
    expect(res.error?.code).toBe('redirect_loop');
    expect(res.redirects.map((r) => r.url)).toEqual([`${site.url}/loop/a`, `${site.url}/loop/b`]);
  });

  it('treats a redirect to itself with only a new fragment as a loop', async () => {
    expect((await get('/self')).error?.code).toBe('redirect_loop');
  });

  it('follows every redirect status', async () => {
    const res = await get('/each-status/301');
    expect(res.body).toBe('<p>final</p>');
    expect(res.redirects.map((r) => r.status)).toEqual([301, 302, 303, 307, 308]);
  });

  it('resolves relative Location against the current URL', async () => {
    const res = await get('/relative/deep/page');
    expect(res.finalUrl).toBe(`${site.url}/relative/other?x=1`);
    expect(res.body).toBe('relative ok');
  });

  it('refuses a redirect to a non-http scheme', async () => {
    const res = await get('/to-ftp');
    expect(res.error?.code).toBe('unsupported_scheme');
    expect(res.redirects).toHaveLength(1);
  });

  it('reports an unparseable Location as invalid_url', async () => {
    expect((await get('/to-garbage')).error?.code).toBe('invalid_url');
  });

  it('treats a 3xx without Location as the final response', async () => {
    const res = await get('/no-location');
    expect(res.error).toBeUndefined();
    expect(res.status).toBe(302);
    expect(res.body).toContain('without Location');
  });
});
