/**
 * What a report is rendered from: pure data, no I/O. The server fills it (the audit or crawl, the account's
 * branding, the score history from the store); the extension's popup and dashboard can fill it the same way.
 */
import type { Audit, CategoryScore, CrawlerVerdict, LlmsTxtSummary, Severity, CategoryName } from '../types/audit.js';
import type { Fix } from '../fixes/types.js';
import type { ReportLanguage } from '../i18n/languages.js';
import type { Traffic } from '../schema/traffic.js';

/** The agency's branding (docs/api-decisions.md#reports-shares-and-diffs, `PUT /branding`): every member optional in a report. */
export interface ReportBranding {
  name?: string | null;
  /** `#rrggbb`; anything else is ignored. */
  accent?: string | null;
  /** A `data:` URL of a PNG, JPEG or (sanitised) SVG image; anything else is ignored. */
  logo?: string | null;
  /** How the client reaches the agency: an email address or an http(s) address; anything else is ignored. */
  contact?: string | null;
  /** White label: the report never mentions Citable (the footer's "with Citable" goes). */
  white_label?: boolean | null;
  /** The reports' language (`en`, `de`, `fr`, `es`) when a request asks for none (docs/reports.md#languages-and-rule-links). */
  language?: string | null;
}

/** One earlier (or the current) score of the same page or site, for the history chart. */
export interface ScorePoint {
  scanned_at: string;
  score: number;
  /** Where it was scored (the audit's `origin`): the browser's and the server's audits are drawn as separate lines. */
  origin?: string;
}

/** `A4` or `Letter`: the paper the print CSS sets with `@page { size }`. */
export type Paper = 'A4' | 'Letter';

export interface ReportOptions {
  branding?: ReportBranding | null;
  /** The report's language (docs/reports.md#languages-and-rule-links); default English. */
  lang?: ReportLanguage;
  /** A `?lang=` that names no report language: the report says it is shown in `lang` instead (a share page). */
  unsupportedLang?: string | null;
  /** The published rule reference (docs/rules.md) each issue links to; none: the entry is named, not linked (rule-docs.ts). */
  rulesDocUrl?: string | null;
  /** Earlier scores, in any order; the current one is added by the renderer. Fewer than one: no chart. */
  history?: readonly ScorePoint[];
  paper?: Paper;
  /**
   * `html` (default): page numbers from the print CSS (`@page` margin boxes) when the file is printed.
   * `pdf`: none in the CSS, since headless Chromium's footer template numbers the pages.
   */
  medium?: 'html' | 'pdf';
  /** When the report was made (ISO 8601); shown in the footer. Default: the audit's or crawl's own time. */
  generatedAt?: string;
  /** Fixes (GET /audits/{id}/fixes or /crawls/{id}/fixes): shown under their issues, with an archive of them all. */
  fixes?: readonly Fix[] | null;
  /** Where the same report is as a PDF (a share page: `?format=pdf`): a "Download PDF" link in the header, not printed. */
  pdfHref?: string | null;
}

/** `signals.agent_discovery` (docs/api-decisions.md#agent-discovery-signals), read defensively: audits made before it lack it. */
export interface AgentDiscoveryFile {
  kind: string;
  url: string;
  status: 'found' | 'invalid' | 'not_found' | 'error' | string;
  problems?: string[];
}

/** An audit as reports read it: the wire Audit, plus the members other parts add (docs/api-decisions.md#crawls and docs/api-decisions.md#agent-discovery-signals). */
export type ReportAudit = Omit<Audit, 'origin' | 'signals'> & {
  origin: string;
  signals: Omit<Audit['signals'], 'agent_discovery'> & { agent_discovery?: { files?: AgentDiscoveryFile[] } | null };
};

/** One rolled-up issue of a crawl (docs/api-decisions.md#crawls). */
export interface CrawlIssue {
  rule: string;
  severity: Severity;
  category: CategoryName;
  title: string;
  pages: number;
  /** pages / audited, 0–1. */
  share: number;
  examples: string[];
}

export interface CrawlTemplate {
  pattern: string;
  pages: number;
  score: number;
}

/** A page of a crawl as `GET /crawls/{id}/pages` lists it. */
export interface CrawlPage {
  url: string;
  audit_id?: string;
  score: number;
  http_status: number | null;
  critical: number | boolean;
  /** The page audit was removed by the retention period: the page's score stays, its audit is gone. */
  audit_expired?: boolean;
}

/**
 * Site-level findings judged once per crawl. The crawl's `site` member; the members read here are read
 * only when present and well formed, so a crawl of any version renders.
 */
export interface CrawlSite {
  crawlers?: CrawlerVerdict[];
  llms_txt?: LlmsTxtSummary;
  robots_txt?: { status?: string; url?: string; problems?: string[] } | null;
  sitemaps?: Array<{ url: string; status?: string; urls?: number; problems?: string[] }>;
  agent_discovery?: { files?: AgentDiscoveryFile[] } | null;
  webmcp?: { status?: string } | null;
}

/** A crawl (site audit) as docs/api-decisions.md#crawls describes it. */
export interface ReportCrawl {
  id: string;
  url: string;
  status: 'queued' | 'running' | 'complete' | 'cancelled' | 'failed' | string;
  max_pages: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  progress: { discovered: number; audited: number; failed: number; skipped: number };
  score: number | null;
  category_scores: CategoryScore[] | null;
  builder: string | null;
  issues: CrawlIssue[] | null;
  templates: CrawlTemplate[] | null;
  site: CrawlSite | Record<string, unknown> | null;
  error: string | null;
}

export interface CrawlReportExtras {
  /** The lowest-scoring pages (from `GET /crawls/{id}/pages`), worst first is not required: the renderer sorts. */
  worstPages?: readonly CrawlPage[];
  /** Advice per rule id (an issue's `detail` from one of its pages), shown under the crawl's critical issues. */
  advice?: Readonly<Record<string, string>>;
  /** Pages whose audit the retention period removed (their scores stay): the summary says so. */
  expiredAudits?: number;
  /** The site's AI crawler traffic from its project's logs over the report's window; absent or null: no section. */
  traffic?: ReportTraffic | null;
}

/** A project's AI crawler traffic (docs/logs.md) over a report's window (docs/reports.md#ai-crawler-traffic). */
export interface ReportTraffic {
  /** The window's first and last UTC day, `YYYY-MM-DD`, inclusive. */
  since: string;
  until: string;
  traffic: Pick<Traffic, 'agents' | 'purposes' | 'referrals' | 'series'>;
  /** The report's audited pages no AI agent fetched in the window (`urls` the first ones); null: not known. */
  notFetched: { pages: number; of: number; urls: string[] } | null;
}

/** Where the deep probe saw a runtime WebMCP tool registered, and what the static scan made of that script. */
export interface WebmcpMatch {
  name: string;
  /** The registering call site, e.g. `app.js:11:56`. */
  site: string;
  staticSaw: 'registration' | 'other-evidence' | 'nothing';
}

/** What only a live tab knows (the extension's popup): the deep probe's call sites and the scripts not scanned. */
export interface WebmcpLive {
  matches: readonly WebmcpMatch[];
  skipped: readonly { url: string; reason: string }[];
}
