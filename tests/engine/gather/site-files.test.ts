import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gather } from '../../../shared/gather/gather.js';
import { SITE_FILES, type SiteFileMember } from '../../../shared/gather/site-files.js';
import { awaitAll } from '../../../shared/gather/await-all.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { loopbackFetcher } from '../../helpers/loopback-fetcher.js';

const members = Object.keys(SITE_FILES) as SiteFileMember[];

describe('the site files table', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite(
      Object.fromEntries([
        ['/', { body: '<!doctype html><title>Home</title><p>Hello</p>', headers: { 'content-type': 'text/html' } }],
        ...members.map((m) => [SITE_FILES[m].path, { body: `the ${m} file`, headers: { 'content-type': 'text/plain' } }]),
      ]),
    );
  });
  afterAll(() => site.close());

  it('fetches each file once from the origin, with its Accept header, into its snapshot member', async () => {
    const snap = await gather(`${site.url}/`, `${site.url}/`, { fetcher: loopbackFetcher() });
    for (const member of members) {
      const { path, accept } = SITE_FILES[member];
      expect(snap[member]?.body, member).toBe(`the ${member} file`);
      const requests = site.requests.filter((r) => r.path === path);
      expect(requests, path).toHaveLength(1);
      expect(requests[0]!.headers.accept).toBe(accept);
    }
  });
});

describe('awaitAll', () => {
  it('awaits every member, whatever order they settle in, and keeps the names', async () => {
    const later = (value: number, ms: number) => new Promise<number>((resolve) => setTimeout(() => resolve(value), ms));
    expect(await awaitAll({ a: later(1, 20), b: later(2, 1), c: 3 })).toEqual({ a: 1, b: 2, c: 3 });
  });

  it('rejects when a member rejects', async () => {
    await expect(awaitAll({ a: Promise.resolve(1), b: Promise.reject(new Error('no')) })).rejects.toThrow('no');
  });
});
