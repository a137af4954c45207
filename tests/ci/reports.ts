/** Hand-made audits and crawls for the CI format tests, as the CLI would hand them over. */
import type { CrawlPageOutcome, PageIssueRef } from '../../shared/crawl/page-outcome.js';
import type { Crawl } from '../../shared/schema/crawl.js';
import { auditReport, crawlReport, type CiReport } from '../../server/ci/ci-report.js';
import { categories, issue, makeAudit } from '../reports/fixtures/audits.js';

export const PAGE = 'https://client.example/pricing';
export const SITE = 'https://shop.example/';

/** An audit with one issue of each severity. */
export function auditWithIssues(overrides: Parameters<typeof makeAudit>[0] = {}) {
  return makeAudit({
    score: 44,
    score_cap: { max: 49, reason: '1 critical issue' },
    issues: [
      issue(
        'http.status',
        'critical',
        'Crawler Access',
        'The page answers with an HTTP error',
        'The page answered 500. Serve it with 200.',
      ),
      issue('content.title', 'warning', 'Content Structure', 'Missing or weak page title', 'The title is "Home". Write a specific title.'),
      issue('trust.hsts', 'notice', 'Trust', 'No HTTP Strict Transport Security', 'Send Strict-Transport-Security.'),
    ],
    ...overrides,
  });
}

export function auditCi(overrides: Parameters<typeof makeAudit>[0] = {}): CiReport {
  return auditReport(auditWithIssues(overrides));
}

const ref = (rule: string, severity: PageIssueRef['severity'], category: PageIssueRef['category']): PageIssueRef => ({
  rule,
  severity,
  category,
});

/** A page outcome: `issues` refs, or an error when the page could not be audited. */
export function pageOutcome(path: string, issues: PageIssueRef[], error: string | null = null): CrawlPageOutcome {
  return {
    url: new URL(path, SITE).href,
    template: '/*',
    audit_id: null,
    http_status: error ? null : 200,
    error,
    score: error ? null : 60,
    critical: issues.some((i) => i.severity === 'critical'),
    categories: error ? [] : categories(60, { Rendering: null }),
    issues: error ? [] : issues,
    builder: null,
    sample: null,
  };
}

/** `n` pages, each with the site-wide llms.txt notice and a title warning; every third with a critical page issue. */
export function crawlOutcomes(n: number): CrawlPageOutcome[] {
  return Array.from({ length: n }, (_, i) =>
    pageOutcome(`/p/${i}`, [
      ...(i % 3 === 0 ? [ref('http.status', 'critical', 'Crawler Access')] : []),
      ref('content.title', 'warning', 'Content Structure'),
      ref('llms-txt.present', 'notice', 'AI Discovery'),
    ]),
  );
}

export function crawlOf(outcomes: CrawlPageOutcome[], overrides: Partial<Crawl> = {}): Crawl {
  const audited = outcomes.filter((o) => o.error === null);
  const count = (rule: string) => audited.filter((o) => o.issues.some((i) => i.rule === rule));
  const entry = (rule: string, severity: PageIssueRef['severity'], category: PageIssueRef['category'], title: string) => {
    const pages = count(rule);
    return {
      rule,
      severity,
      category,
      title,
      pages: pages.length,
      share: Number((pages.length / Math.max(1, audited.length)).toFixed(4)),
      examples: pages.slice(0, 5).map((p) => p.url),
    };
  };
  return {
    id: '5e0c7a9e-1b2c-4d3e-8f4a-5b6c7d8e9f00',
    url: SITE,
    status: 'complete',
    max_pages: 100,
    render: 'none',
    created_at: '2026-11-21T10:00:00.000Z',
    started_at: '2026-11-21T10:00:01.000Z',
    finished_at: '2026-11-21T10:02:00.000Z',
    progress: { discovered: outcomes.length, audited: audited.length, failed: outcomes.length - audited.length, skipped: 0 },
    score: 58,
    category_scores: categories(58, { Rendering: null }),
    builder: null,
    issues: [
      entry('http.status', 'critical', 'Crawler Access', 'The page answers with an HTTP error'),
      entry('content.title', 'warning', 'Content Structure', 'Missing or weak page title'),
      entry('llms-txt.present', 'notice', 'AI Discovery', 'No llms.txt'),
    ].filter((i) => i.pages > 0),
    templates: [],
    site: {
      robots_txt: { url: `${SITE}robots.txt`, status: 'found', citable: 'allowed', crawl_delay: null },
      llms_txt: { status: 'missing', valid: false, problems: [] },
      sitemaps: [],
      crawlers: [],
      issues: [
        {
          rule: 'llms-txt.present',
          severity: 'notice',
          category: 'AI Discovery',
          title: 'No llms.txt',
          detail: 'The site has no /llms.txt. Publish one.',
        },
      ],
      sample: { pages: [SITE], markdown_served: 0, ai_agents_blocked: 0 },
    },
    error: null,
    notes: [],
    ...overrides,
  };
}

export function crawlCi(n: number, keepPages = true): CiReport {
  const outcomes = crawlOutcomes(n);
  return crawlReport(crawlOf(outcomes), keepPages ? outcomes : null);
}
