import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, gather, type Audit } from '../../shared/index.js';
import { createNodeFetcher } from '../../server/net/node-fetcher.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { deflateBomb, drip, hugePage, PNG_1X1, withPeakRss } from '../server/net/hostile-handlers.js';
import { auditOutcome, expectWellFormed } from '../server/net/audit-outcome.js';

/**
 * Hostile pages through the whole engine (gather with the Node fetcher, rules, score): each ends
 * with an Audit or a clear AuditFetchError, never a crash, within the deadline and in bounded memory.
 */
const MB = 1024 * 1024;
const GB = 1024 * MB;
const PAGE =
  '<!doctype html><html lang="en"><head><title>Plain page</title></head><body><main><h1>Plain</h1><p>Some words.</p></main></body></html>';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite({
    '/huge': hugePage(50 * MB),
    '/bomb': deflateBomb('gzip', 10 * GB),
    '/loop/a': { status: 301, headers: { location: '/loop/b' } },
    '/loop/b': { status: 301, headers: { location: '/loop/a' } },
    '/drip': drip(1000),
    '/bad-utf8': {
      // Invalid sequences inside the visible text: a lone 0xff, a bad continuation, a cut 3-byte char, a surrogate.
      body: Buffer.concat([
        Buffer.from(PAGE.slice(0, PAGE.indexOf('Some'))),
        Buffer.from([0xff, 0x20, 0xc3, 0x28, 0x20, 0xe2, 0x82, 0x20, 0xed, 0xa0, 0x80, 0x20]),
        Buffer.from(PAGE.slice(PAGE.indexOf('Some'))),
      ]),
      headers: { 'content-type': 'text/html; charset=utf-8' },
    },
    '/png': { body: PNG_1X1, headers: { 'content-type': 'image/png' } },
    '/png-as-html': { body: PNG_1X1, headers: { 'content-type': 'text/html' } },
    '/robots.txt': { body: 'User-agent: *\nAllow: /\n', headers: { 'content-type': 'text/plain' } },
  });
});
afterAll(() => site.close());

const url = (path: string) => `${site.url}${path}`;
const rulesRaised = (audit: Audit) => audit.issues.map((i) => i.rule);
const fast = { requestTimeoutMs: 2000, deadlineMs: 8000 };

describe('a 50 MB page (real default limits)', () => {
  it('is audited from its first 5 MB in bounded memory, with a page-weight issue', async () => {
    const { result, peakGrowth } = await withPeakRss(() => auditOutcome(url('/huge')));
    expect(result.error).toBeUndefined();
    expectWellFormed(result.audit!);
    expect(rulesRaised(result.audit!)).toContain('rendering.page-weight');
    expect(peakGrowth).toBeLessThan(512 * MB);
  });

  it('is cut at the page cap in the snapshot, for every user agent', async () => {
    const snap = await gather(url('/huge'), url('/huge'), { fetcher: createNodeFetcher({ allowPrivate: true }) });
    for (const page of [snap.page, snap.pageAsSearchAgent!, snap.pageAsUserAgent!]) {
      expect(page.truncated).toBe(true);
      expect(page.bytes).toBe(DEFAULT_LIMITS.pageBytes);
    }
    expect(snap.markdown?.bytes).toBe(DEFAULT_LIMITS.siteFileBytes);
    expect(snap.deadlineHit).toBe(false);
  });
});

describe('a 10 GB gzip bomb as the page (real default limits)', () => {
  it('inflates only to the cap and is audited, with a page-weight issue', async () => {
    const { result, peakGrowth } = await withPeakRss(() => auditOutcome(url('/bomb')));
    expect(result.error).toBeUndefined();
    expectWellFormed(result.audit!);
    expect(rulesRaised(result.audit!)).toContain('rendering.page-weight');
    expect(peakGrowth).toBeLessThan(512 * MB);
    const snap = await gather(url('/bomb'), url('/bomb'), { fetcher: createNodeFetcher({ allowPrivate: true }) });
    expect(snap.page.truncated).toBe(true);
    expect(snap.page.bytes).toBe(DEFAULT_LIMITS.pageBytes);
  });
});

describe('a redirect loop', () => {
  it('ends in a clear AuditFetchError', async () => {
    const { error } = await auditOutcome(url('/loop/a'), fast);
    expect(error?.name).toBe('AuditFetchError');
    expect(error).toMatchObject({ code: 'redirect_loop' });
    expect(error?.message).toBe(`Cannot audit ${url('/loop/a')}: the page redirects in a loop.`);
  });

  it('records the chain in the snapshot', async () => {
    const snap = await gather(url('/loop/a'), url('/loop/a'), { fetcher: createNodeFetcher({ allowPrivate: true }), limits: fast });
    expect(snap.page.error?.code).toBe('redirect_loop');
    expect(snap.page.redirects.map((r) => r.status)).toEqual([301, 301]);
  });
});

describe('a page dripping one byte a second', () => {
  it('times out with the real default limits (10 s per request)', async () => {
    const { error } = await auditOutcome(url('/drip'));
    expect(error).toMatchObject({ name: 'AuditFetchError', code: 'timeout' });
    expect(error?.message).toContain('the page did not answer in time');
  });

  it('times out at a smaller request timeout', async () => {
    const { error } = await auditOutcome(url('/drip'), { requestTimeoutMs: 500 });
    expect(error).toMatchObject({ code: 'timeout' });
  });

  it('is cut by the audit deadline when that comes first', async () => {
    const { error } = await auditOutcome(url('/drip'), { requestTimeoutMs: 30_000, deadlineMs: 500 });
    expect(error).toMatchObject({ code: 'deadline' });
    expect(error?.message).toContain('ran out of time');
  });
});

describe('invalid UTF-8', () => {
  it('is decoded with replacement characters and audited, with a text-encoding issue', async () => {
    const { audit } = await auditOutcome(url('/bad-utf8'), fast);
    expectWellFormed(audit!);
    expect(rulesRaised(audit!)).toContain('rendering.text-encoding');
    const snap = await gather(url('/bad-utf8'), url('/bad-utf8'), { fetcher: createNodeFetcher({ allowPrivate: true }), limits: fast });
    expect(snap.page.encoding).toBe('utf-8');
    expect(snap.page.body).toContain('\uFFFD');
    expect(snap.page.body).toContain('<h1>Plain</h1>');
  });
});

describe('a binary response as the page', () => {
  it('a PNG is flagged binary, not decoded, and audited with a critical not-html issue', async () => {
    const { audit } = await auditOutcome(url('/png'), fast);
    expectWellFormed(audit!);
    expect(audit!.issues.find((i) => i.rule === 'rendering.not-html')?.severity).toBe('critical');
    expect(audit!.score).toBeLessThanOrEqual(49);
    const snap = await gather(url('/png'), url('/png'), { fetcher: createNodeFetcher({ allowPrivate: true }), limits: fast });
    expect(snap.page.binary).toBe(true);
    expect(snap.page.body).toBe('');
    expect(snap.scripts).toEqual([]);
  });

  it('a PNG mislabelled text/html is audited as (garbled) text without crashing', async () => {
    const { audit } = await auditOutcome(url('/png-as-html'), fast);
    expectWellFormed(audit!);
  });
});
