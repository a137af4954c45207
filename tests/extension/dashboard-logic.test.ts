import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../shared/schema/webhook.js';
import { EVENT_TYPES } from '../../extension/lib/api/event-types.js';
import { createApiClient, errorMessage, NO_ANSWER, query } from '../../extension/lib/api/client.js';
import { probeCapabilities } from '../../extension/lib/api/capabilities.js';
import { parseRoute, routeHref, sectionOf, type Route } from '../../extension/lib/dashboard/route.js';
import { filterAudits, filterProblem, NO_FILTERS } from '../../extension/lib/dashboard/filter-audits.js';
import { loadPages } from '../../extension/lib/dashboard/load-pages.js';
import { labelIndexes, niceMax, periods, segments, yAt, type Plot } from '../../extension/lib/dashboard/chart-geometry.js';
import { crawlProgress, crawlRunning } from '../../extension/lib/dashboard/crawl-progress.js';
import type { AuditSummary } from '../../extension/lib/api/types.js';

const settings = { backendUrl: 'https://api.example', apiKey: `cit_${'a'.repeat(32)}` };
const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('backend client', () => {
  it('sends the key to /api/v1 without cookies, and returns the JSON', async () => {
    const seen: Array<[string, RequestInit]> = [];
    const api = createApiClient(
      settings,
      (async (url: string, init: RequestInit) => (seen.push([url, init]), json(200, { audits: [] }))) as typeof fetch,
    );
    expect(await api.get('/audits?limit=1')).toEqual({ ok: true, status: 200, data: { audits: [] } });
    expect(seen[0]![0]).toBe('https://api.example/api/v1/audits?limit=1');
    expect(seen[0]![1]).toMatchObject({ method: 'GET', credentials: 'omit', headers: { authorization: `Bearer ${settings.apiKey}` } });
  });

  it('posts JSON bodies; 204 is a success without a body', async () => {
    const seen: RequestInit[] = [];
    const api = createApiClient(
      settings,
      (async (_u: string, init: RequestInit) => (
        seen.push(init),
        init.method === 'DELETE' ? new Response(null, { status: 204 }) : json(201, { ok: 1 })
      )) as typeof fetch,
    );
    expect(await api.post('/webhooks', { url: 'x' })).toMatchObject({ ok: true, status: 201 });
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"url":"x"}', headers: { 'content-type': 'application/json' } });
    expect(await api.del('/shares/shr_1')).toEqual({ ok: true, status: 204, data: null });
  });

  it("a failure carries the server's own {error} message, or the status in words", async () => {
    const answers = [
      json(403, { error: 'This API key is read-only: it can read (GET), not POST.' }),
      json(500, undefined),
      new Response('<html>', { status: 200 }),
    ];
    const api = createApiClient(settings, (async () => answers.shift()!) as typeof fetch);
    expect(await api.post('/monitors')).toEqual({
      ok: false,
      status: 403,
      error: 'This API key is read-only: it can read (GET), not POST.',
    });
    expect(await api.get('/x')).toEqual({ ok: false, status: 500, error: 'The backend answered 500.' });
    expect(await api.get('/x')).toMatchObject({ ok: false, status: 200, error: expect.stringContaining('without a JSON body') });
    expect(errorMessage(401, { nope: 1 })).toBe('The API key was refused (401).');
  });

  it('no answer at all says the backend is unreachable, naming it', async () => {
    const api = createApiClient(settings, (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch);
    expect(await api.get('/audits')).toEqual({ ok: false, status: NO_ANSWER, error: 'The backend is unreachable (https://api.example).' });
  });

  it('query() keeps only the values given', () => {
    expect(query({ project_id: 'prj_1', since: undefined, engine: '', limit: 10 })).toBe('?project_id=prj_1&limit=10');
    expect(query({})).toBe('');
  });
});

describe('capabilities', () => {
  const answering = (deleteStatus: number, crawls: number) =>
    createApiClient(settings, (async (url: string, init: RequestInit) =>
      init.method === 'DELETE'
        ? json(deleteStatus, { error: 'x' })
        : json(crawls, crawls === 200 ? { crawls: [], next_cursor: null } : { error: 'Not found' })) as typeof fetch);
  it('a read-only key (403 to a write that changes nothing) cannot write, with the reason', async () => {
    expect(await probeCapabilities(answering(403, 404))).toMatchObject({
      canWrite: false,
      readOnlyReason: expect.stringContaining('read-only'),
      crawls: false,
    });
  });
  it('a full key (404 for the share that does not exist) can write; crawls when the route answers', async () => {
    expect(await probeCapabilities(answering(404, 200))).toEqual({ canWrite: true, readOnlyReason: '', crawls: true });
  });
});

