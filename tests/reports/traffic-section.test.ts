/**
 * The crawl report's AI crawler traffic section (docs/reports.md#ai-crawler-traffic): present with the project's
 * traffic (chart with its text alternative, agents verified and spoofed, refused shares, status mix, referrals with
 * landing pages, the audited pages no crawler fetched, one sentence on what it means), absent without, in German.
 */
import { describe, expect, it } from 'vitest';
import { renderCrawlReportHtml } from '../../shared/report/render-crawl-report.js';
import { trafficDays, trafficMeaning } from '../../shared/report/traffic-figures.js';
import { makeCrawl } from './fixtures/crawls.js';
import { reportTraffic } from './fixtures/traffic.js';

const section = (html: string) => html.match(/<section id="traffic"[\s\S]*?<\/section>/)?.[0] ?? '';
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the traffic section of the crawl report', () => {
  it('shows the window, the requests and visits, and what they mean', () => {
    const html = section(renderCrawlReportHtml(makeCrawl(12), { traffic: reportTraffic() }));
    expect(html).toContain('AI crawlers in the server logs');
    expect(text(html)).toContain(
      "From 22 October 2026 to 20 November 2026, the site's server logs show 1,480 requests from AI crawlers. Answer engines sent 46 visitors to the site.",
    );
    expect(text(html)).toContain('AI crawlers read the site, but 3 audited pages were not fetched by any of them');
  });

  it('draws requests per day by purpose over every day of the window, with the chart in words', () => {
    const html = section(renderCrawlReportHtml(makeCrawl(12), { traffic: reportTraffic() }));
    expect(html.match(/data-traffic-day="/g)).toHaveLength(30);
    expect(html).toContain('data-traffic-day="2026-11-10" data-hits="730"');
    expect(html).toContain('data-traffic-day="2026-11-11" data-hits="0"');
    const caption =
      'AI crawler requests per day from 22 October 2026 to 20 November 2026: 1,480 in all; the busiest day was 10 November 2026 with 730. By purpose: Model training 900, AI search 500, Fetches for a user 80.';
    expect(html).toContain(`aria-label="${caption}"`);
    expect(html).toContain(`<figcaption>${caption}</figcaption>`);
    expect(html).toMatch(/data-purpose="search"[\s\S]*?AI search 500/);
    expect(html).not.toContain('data-purpose="archive"');
  });

  it('lists the agents with verified, spoofed and refused requests, and the status mix', () => {
    const html = section(renderCrawlReportHtml(makeCrawl(12), { traffic: reportTraffic() }));
    const row = (agent: string) => text(html.match(new RegExp(`<tr data-agent="${agent}">[\\s\\S]*?</tr>`))?.[0] ?? '');
    expect(row('PerplexityBot')).toBe(' PerplexityBot Perplexity · AI search 100 70 30 20% ');
    expect(row('GPTBot')).toBe(' GPTBot OpenAI · Model training 900 900 0 7% ');
    expect(html).toMatch(/<tr data-agent="PerplexityBot">[\s\S]*?<span class="pill poor">30<\/span>/);
    expect(html).toContain('data-status="4xx" data-requests="60"');
    expect(text(html)).toContain('4% refused or missing (4xx)');
    expect(text(html)).toContain('1% server errors (5xx)');
  });

  it('lists the referrals with their landing pages and the pages no crawler fetched', () => {
    const html = section(renderCrawlReportHtml(makeCrawl(12), { traffic: reportTraffic() }));
    expect(text(html)).toContain('ChatGPT 40 /pricing (25), /blog/ai-kettles (10), / (5)');
    expect(text(html)).toContain('Perplexity 6 /docs/setup (6)');
    expect(text(html)).toContain('3 of the 12 audited pages were not fetched by any AI crawler in this period:');
    expect(html).toContain('<li>https://client.example/legal/terms</li>');
  });

  it('is left out entirely without traffic, and with a window that holds none', () => {
    const none = renderCrawlReportHtml(makeCrawl(12));
    expect(none).not.toContain('id="traffic"');
    expect(none).not.toContain('AI crawlers in the server logs');
    const empty = reportTraffic({ traffic: { agents: [], purposes: [], referrals: [], series: [] } });
    expect(renderCrawlReportHtml(makeCrawl(12), { traffic: empty })).not.toContain('id="traffic"');
  });

  it('reads in German, numbers and dates included', () => {
    const html = text(section(renderCrawlReportHtml(makeCrawl(12), { lang: 'de', traffic: reportTraffic() })));
    expect(html).toContain('KI-Crawler in den Server-Logs');
    expect(html).toContain('Vom 22. Oktober 2026 bis 20. November 2026 zeigen die Server-Logs der Website 1.480 Abrufe durch KI-Crawler.');
    expect(html).toContain('Antwortmaschinen haben 46 Besucher auf die Website gebracht.');
    expect(html).toContain('PerplexityBot Perplexity · KI-Suche 100 70 30 20 %');
    expect(html).toContain('3 der 12 geprüften Seiten wurden in diesem Zeitraum von keinem KI-Crawler abgerufen:');
    expect(html).not.toContain('Requests');
  });

  it('says first what matters most: refused requests, then spoofed ones, then pages not read, then visitors', () => {
    const base = reportTraffic();
    const withAgent = (i: number, change: object) => ({
      ...base,
      traffic: { ...base.traffic, agents: base.traffic.agents.map((a, j) => (j === i ? { ...a, ...change } : a)) },
    });
    expect(trafficMeaning(base).kind).toBe('notFetched');
    const refused = withAgent(0, { statuses: { '2xx': 600, '3xx': 0, '4xx': 300, '5xx': 0 } });
    expect(trafficMeaning(refused)).toEqual({ kind: 'refused', share: 320 / 1480 });
    expect(text(renderCrawlReportHtml(makeCrawl(12), { traffic: refused }))).toContain("The site refused 22% of the AI crawlers' requests");
    expect(trafficMeaning(withAgent(1, { spoofed: 200 })).kind).toBe('spoofed');
    expect(trafficMeaning({ ...base, notFetched: null })).toEqual({ kind: 'referrals', count: 46 });
    expect(trafficMeaning({ ...base, notFetched: null, traffic: { ...base.traffic, referrals: [] } })).toEqual({ kind: 'noReferrals' });
  });

  it('fills the days without lines with zeros', () => {
    const days = trafficDays(reportTraffic({ since: '2026-11-09', until: '2026-11-11' }));
    expect(days.map((d) => [d.date, d.total])).toEqual([
      ['2026-11-09', 0],
      ['2026-11-10', 730],
      ['2026-11-11', 0],
    ]);
  });
});
