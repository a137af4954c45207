import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../extension/lib/api/client.js';
import { diffForPopup, NO_PREVIOUS } from '../../extension/lib/popup/audit-diff-source.js';
import { previousRecordOf } from '../../extension/lib/popup/previous-audit.js';
import { shareAudit } from '../../extension/lib/popup/share-link.js';
import { NO_CRAWLS, siteStartUrl, startSiteCrawl } from '../../extension/lib/popup/site-crawl.js';
import { exportFileName } from '../../extension/lib/export/file-name.js';
import { auditReportHtml } from '../../extension/lib/export/export-audit.js';
import type { AuditRecord } from '../../extension/lib/sync/records.js';
import type { Audit } from '../../shared/types/audit.js';
import { sampleAudit } from './helpers/sample-audit.js';

const settings = { backendUrl: 'https://api.example', apiKey: `cit_${'a'.repeat(32)}` };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const record = (id: string, url: string, at: string, state: AuditRecord['sync']['state'] = 'synced'): AuditRecord => ({
  id,
  url,
  final_url: url,
  score: 70,
  scanned_at: at,
  sync: { state, attempts: 1 },
});

describe('previous audit in this browser', () => {
  const current = record('c', 'https://shop.example/guide', '2026-05-02T10:00:00Z');
  it('the newest earlier audit of the same URL (fragment ignored), never the audit itself or another URL', () => {
    const records = [
      current,
      record('later', 'https://shop.example/guide', '2026-05-03T10:00:00Z'),
      record('other', 'https://shop.example/', '2026-05-01T11:00:00Z'),
      record('old', 'https://shop.example/guide#top', '2026-04-01T10:00:00Z'),
      record('prev', 'https://shop.example/guide', '2026-05-01T10:00:00Z'),
    ];
    expect(previousRecordOf(records, current)?.id).toBe('prev');
    expect(previousRecordOf([current], current)).toBeUndefined();
  });
});

describe('diff for the popup', () => {
  const older = sampleAudit({ id: '11111111-1111-4111-8111-111111111111', score: 60, scanned_at: '2026-05-01T10:00:00.000Z' });
  const newer = sampleAudit({ id: '22222222-2222-4222-8222-222222222222', score: 72, scanned_at: '2026-05-02T10:00:00.000Z' });
  const records = [record(newer.id, newer.url, newer.scanned_at), record(older.id, older.url, older.scanned_at)];
  const load = async (id: string): Promise<Audit | undefined> => (id === older.id ? older : undefined);

  it("takes the backend's diff when the audit is synced", async () => {
    const backendDiff = {
      from: older.id,
      to: newer.id,
      score: { from: 60, to: 72, delta: 12 },
      categories: [],
      new_issues: [],
      fixed_issues: [],
      crawlers: [],
      webmcp: { from: 'not_found', to: 'not_found' },
    };
    const api = createApiClient(settings, (async (url: string) =>
      url.includes('/diff?against=previous') ? json(200, { diff: backendDiff }) : json(200, { audit: older })) as typeof fetch);
    expect(await diffForPopup(newer, records, api, load)).toEqual({ diff: backendDiff, previousAt: older.scanned_at, source: 'backend' });
  });

  it('computes it in the browser (shared/diff) without a backend, or when the backend has no previous audit', async () => {
    const none = await diffForPopup(newer, records, null, load);
    expect(none).toMatchObject({ source: 'browser', diff: { from: older.id, to: newer.id, score: { from: 60, to: 72, delta: 12 } } });
    const api404 = createApiClient(settings, (async () => json(404, { error: 'No earlier audit of this URL' })) as typeof fetch);
    expect(await diffForPopup(newer, records, api404, load)).toMatchObject({ source: 'browser' });
  });

  it("says so when there is nothing to compare, with the backend's error when it failed", async () => {
    expect(await diffForPopup(newer, [records[0]!], null, load)).toEqual({ message: NO_PREVIOUS });
    const api500 = createApiClient(settings, (async () => json(500, { error: 'Internal error' })) as typeof fetch);
    expect(await diffForPopup(newer, [records[0]!], api500, load)).toEqual({ message: 'The backend could not compare: Internal error' });
  });
});

describe('share link', () => {
  const share = { id: 'shr_AAAAAAAAAAAAAAAA', url: 'https://api.example/r/tok', expires_at: '2026-06-01T00:00:00.000Z' };
  it('creates the link and copies it; a refused copy still shows the link', async () => {
    const seen: string[] = [];
    const api = createApiClient(settings, (async (url: string) => (seen.push(url), json(201, { share }))) as typeof fetch);
    const copied: string[] = [];
    expect(await shareAudit(api, 'a-1', async (t) => void copied.push(t))).toEqual({
      url: share.url,
      expiresAt: share.expires_at,
      copied: true,
    });
    expect(seen[0]).toBe('https://api.example/api/v1/audits/a-1/share');
    expect(copied).toEqual([share.url]);
    expect(await shareAudit(api, 'a-1', () => Promise.reject(new Error('no focus')))).toMatchObject({ copied: false, url: share.url });
  });
  it("a refusal carries the server's message", async () => {
    const api = createApiClient(settings, (async () => json(403, { error: 'This API key is read-only' })) as typeof fetch);
    expect(await shareAudit(api, 'a-1', async () => undefined)).toEqual({ error: 'This API key is read-only' });
  });
});

describe('audit this site', () => {
  it("crawls the page's origin; a server without crawls is named as such", async () => {
    expect(siteStartUrl('https://shop.example:8443/blog/post?x=1#y')).toBe('https://shop.example:8443/');
    const bodies: string[] = [];
    const ok = createApiClient(
      settings,
      (async (_u: string, init: RequestInit) => (
        bodies.push(String(init.body)),
        json(202, { crawl: { id: 'c1', status: 'queued' } })
      )) as typeof fetch,
    );
    expect(await startSiteCrawl(ok, 'https://shop.example/blog/post')).toMatchObject({ crawl: { id: 'c1' } });
    expect(JSON.parse(bodies[0]!)).toEqual({ url: 'https://shop.example/' });
    const old = createApiClient(settings, (async () => json(404, { error: 'Not found' })) as typeof fetch);
    expect(await startSiteCrawl(old, 'https://shop.example/')).toEqual({ error: NO_CRAWLS });
    const busy = createApiClient(settings, (async () => json(429, { error: 'Rate limit exceeded: max 2 running crawls' })) as typeof fetch);
    expect(await startSiteCrawl(busy, 'https://shop.example/')).toEqual({ error: 'Rate limit exceeded: max 2 running crawls' });
  });
});

describe('export', () => {
  it('file names name the page and the day, safely', () => {
    expect(exportFileName('https://shop.example/blog/post-1?x=1', '2026-05-02T10:00:00Z', 'html')).toBe(
      'citable-shop.example-blog-post-1-2026-05-02.html',
    );
    expect(exportFileName('https://shop.example/', '2026-05-02T10:00:00Z', 'json')).toBe('citable-shop.example-2026-05-02.json');
    expect(exportFileName('not a url/../../etc', 'bad', 'json')).toBe('citable-not-a-url-.-.-etc-audit.json');
  });
  it('the HTML export is the shared client report: one file, no script, the audit inside', () => {
    const audit = sampleAudit();
    const html = auditReportHtml(audit);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`data-audit-id="${audit.id}"`);
    expect(html).not.toMatch(/<script/i);
  });
});