describe('routes', () => {
  it('round-trips every view through the hash', () => {
    const routes: Route[] = [
      { view: 'audits' },
      { view: 'audit', id: 'a1-b2' },
      { view: 'crawls' },
      { view: 'crawl', id: 'c1' },
      { view: 'crawl-pages', id: 'c1' },
      { view: 'crawl-pages', id: 'c1', rule: 'content.single-h1' },
      { view: 'monitors' },
      { view: 'webhooks' },
      { view: 'webhook', id: 'wh_1' },
      { view: 'projects' },
      { view: 'project', id: 'prj_1' },
      { view: 'project-traffic', id: 'prj_1' },
      { view: 'shares' },
    ];
    for (const r of routes) expect(parseRoute(routeHref(r))).toEqual(r);
  });
  it('anything unknown or hostile falls back to the audits list', () => {
    for (const h of [
      '',
      '#',
      '#/nope',
      '#/audits/../../x',
      '#/audits/a%2Fb',
      '#/monitors/m1',
      '#/audits/<script>',
      '#/audits/1/2',
      '#/crawls/c1/pages/<b>',
      '#/crawls/c1/pages/a.b/c',
      '#/crawls/c1/other',
      '#/audits/c1/pages',
      '#/projects/p1/traffic/x',
      '#/audits/a1/traffic',
    ])
      expect(parseRoute(h)).toEqual({ view: 'audits' });
  });
  it('a detail view highlights its list in the navigation', () => {
    expect(sectionOf({ view: 'webhook', id: 'x' })).toBe('webhooks');
    expect(sectionOf({ view: 'shares' })).toBe('shares');
    expect(sectionOf({ view: 'crawl-pages', id: 'c1', rule: 'content.title' })).toBe('crawls');
    expect(sectionOf({ view: 'project-traffic', id: 'p1' })).toBe('projects');
  });
});

describe('audit filters', () => {
  const a = (id: string, url: string, score: number, day: string): AuditSummary => ({
    id,
    url,
    final_url: url.replace('http:', 'https:'),
    score,
    builder: 'Unknown',
    status: 'complete',
    origin: 'server',
    scanned_at: `${day}T10:00:00.000Z`,
  });
  const list = [
    a('1', 'http://shop.example/blog/one', 91, '2026-05-03'),
    a('2', 'http://shop.example/pricing', 45, '2026-05-01'),
    a('3', 'http://other.example/BLOG', 70, '2026-04-20'),
  ];
  it('URL part (either URL, any case), day range and score range combine', () => {
    expect(filterAudits(list, { ...NO_FILTERS, url: 'blog' }).map((x) => x.id)).toEqual(['1', '3']);
    expect(filterAudits(list, { ...NO_FILTERS, url: 'https://shop' }).map((x) => x.id)).toEqual(['1', '2']);
    expect(filterAudits(list, { ...NO_FILTERS, from: '2026-05-01', to: '2026-05-01' }).map((x) => x.id)).toEqual(['2']);
    expect(filterAudits(list, { ...NO_FILTERS, minScore: '50', maxScore: '90' }).map((x) => x.id)).toEqual(['3']);
    expect(filterAudits(list, { ...NO_FILTERS, url: 'blog', minScore: '80' }).map((x) => x.id)).toEqual(['1']);
  });
  it('bad filters are named and leave the list unfiltered', () => {
    expect(filterProblem({ ...NO_FILTERS, minScore: '101' })).toMatch(/0 to 100/);
    expect(filterProblem({ ...NO_FILTERS, maxScore: '-1' })).toMatch(/0 to 100/);
    expect(filterProblem({ ...NO_FILTERS, minScore: '80', maxScore: '20' })).toMatch(/above the highest/);
    expect(filterProblem({ ...NO_FILTERS, from: '2026-06-01', to: '2026-05-01' })).toMatch(/after the last/);
    expect(filterAudits(list, { ...NO_FILTERS, minScore: 'abc' })).toHaveLength(3);
  });
});

