/**
 * GET /r/{token}/badge.svg over real HTTP: the shared audit's or crawl's score as an SVG badge, cacheable
 * (Cache-Control, ETag, 304), 404 with a grey badge for a dead link, and nothing else of the audit shown.
 */
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issue } from '../../../reports/fixtures/audits.js';
import { DAY, startReportApi, T0, type ReportApi } from '../../helpers/report-api.js';
import { startCrawlApi, waitForCrawl } from '../../../crawls/helpers/crawl-api.js';
import type { ServedSite } from '../../../crawls/helpers/crawl-site.js';
import { startSlowSite } from '../../../crawls/helpers/small-sites.js';
import type { TestApi } from '../../helpers/test-api.js';

let api: ReportApi;
beforeAll(async () => {
  api = await startReportApi();
});
afterAll(() => api.closeAll());

async function sharedAudit(score: number, body?: unknown): Promise<{ url: string; auditId: string; shareId: string }> {
  const audit = await api.putAudit({
    score,
    url: 'https://client.example/secret-page',
    final_url: 'https://client.example/secret-page',
    issues: [issue('content.title', 'warning', 'Content Structure', 'A finding the badge never shows')],
  });
  const res = await api.request('POST', `/api/v1/audits/${audit.id}/share`, body === undefined ? {} : { body });
  expect(res.status).toBe(201);
  return { url: `${res.json.share.url}/badge.svg`, auditId: audit.id, shareId: res.json.share.id };
}

/** Parses the SVG as XML (a malformed one throws) and returns its text and the value box's colour. */
function readBadge(svg: string): { text: string; label: string | null; colour: string | null } {
  const doc = new JSDOM(svg, { contentType: 'image/svg+xml' }).window.document;
  const rects = doc.querySelectorAll('g[clip-path] rect');
  return {
    text: [...doc.querySelectorAll('text')].map((t) => t.textContent).join(' | '),
    label: doc.documentElement.getAttribute('aria-label'),
    colour: rects[1]?.getAttribute('fill') ?? null,
  };
}

describe('GET /r/{token}/badge.svg', () => {
  it("answers the shared audit's score as an SVG badge, without a key, and nothing else of the audit", async () => {
    api.clock.now = T0;
    const { url, auditId } = await sharedAudit(72);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const svg = await res.text();
    expect(readBadge(svg)).toEqual({ text: 'citable | 72/100', label: 'citable: 72/100', colour: '#a15c00' });
    for (const leak of [
      'client.example',
      'secret-page',
      auditId,
      api.accountId,
      api.key,
      'A finding the badge never shows',
      '<script',
      'href=',
    ])
      expect(svg).not.toContain(leak);
  });

  it('colours the score by the report bands: 80 and over good, 50 and over fair, else poor', async () => {
    for (const [score, colour] of [
      [80, '#2e7d32'],
      [100, '#2e7d32'],
      [50, '#a15c00'],
      [49, '#c62828'],
      [0, '#c62828'],
    ] as const) {
      const badge = readBadge(await (await fetch((await sharedAudit(score)).url)).text());
      expect([score, badge.colour, badge.text]).toEqual([score, colour, `citable | ${score}/100`]);
    }
  });

  it('is cacheable for 5 minutes with an ETag; If-None-Match answers 304 without a body; HEAD has no body', async () => {
    api.clock.now = T0;
    const { url } = await sharedAudit(64);
    const first = await fetch(url);
    const etag = first.headers.get('etag');
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const again = await fetch(url, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await fetch(url, { headers: { 'if-none-match': '"something-else"' } })).status).toBe(200);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(await head.text()).toBe('');
  });

  it('is never cached past the link expiry, and is 404 once the link has expired', async () => {
    api.clock.now = T0;
    const { url } = await sharedAudit(90, { expires_in_days: 1 });
    api.clock.now = T0 + DAY - 120_000;
    expect((await fetch(url)).headers.get('cache-control')).toBe('public, max-age=120');
    api.clock.now = T0 + DAY - 500;
    expect((await fetch(url)).headers.get('cache-control')).toBe('no-cache');
    api.clock.now = T0 + DAY;
    expect((await fetch(url)).status).toBe(404);
    api.clock.now = T0;
  });

  it('a revoked, unknown or malformed link: the same 404 grey "not found" badge, not stored by caches', async () => {
    const { url, shareId } = await sharedAudit(55);
    expect((await api.request('DELETE', `/api/v1/shares/${shareId}`)).status).toBe(204);
    const bodies = new Set<string>();
    for (const dead of [
      url,
      `${api.url}/r/${'A'.repeat(32)}/badge.svg`,
      `${api.url}/r/short/badge.svg`,
      `${api.url}/r/${'x'.repeat(300)}/badge.svg`,
    ]) {
      const res = await fetch(dead);
      expect([dead, res.status]).toEqual([dead, 404]);
      expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      const svg = await res.text();
      expect(readBadge(svg)).toEqual({ text: 'citable | not found', label: 'citable: not found', colour: '#6b6b6b' });
      bodies.add(svg);
    }
    expect(bodies.size).toBe(1);
  });

  it('another method is 405; a trailing slash is 404', async () => {
    const { url } = await sharedAudit(70);
    const post = await fetch(url, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('HEAD, GET');
    expect((await fetch(`${url}/`)).status).toBe(404);
  });
});

describe('GET /r/{token}/badge.svg of a shared crawl', () => {
  let crawlApi: TestApi;
  let site: ServedSite;
  beforeAll(async () => {
    site = await startSlowSite(6, 300);
    crawlApi = await startCrawlApi();
  });
  afterAll(async () => {
    await crawlApi?.close({ removeData: true });
    await site?.close();
  });

  it('shows "running" (revalidated each time) while the crawl runs, then its site score', async () => {
    const { id } = (await crawlApi.request('POST', '/api/v1/crawls', { body: { url: site.url } })).json.crawl;
    const share = (await crawlApi.request('POST', `/api/v1/crawls/${id}/share`)).json.share;
    const running = await fetch(`${share.url}/badge.svg`);
    expect(running.status).toBe(200);
    expect(running.headers.get('cache-control')).toBe('no-cache');
    expect(readBadge(await running.text()).text).toMatch(/^citable \| (queued|running)$/);
    const done = await waitForCrawl(crawlApi, id);
    expect(done.status).toBe('complete');
    const finished = await fetch(`${share.url}/badge.svg`);
    expect(finished.headers.get('cache-control')).toBe('public, max-age=300');
    const svg = await finished.text();
    expect(readBadge(svg).text).toBe(`citable | ${done.score}/100`);
    expect(svg).not.toContain(new URL(site.url).host);
  });
});
