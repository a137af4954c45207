/**
 * What a crawl keeps of one page: enough for its row in the pages list and for the rollup, never the
 * audit itself (that is stored as an ordinary audit). Plain JSON: a store writes it as one record, and an
 * embedded store rebuilds a running crawl's rollup by replaying these after a restart.
 */
import type { Audit, CategoryName, CategoryScore, Severity } from '../types/audit.js';
import type { PageSummary } from '../fixes/digest/page-summary.js';

export interface PageIssueRef {
  rule: string;
  severity: Severity;
  category: CategoryName;
}

/** What the AI-agent and Markdown probes found on a sample page. */
export interface PageSampleFindings {
  /** The page answered `Accept: text/markdown` with Markdown; null when the probe got no answer. */
  markdown: boolean | null;
  agents_asked: number;
  /** AI agents refused (challenge, error status, dropped connection) where a browser got the page. */
  agents_blocked: number;
}

export interface CrawlPageOutcome {
  url: string;
  template: string;
  /** The stored audit; null when the page could not be audited. */
  audit_id: string | null;
  http_status: number | null;
  /** Why the page could not be audited; null when it was. */
  error: string | null;
  score: number | null;
  /** The audit has a critical issue. */
  critical: boolean;
  categories: CategoryScore[];
  issues: PageIssueRef[];
  builder: string | null;
  /** Set on sample pages (the start page and one per template). */
  sample: PageSampleFindings | null;
  /** Its title and description, for the llms.txt the crawl's fixes generate; absent from pages crawled before fixes. */
  summary?: PageSummary;
}

export function auditedOutcome(
  url: string,
  template: string,
  audit: Audit,
  httpStatus: number,
  sample: PageSampleFindings | null,
  summary?: PageSummary,
): CrawlPageOutcome {
  return {
    url,
    template,
    audit_id: audit.id,
    http_status: httpStatus,
    error: null,
    score: audit.score,
    critical: audit.issues.some((i) => i.severity === 'critical'),
    categories: audit.category_scores.map((c) => ({ name: c.name, score: c.score, applicable: c.applicable })),
    issues: audit.issues.map((i) => ({ rule: i.rule, severity: i.severity, category: i.category })),
    builder: audit.builder,
    sample,
    ...(summary ? { summary } : {}),
  };
}

export function failedOutcome(url: string, template: string, error: string, httpStatus: number | null = null): CrawlPageOutcome {
  return {
    url,
    template,
    audit_id: null,
    http_status: httpStatus,
    error,
    score: null,
    critical: false,
    categories: [],
    issues: [],
    builder: null,
    sample: null,
  };
}