describe('loadPages', () => {
  it('follows next_cursor, hands each page over as it comes, stops at the last', async () => {
    const urls: string[] = [];
    const pages = [
      { audits: [1, 2], next_cursor: 'c1' },
      { audits: [3], next_cursor: null },
    ];
    const api = createApiClient(settings, (async (url: string) => (urls.push(url), json(200, pages.shift()))) as typeof fetch);
    const seen: Array<[number[], boolean]> = [];
    expect(await loadPages<number>(api, '/audits', 'audits', (items, done) => seen.push([items, done]))).toMatchObject({ ok: true });
    expect(seen).toEqual([
      [[1, 2], false],
      [[3], true],
    ]);
    expect(urls).toEqual(['https://api.example/api/v1/audits?limit=100', 'https://api.example/api/v1/audits?limit=100&cursor=c1']);
  });
  it("returns the first failure with the server's message", async () => {
    const api = createApiClient(settings, (async () => json(401, { error: 'Unknown API key' })) as typeof fetch);
    expect(await loadPages(api, '/audits', 'audits', () => undefined)).toEqual({ ok: false, status: 401, error: 'Unknown API key' });
  });
  it('stops at max items', async () => {
    const api = createApiClient(settings, (async () => json(200, { audits: [1, 2, 3], next_cursor: 'more' })) as typeof fetch);
    let calls = 0;
    await loadPages(api, '/audits', 'audits', () => calls++, { max: 5 });
    expect(calls).toBe(2);
  });
});

describe('chart geometry', () => {
  const plot: Plot = { width: 100, height: 100, left: 0, right: 0, top: 0, bottom: 0 };
  it('a day without data breaks the line instead of drawing a zero', () => {
    const s = segments(plot, [0.5, null, 1, 1], 1);
    expect(s.map((x) => x.at)).toEqual([[0], [2, 3]]);
    expect(s[1]!.points).toBe('66.7,0.0 100.0,0.0');
  });
  it('values are clamped to the scale', () => {
    expect(yAt(plot, 2, 1)).toBe(0);
    expect(yAt(plot, -1, 1)).toBe(100);
  });
  it('axis labels count back from the last point', () => {
    expect(labelIndexes(30, 8)).toEqual([1, 5, 9, 13, 17, 21, 25, 29]);
    expect(labelIndexes(1, 8)).toEqual([0]);
  });
  it('nice scale tops', () => {
    expect([0, 0.3, 4, 7, 12, 250].map(niceMax)).toEqual([1, 0.5, 5, 10, 20, 500]);
  });
  it('a window cut into periods covers every day once, the last ending on until', () => {
    const p = periods('2026-05-01', '2026-05-30', 5);
    expect(p[0]!.since).toBe('2026-05-01');
    expect(p.at(-1)!.until).toBe('2026-05-30');
    for (let i = 1; i < p.length; i++) expect(Date.parse(p[i]!.since) - Date.parse(p[i - 1]!.until)).toBe(86_400_000);
    expect(periods('2026-05-01', '2026-05-03', 7)).toHaveLength(3);
  });
});

describe('crawl progress', () => {
  it('words and the share done', () => {
    expect(crawlProgress({ status: 'running', progress: { discovered: 40, audited: 12, failed: 1, skipped: 3 } })).toEqual({
      text: '12 of 40 pages audited, 1 failed, 3 skipped',
      done: 13 / 40,
    });
    expect(crawlProgress({ status: 'queued', progress: { discovered: 0, audited: 0, failed: 0, skipped: 0 } }).done).toBeNull();
    // Just started: not "0 of 1 page audited", which reads as a one-page site.
    expect(crawlProgress({ status: 'running', progress: { discovered: 1, audited: 0, failed: 0, skipped: 0 } })).toEqual({
      text: 'Finding pages: 1 found so far, the first being audited',
      done: null,
    });
    expect(crawlProgress({ status: 'queued', progress: { discovered: 0, audited: 0, failed: 0, skipped: 0 } }).text).toBe(
      'Waiting to start',
    );
    expect([crawlRunning({ status: 'queued' }), crawlRunning({ status: 'complete' }), crawlRunning({ status: 'cancelled' })]).toEqual([
      true,
      false,
      false,
    ]);
  });
});

it("the dashboard's copy of the webhook event types matches the schema", () => {
  expect([...EVENT_TYPES]).toEqual([...WEBHOOK_EVENT_TYPES]);
});
