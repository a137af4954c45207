/**
 * The traffic section of a site report over real HTTP (docs/reports.md#ai-crawler-traffic): a log uploaded to the
 * project that names the crawled site shows in GET /crawls/{id}/report (HTML, German, and the PDF printed by the
 * real Chromium) and in the shared report, over the 30 days up to the crawl; a crawl of a site no project names has
 * no section.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareEnvelopeSchema } from '../../../../shared/schema/reports.js';
import { emptySiteFiles, newCrawl, outcome } from '../../../crawls/helpers/crawl-records.js';
import { nginx, UA } from '../../../logs/samples.js';
import { pdfText } from '../../../reports/helpers/pdf-text.js';
import { startReportApi, type ReportApi } from '../../helpers/report-api.js';

const FINISHED = '2026-11-20T09:00:00.000Z';

/** A complete crawl of `origin` with these paths, finished on 20 November 2026, put straight into the store. */
async function putCrawl(api: ReportApi, origin: string, paths: string[], finished = FINISHED): Promise<string> {
  const crawls = await api.store.crawls();
  const crawl = newCrawl(api.accountId, { url: `${origin}/`, created_at: finished });
  await crawls.createCrawl(crawl, 2);
  await crawls.startCrawl(crawl.id, {
    start_url: `${origin}/`,
    host: new URL(origin).host,
    started_at: finished,
    deadline_at: finished,
    siteFiles: emptySiteFiles(origin),
    site: null,
    notes: [],
  });
  const urls = paths.map((p) => `${origin}${p}`);
  await crawls.admit(crawl.id, { pages: urls, skips: [] });
  for (const url of urls) await crawls.completePage(crawl.id, { url, outcome: outcome(url, 70) });
  await crawls.finishCrawl(crawl.id, { status: 'complete', finished_at: finished, error: null, notes: [], site: null });
  return crawl.id;
}

const LOG = [
  nginx('20.171.206.12', '02/Nov/2026:10:00:00 +0000', 'GET /a HTTP/1.1', 200, '-', UA.gptbot),
  nginx('20.171.206.12', '02/Nov/2026:10:00:05 +0000', 'GET /private HTTP/1.1', 403, '-', UA.gptbot),
  nginx('192.0.2.1', '10/Nov/2026:08:00:00 +0000', 'GET / HTTP/1.1', 200, '-', UA.perplexity),
  nginx('203.0.113.7', '12/Nov/2026:09:30:00 +0000', 'GET /pricing HTTP/2.0', 200, 'https://chatgpt.com/', UA.firefox),
  // Before the report's window (22 October to 20 November): not counted.
  nginx('20.171.206.12', '01/Oct/2026:10:00:00 +0000', 'GET /b HTTP/1.1', 200, '-', UA.gptbot),
];

describe('AI crawler traffic in the site report', () => {
  let api: ReportApi;
  let withTraffic: string;
  let withoutProject: string;
  let byAlias: string;
  let later: string;

  beforeAll(async () => {
    api = await startReportApi();
    const body = { name: 'Acme', domain: 'acme.com', aliases: ['acme-shop.example'] };
    const project = (await api.request('POST', '/api/v1/projects', { body })).json.project.id;
    const res = await fetch(`${api.url}/api/v1/projects/${project}/logs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.key}` },
      body: LOG.join('\n') + '\n',
    });
    expect(res.status).toBe(202);
    await api.citable.traffic.idle();
    withTraffic = await putCrawl(api, 'https://www.acme.com', ['/', '/a', '/b', '/c']);
    withoutProject = await putCrawl(api, 'https://other.example', ['/', '/a']);
    byAlias = await putCrawl(api, 'https://acme-shop.example', ['/', '/a']);
    later = await putCrawl(api, 'https://www.acme.com', ['/', '/a'], '2027-02-01T09:00:00.000Z');
  }, 60_000);
  afterAll(() => api.closeAll());

  const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  it('shows the project traffic of the window in the HTML report', async () => {
    const res = await api.request('GET', `/api/v1/crawls/${withTraffic}/report`);
    expect(res.status).toBe(200);
    const html = text(res.text);
    expect(html).toContain('AI crawlers in the server logs');
    expect(html).toContain("From 22 October 2026 to 20 November 2026, the site's server logs show 3 requests from AI crawlers.");
    expect(html).toContain('Answer engines sent 1 visitor to the site.');
    expect(res.text).toMatch(/<tr data-agent="GPTBot">[\s\S]*?<\/tr>/);
    expect(text(res.text.match(/<tr data-agent="GPTBot">[\s\S]*?<\/tr>/)![0])).toBe(' GPTBot OpenAI · Model training 2 2 0 50% ');
    expect(text(res.text.match(/<tr data-agent="PerplexityBot">[\s\S]*?<\/tr>/)![0])).toBe(
      ' PerplexityBot Perplexity · AI search 1 0 1 0% ',
    );
    expect(html).toContain('ChatGPT 1 /pricing (1)');
    // GPTBot fetched /a in the window, PerplexityBot /; /b only before it.
    expect(html).toContain('2 of the 4 audited pages were not fetched by any AI crawler in this period:');
    expect(res.text).toContain('<li>https://www.acme.com/b</li>');
    expect(res.text).toContain('<li>https://www.acme.com/c</li>');
    expect(html).toContain("The site refused 33% of the AI crawlers' requests");
  });

  it('reads in German with ?lang=de', async () => {
    const html = text((await api.request('GET', `/api/v1/crawls/${withTraffic}/report?lang=de`)).text);
    expect(html).toContain('KI-Crawler in den Server-Logs');
    expect(html).toContain('Vom 22. Oktober 2026 bis 20. November 2026 zeigen die Server-Logs der Website 3 Abrufe durch KI-Crawler.');
  });

  it('is in the shared report, opened without a key', async () => {
    const created = await api.request('POST', `/api/v1/crawls/${withTraffic}/share`, { body: {} });
    expect(created.status).toBe(201);
    const res = await fetch(shareEnvelopeSchema.parse(created.json).share.url);
    expect(res.status).toBe(200);
    const html = text(await res.text());
    expect(html).toContain('AI crawlers in the server logs');
    expect(html).toContain('show 3 requests from AI crawlers');
  });

  it('is printed in the PDF', async () => {
    const res = await fetch(`${api.url}/api/v1/crawls/${withTraffic}/report?format=pdf`, {
      headers: { authorization: `Bearer ${api.key}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const { text: pdf } = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(pdf).toContain('AI crawlers in the server logs');
    expect(pdf).toContain('Visitors from answer engines');
    expect(pdf).toMatch(/PerplexityBot\s*Perplexity/);
  }, 90_000);

  it("finds the project by an alias of the crawled site's host", async () => {
    const html = text((await api.request('GET', `/api/v1/crawls/${byAlias}/report`)).text);
    expect(html).toContain('show 3 requests from AI crawlers');
    expect(html).toContain('Every audited page was fetched by at least one AI crawler in this period.'); // / and /a
  });

  it('is absent from the report of a site no project names, and when the window holds no traffic', async () => {
    for (const id of [withoutProject, later]) {
      const res = await api.request('GET', `/api/v1/crawls/${id}/report`);
      expect(res.status).toBe(200);
      expect(res.text).toContain('Pages to fix first');
      expect(res.text).not.toContain('id="traffic"');
      expect(res.text).not.toContain('AI crawlers in the server logs');
    }
  });
});
