/**
 * What every CI format is written from: one audit or one crawl, reduced to the score, the categories, the
 * issues rolled up by rule and, when kept, each page's findings. A crawl's site-wide rules (robots.txt,
 * llms.txt, sitemaps, opt-out files: every page shares those files) are one finding for the site, on the
 * start page, instead of the same finding on every page.
 */
import { isSiteRule } from '../../shared/crawl/site-findings.js';
import type { CrawlPageOutcome } from '../../shared/crawl/page-outcome.js';
import type { Crawl } from '../../shared/schema/crawl.js';
import type { Audit, CategoryName, CategoryScore, RuleError, ScoreCap, Severity } from '../../shared/types/audit.js';
import { ruleInfo } from './rule-catalogue.js';

export interface Finding {
  rule: string;
  severity: Severity;
  category: CategoryName;
  title: string;
  /** What was found and what to do; null where only the rule is known (a crawl page's issue). */
  detail: string | null;
}

/** One page's findings; `error` set (and nothing else) when the page could not be audited. */
export interface PageFindings {
  url: string;
  error: string | null;
  findings: Finding[];
  /** The page's categories (their `applicable`), empty when not known. */
  categories: CategoryScore[];
  ruleErrors: RuleError[];
}

export interface RolledIssue extends Finding {
  /** Audited pages with the issue (1 for an audit). */
  pages: number;
  examples: string[];
  /** A crawl's site-wide finding, judged once for the site. */
  site: boolean;
}

export interface CiReport {
  kind: 'audit' | 'crawl';
  /** The page (its final URL) or the crawl's start URL. */
  url: string;
  status: 'complete' | Crawl['status'];
  score: number | null;
  scoreCap: ScoreCap | null;
  categories: CategoryScore[];
  /** By severity, then pages (as the audit and the crawl order them). */
  issues: RolledIssue[];
  audited: number;
  failed: number;
  /** The pages' own findings (site-wide ones left out of a crawl's); null when they were not kept. */
  pages: PageFindings[] | null;
  /** A crawl's site-wide findings, on `url`; empty for an audit. */
  siteFindings: Finding[];
  startedAt: string | null;
  finishedAt: string | null;
  notes: string[];
}

export function auditReport(audit: Audit): CiReport {
  const url = audit.final_url || audit.url;
  const findings = audit.issues.map((i) => ({
    rule: i.rule,
    severity: i.severity,
    category: i.category,
    title: i.title,
    detail: i.detail,
  }));
  const end = Date.parse(audit.scanned_at);
  return {
    kind: 'audit',
    url,
    status: 'complete',
    score: audit.score,
    scoreCap: audit.score_cap,
    categories: audit.category_scores,
    issues: findings.map((f) => ({ ...f, pages: 1, examples: [url], site: false })),
    audited: 1,
    failed: 0,
    pages: [{ url, error: null, findings, categories: audit.category_scores, ruleErrors: audit.rule_errors }],
    siteFindings: [],
    startedAt: Number.isFinite(end) ? new Date(end - audit.duration_ms).toISOString() : null,
    finishedAt: audit.scanned_at,
    notes: [],
  };
}

/** A crawl, with its pages' outcomes when they were kept (null: the formats that need them say so). */
export function crawlReport(crawl: Crawl, outcomes: readonly CrawlPageOutcome[] | null): CiReport {
  const titles = new Map(crawl.issues.map((i) => [i.rule, i.title]));
  const siteDetails = new Map((crawl.site?.issues ?? []).map((i) => [i.rule, i.detail]));
  const title = (rule: string) => titles.get(rule) ?? ruleInfo(rule)?.title ?? rule;
  return {
    kind: 'crawl',
    url: crawl.url,
    status: crawl.status,
    score: crawl.score,
    scoreCap: null,
    categories: crawl.category_scores,
    issues: crawl.issues.map((i) => ({
      rule: i.rule,
      severity: i.severity,
      category: i.category,
      title: i.title,
      detail: siteDetails.get(i.rule) ?? null,
      pages: i.pages,
      examples: i.examples,
      site: isSiteRule(i.rule),
    })),
    audited: crawl.progress.audited,
    failed: crawl.progress.failed,
    pages: outcomes ? outcomes.map((o) => pageFindings(o, title)) : null,
    siteFindings: crawl.issues
      .filter((i) => isSiteRule(i.rule))
      .map((i) => ({ rule: i.rule, severity: i.severity, category: i.category, title: i.title, detail: siteDetails.get(i.rule) ?? null })),
    startedAt: crawl.started_at,
    finishedAt: crawl.finished_at,
    notes: crawl.notes,
  };
}

function pageFindings(outcome: CrawlPageOutcome, title: (rule: string) => string): PageFindings {
  return {
    url: outcome.url,
    error: outcome.error,
    findings: outcome.issues
      .filter((i) => !isSiteRule(i.rule))
      .map((i) => ({ rule: i.rule, severity: i.severity, category: i.category, title: title(i.rule), detail: null })),
    categories: outcome.categories,
    ruleErrors: [],
  };
}

/** Critical issues of the report, by rule. */
export function criticalIssues(report: CiReport): RolledIssue[] {
  return report.issues.filter((i) => i.severity === 'critical');
}
