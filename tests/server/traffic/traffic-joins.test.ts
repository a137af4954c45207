/**
 * GET /projects/{id}/traffic's joins: `not_crawled` (pages of the latest crawl of the project's site that no AI
 * agent fetched in the window) and `cited_pages` (the project's pages its prompts' answers cited, with the hits of
 * the citing engines' operators' crawlers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trafficEnvelopeSchema } from '../../../shared/schema/traffic.js';
import { emptySiteFiles, newCrawl, outcome } from '../../crawls/helpers/crawl-records.js';
import { nginx, UA } from '../../logs/samples.js';
import { prompt, row } from '../store/contracts/citations-rows.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';

const ORIGIN = 'https://www.acme.com';

describe('traffic joins', () => {
  let api: TestApi;
  let projectId: string;

  beforeAll(async () => {
    api = await startTestApi();
    projectId = (await api.request('POST', '/api/v1/projects', { body: { name: 'Acme', domain: 'acme.com' } })).json.project.id;
    const crawls = await api.store.crawls();
    const crawl = newCrawl(api.accountId, { url: `${ORIGIN}/` });
    await crawls.createCrawl(crawl, 2);
    await crawls.startCrawl(crawl.id, {
      start_url: `${ORIGIN}/`,
      host: 'www.acme.com',
      started_at: new Date().toISOString(),
      deadline_at: new Date(Date.now() + 60_000).toISOString(),
      siteFiles: emptySiteFiles(ORIGIN),
      site: null,
      notes: [],
    });
    const urls = ['/', '/a', '/b', '/c'].map((p) => `${ORIGIN}${p}`);
    await crawls.admit(crawl.id, { pages: urls, skips: [] });
    for (const url of urls) await crawls.completePage(crawl.id, { url, outcome: outcome(url, 80) });
    await crawls.finishCrawl(crawl.id, { status: 'complete', finished_at: new Date().toISOString(), error: null, notes: [], site: null });

    const citations = await api.store.citations();
    const p = { ...prompt(1, api.accountId), project_id: projectId };
    await citations.createPrompt(p, 100);
    await citations.appendResult(
      row(p, 'chatgpt', '2026-08-01T12:00:00.000Z', {
        cited_urls: ['https://acme.com/a?utm_source=chatgpt.com', 'https://other.example/z'],
      }),
    );
    await citations.appendResult(row(p, 'claude', '2026-08-02T12:00:00.000Z', { cited_urls: ['https://www.acme.com/c'] }));

    const lines = [
      nginx('20.171.206.12', '01/Aug/2026:10:00:00 +0000', 'GET /a HTTP/1.1', 200, '-', UA.gptbot),
      nginx('20.171.206.12', '01/Aug/2026:10:00:01 +0000', 'GET /a HTTP/1.1', 200, '-', UA.gptbot),
      nginx('192.0.2.1', '02/Aug/2026:10:00:00 +0000', 'GET /c HTTP/1.1', 200, '-', UA.claudebot),
      nginx('192.0.2.1', '02/Aug/2026:10:00:00 +0000', 'GET /a HTTP/1.1', 200, '-', UA.claudebot),
    ];
    const res = await fetch(`${api.url}/api/v1/projects/${projectId}/logs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.key}` },
      body: lines.join('\n') + '\n',
    });
    expect(res.status).toBe(202);
    await api.citable.traffic.idle();
  });
  afterAll(() => api.close({ removeData: true }));

  const traffic = async (query = '') => {
    const res = await api.request('GET', `/api/v1/projects/${projectId}/traffic${query}`);
    expect(res.status).toBe(200);
    return trafficEnvelopeSchema.parse(res.json).traffic;
  };

  it('not_crawled: the crawl pages no AI agent fetched in the window', async () => {
    const all = await traffic();
    expect(all.not_crawled?.pages).toBe(2);
    expect(all.not_crawled?.urls.map((u) => u.path)).toEqual(['/', '/b']);
    const second = await traffic('?since=2026-08-02&until=2026-08-02');
    expect(second.not_crawled?.urls.map((u) => u.path)).toEqual(['/', '/b']); // ClaudeBot fetched /a and /c that day
    const third = await traffic('?since=2026-08-03');
    expect(third.not_crawled?.urls.map((u) => u.path)).toEqual(['/', '/a', '/b', '/c']);
  });

  it("cited_pages: the project's cited pages with the citing engines' operators' hits", async () => {
    const all = await traffic();
    expect(all.cited_pages).toEqual([
      {
        url: 'https://acme.com/a?utm_source=chatgpt.com',
        path: '/a',
        citations: 1,
        engines: ['chatgpt'],
        hits: 2,
        agents: [{ agent: 'GPTBot', hits: 2 }],
      },
      { url: 'https://www.acme.com/c', path: '/c', citations: 1, engines: ['claude'], hits: 1, agents: [{ agent: 'ClaudeBot', hits: 1 }] },
    ]);
    const later = await traffic('?since=2026-08-02');
    expect(later.cited_pages?.map((c) => [c.path, c.hits])).toEqual([['/c', 1]]);
  });

  it('a project without a crawl of its site: not_crawled is null', async () => {
    const other = (await api.request('POST', '/api/v1/projects', { body: { name: 'Other', domain: 'other.example' } })).json.project.id;
    const res = await api.request('GET', `/api/v1/projects/${other}/traffic`);
    expect(res.json.traffic.not_crawled).toBeNull();
    expect(res.json.traffic.cited_pages).toEqual([]);
  });
});
