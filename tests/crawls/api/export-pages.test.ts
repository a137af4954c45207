/** GET /crawls/{id}/pages.csv: every page (or every page of a rule) as CSV, streamed; the same pages as GET /crawls/{id}/pages. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../server/helpers/test-api.js';
import { allPages, startCrawlApi } from '../helpers/crawl-api.js';
import { SEEDED_ERROR, seedFinishedCrawl, seededUrl } from '../helpers/seed-crawl.js';

/** Reads a CSV file back (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  return rows;
}

describe('GET /crawls/{id}/pages.csv', () => {
  let api: TestApi;
  let id: string;
  const COUNT = 1_203; // three store pages of 500: the stream crosses two boundaries

  beforeAll(async () => {
    api = await startCrawlApi();
    id = await seedFinishedCrawl(await api.store.crawls(), api.accountId, COUNT);
  }, 60_000);
  afterAll(() => api?.close({ removeData: true }));

  it('answers every page as RFC 4180 CSV with a header row, in the order of GET /pages', async () => {
    const res = await api.request('GET', `/api/v1/crawls/${id}/pages.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="crawl-${id}-pages.csv"`);
    expect(res.text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual(['url', 'score', 'http_status', 'critical', 'audit_id', 'error']);
    const pages = await allPages(api, id);
    expect(rows.slice(1).map((r) => r[0])).toEqual(pages.map((p) => p.url));
    expect(rows).toHaveLength(COUNT + 1);
    const byUrl = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(byUrl.get(seededUrl(3))).toEqual([seededUrl(3), '43', '200', 'false', pages[3].audit_id, '']);
    expect(byUrl.get(seededUrl(10))![3]).toBe('true');
    // A comma in an address is quoted; an error that starts with "=" is neutralised, its quotes doubled.
    expect(res.text).toContain(`"${seededUrl(8)}"`);
    expect(byUrl.get(seededUrl(7))).toEqual([seededUrl(7), '', '200', 'false', '', `'${SEEDED_ERROR}`]);
  });

  it('keeps the pages of one rule with ?rule=, as GET /pages?rule= does', async () => {
    const res = await api.request('GET', `/api/v1/crawls/${id}/pages.csv?rule=http.status`);
    expect(res.status).toBe(200);
    const rows = parseCsv(res.text).slice(1);
    const listed = await allPages(api, id, '&rule=http.status');
    expect(rows.map((r) => r[0])).toEqual(listed.map((p) => p.url));
    expect(rows).toHaveLength(Math.ceil(COUNT / 10));
    expect(rows.every((r) => r[3] === 'true')).toBe(true);
  });

  it("refuses an unknown rule (400), another account's crawl and an unknown one (404), a missing key (401)", async () => {
    expect((await api.request('GET', `/api/v1/crawls/${id}/pages.csv?rule=no.such-rule`)).status).toBe(400);
    const other = await api.newAccount();
    expect((await api.request('GET', `/api/v1/crawls/${id}/pages.csv`, { key: other.key })).status).toBe(404);
    expect((await api.request('GET', '/api/v1/crawls/00000000-0000-4000-8000-000000000000/pages.csv')).status).toBe(404);
    expect((await api.request('GET', `/api/v1/crawls/${id}/pages.csv`, { key: null })).status).toBe(401);
  });
});
