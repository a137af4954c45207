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
});
