/**
 * A crawl's report for an account: its branding, the worst pages, advice for its critical issues, then the pure
 * renderer (shared/report). The crawl store is another part's; what this needs from it is passed in as
 * functions, so the route (`GET /crawls/{id}/report`), the share page and `citable crawl --html/--pdf` can all
 * call it once crawls are stored (docs/reports.md, "Crawl reports: what remains to wire").
 */
import { renderCrawlReportHtml } from '../../shared/report/render-crawl-report.js';
import { WORST_PAGES } from '../../shared/report/components/WorstPagesTable.js';
import type { CrawlPage, Paper, ReportCrawl, ScorePoint } from '../../shared/report/types.js';
import type { Audit } from '../../shared/types/audit.js';
import type { Store } from '../store/contracts/store.js';
import { accountBranding, reportLanguage, type LanguageRequest, type RenderedReport } from './audit-report.js';
import { crawlReportTraffic } from './report-traffic.js';

export interface CrawlReportSources {
  /** The crawl's audited pages (GET /crawls/{id}/pages); only the lowest-scoring WORST_PAGES are shown. */
  pages(): Promise<readonly CrawlPage[]>;
  /** A page audit of the crawl on which `rule` fired, for the advice under a critical issue; null when none. */
  pageAuditWithRule(rule: string): Promise<Audit | null>;
  /** Earlier site scores of the same site (the account's earlier crawls); [] in a shared report. */
  history(): Promise<readonly ScorePoint[]>;
}

export async function renderAccountCrawlReport(
  store: Store,
  accountId: string,
  crawl: ReportCrawl,
  sources: CrawlReportSources,
  request: { paper: Paper; medium: 'html' | 'pdf'; pdfHref?: string | null; language?: LanguageRequest; rulesDocUrl?: string | null },
): Promise<RenderedReport> {
  const critical = (crawl.issues ?? []).filter((i) => i.severity === 'critical');
  const pagesRead = sources.pages();
  const [branding, pages, history, advice, traffic] = await Promise.all([
    accountBranding(store, accountId),
    pagesRead,
    sources.history(),
    adviceFor(
      critical.map((i) => i.rule),
      sources.pageAuditWithRule,
    ),
    pagesRead.then((read) => crawlReportTraffic(store, accountId, crawl, read)),
  ]);
  const worstPages = [...pages].sort((a, b) => a.score - b.score).slice(0, WORST_PAGES);
  const expiredAudits = pages.filter((p) => p.audit_expired).length;
  const { lang, unsupportedLang } = reportLanguage(request.language, branding);
  const html = renderCrawlReportHtml(crawl, {
    branding,
    lang,
    unsupportedLang,
    rulesDocUrl: request.rulesDocUrl ?? null,
    history,
    worstPages,
    advice,
    expiredAudits,
    traffic,
    paper: request.paper,
    medium: request.medium,
    pdfHref: request.pdfHref ?? null,
  });
  return { html, branding, lang };
}

/** The detail (what was found, what to do) of each rule, from one page where it fired. */
async function adviceFor(rules: string[], pageAuditWithRule: CrawlReportSources['pageAuditWithRule']): Promise<Record<string, string>> {
  const entries = await Promise.all(
    rules.map(async (rule) => {
      const audit = await pageAuditWithRule(rule);
      const detail = audit?.issues.find((i) => i.rule === rule)?.detail;
      return detail ? ([rule, detail] as const) : null;
    }),
  );
  return Object.fromEntries(entries.filter((e) => e !== null));
}
