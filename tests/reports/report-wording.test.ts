/** Small things a client reads: chart labels on one day, the counts' pills, the CLI's crawl table order and plurals. */
import { describe, expect, it } from 'vitest';
import { renderAuditReportHtml } from '../../shared/report/render-audit-report.js';
import { renderCrawlReport } from '../../server/cli/crawl/render-crawl-report.js';
import type { Crawl } from '../../shared/schema/crawl.js';
import { makeCrawl } from './fixtures/crawls.js';
import { longAudit } from './fixtures/report-audits.js';

const labels = (html: string) =>
  [...html.matchAll(/<text[^>]*class="chart-muted"[^>]*>([^<]*\d{1,2} [A-Z][a-z]{2}[^<]*)<\/text>/g)].map((m) => m[1]);

describe('the score over time', () => {
  it('labels audits of one day with their time, not "28 Nov" three times', () => {
    const audit = { ...longAudit(), scanned_at: '2026-11-28T15:30:00.000Z' };
    const history = [
      { scanned_at: '2026-11-28T09:05:00.000Z', score: 23 },
      { scanned_at: '2026-11-28T11:40:00.000Z', score: 24 },
    ];
    expect(labels(renderAuditReportHtml(audit, { history }))).toEqual(['28 Nov 09:05', '28 Nov 11:40', '28 Nov 15:30']);
  });

  it('keeps the day alone when every audit is on a day of its own', () => {
    const audit = { ...longAudit(), scanned_at: '2026-11-28T15:30:00.000Z' };
    expect(labels(renderAuditReportHtml(audit, { history: [{ scanned_at: '2026-10-02T09:05:00.000Z', score: 30 }] }))).toEqual([
      '2 Oct',
      '28 Nov',
    ]);
  });
});

describe('the counts under the verdict', () => {
  it('paint a count red or amber only when there is something to count', () => {
    const audit = longAudit();
    const none = { ...audit, issues: audit.issues.filter((i) => i.severity === 'notice') };
    const html = renderAuditReportHtml(none);
    expect(html).toContain('<span class="pill notice">0</span> critical');
    expect(html).toContain('<span class="pill notice">0</span> warnings');
    expect(renderAuditReportHtml(audit)).toMatch(/<span class="pill critical">[1-9]\d*<\/span> critical/);
  });
});

describe("the CLI's crawl report", () => {
  it('lists critical issues first, then by pages, and says "1 page"', () => {
    const crawl = { ...makeCrawl(40), site: null, notes: [] } as unknown as Crawl;
    crawl.issues = [
      { ...crawl.issues[0]!, rule: 'llms-txt.present', severity: 'notice', title: 'No llms.txt', pages: 40, share: 1 },
      { ...crawl.issues[0]!, rule: 'http.status', severity: 'critical', title: 'The page answered an error', pages: 1, share: 0.025 },
      { ...crawl.issues[0]!, rule: 'content.title', severity: 'warning', title: 'Missing or weak title', pages: 12, share: 0.3 },
    ];
    const text = renderCrawlReport(crawl, { color: false, pages: [], elapsedMs: 1000 });
    const lines = text.split('\n');
    const at = (s: string) => lines.findIndex((l) => l.includes(s));
    expect(at('The page answered an error')).toBeLessThan(at('Missing or weak title'));
    expect(at('Missing or weak title')).toBeLessThan(at('No llms.txt'));
    expect(lines[at('The page answered an error')]).toMatch(/CRITICAL\s+1 page\s/);
    expect(text).not.toMatch(/\b1 pages\b/);
  });

  it('prints the advice under each critical issue and its example pages, the rest counted as "and N more"', () => {
    const crawl = { ...makeCrawl(40), site: null, notes: [] } as unknown as Crawl;
    const examples = ['https://acme.example/a', 'https://acme.example/b', 'https://acme.example/c', 'https://acme.example/d'];
    crawl.issues = [
      {
        ...crawl.issues[0]!,
        rule: 'http.status',
        severity: 'critical',
        title: 'The page answered an error',
        pages: 7,
        share: 0.175,
        examples,
      },
      {
        ...crawl.issues[0]!,
        rule: 'robots.meta',
        severity: 'critical',
        title: 'Kept out by noindex',
        pages: 2,
        share: 0.05,
        examples: examples.slice(0, 2),
      },
      { ...crawl.issues[0]!, rule: 'content.title', severity: 'warning', title: 'Missing or weak title', pages: 12, share: 0.3, examples },
    ];
    const advice = { 'http.status': 'The page answered HTTP 500. Make it answer 200 with its content.' };
    const text = renderCrawlReport(crawl, { color: false, pages: [], elapsedMs: 1000, advice });
    const section = text.slice(text.indexOf('Critical issues: what to do'));
    expect(section).toContain('The page answered HTTP 500. Make it answer 200 with its content.');
    expect(section).toContain('on 7 pages, for example:');
    expect(section).toContain('https://acme.example/c');
    expect(section).not.toContain('https://acme.example/d');
    expect(section).toContain('and 4 more');
    // Two pages, both shown: nothing to count; a warning has no entry here.
    expect(section).toContain('on 2 pages, for example:');
    expect(section.match(/and \d+ more/g)).toHaveLength(1);
    expect(section).not.toContain('Missing or weak title');
  });

  it('has no critical section when no issue is critical', () => {
    const crawl = { ...makeCrawl(40), site: null, notes: [] } as unknown as Crawl;
    crawl.issues = crawl.issues.filter((i) => i.severity !== 'critical');
    expect(renderCrawlReport(crawl, { color: false, pages: [], elapsedMs: 1000 })).not.toContain('Critical issues: what to do');
  });
});
