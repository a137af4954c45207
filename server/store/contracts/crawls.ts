/**
 * The site-audit half of the store (docs/api-decisions.md#crawls), reached through `Store.crawls()`: crawl records,
 * their frontier (every URL seen, queued or skipped), the done set with each page's outcome, and the rollup
 * state, so that any process sharing the store answers for a crawl and a restarted one resumes it with
 * each page audited once. Implementations: memory/crawls.ts (the CLI), lowdb/crawls.ts (the embedded
 * default), postgres/crawls.ts. One contract suite (tests/server/store/contracts/crawls.ts) runs against all.
 * Every write resolves once it is durable.
 */
import type { CrawlRenderMode, CrawlSite, CrawlStatus } from '../../../shared/schema/crawl.js';
import type { AdmissionState, Discovery, QueuedUrl, SkipCounts } from '../../../shared/crawl/admission.js';
import type { CrawlPageOutcome } from '../../../shared/crawl/page-outcome.js';
import type { RollupState, RollupSummary } from '../../../shared/crawl/rollup.js';
import type { GatheredSiteFiles } from '../../../shared/gather/gather-site-files.js';

export interface CrawlCounters {
  discovered: number;
  audited: number;
  failed: number;
  skipped: number;
}

/** A crawl as stored: the wire object's members, its owner, and what running it needs. */
export interface StoredCrawl {
  id: string;
  account_id: string;
  /** The URL as submitted. */
  url: string;
  /** The start URL once resolved (scheme added, same-site redirects followed); the URL as submitted before. */
  start_url: string;
  /** The host the crawl stays on (set at start). */
  host: string | null;
  status: CrawlStatus;
  max_pages: number;
  /** Which pages are rendered in a browser; absent from crawls stored before rendering existed (none). */
  render?: CrawlRenderMode;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** When the crawl stops if it has not finished (CRAWL_DEADLINE_MS after the start). */
  deadline_at: string | null;
  progress: CrawlCounters;
  error: string | null;
  notes: string[];
  site: CrawlSite | null;
  /** The rollup's figures, set when the crawl ends (complete or cancelled). */
  result: RollupSummary | null;
  /** Admission state: URLs queued so far and the templates sampled. */
  admission: AdmissionState;
  /**
   * The secret its page-audit ids are derived with (page-audit-id.ts); never part of the API's crawl. Absent on
   * crawls stored before it existed: their ids keep the unkeyed derivation.
   */
  page_id_key?: string;
  /**
   * Why URLs were skipped and what the host asked, kept with the crawl's state so its notes are right whichever process
   * ends it (a crawl resumed after its worker was killed). Absent from records written before it was kept.
   */
  tally?: CrawlTally;
}

/** Distinct URLs skipped per reason (counted when first seen), pages skipped after queueing, 429/503 answers, and notes. */
export interface CrawlTally extends SkipCounts {
  /** Queued pages that redirected to another site. */
  redirected: number;
  /** Times the site answered 429 or 503 to a page that was later done. */
  busy: number;
  /** Sentences steps added (a sitemap that could not be read), each once. */
  notes: string[];
}

export function emptyTally(): CrawlTally {
  return { robots: 0, off_host: 0, off_site: 0, redirected: 0, busy: 0, notes: [] };
}

/** Adds an admission's counts and notes to the record's tally (every store, under its own lock). */
export function tallyAdmission(record: StoredCrawl, skippedBy: Partial<SkipCounts> | undefined, notes: string[] | undefined): void {
  const tally = (record.tally ??= emptyTally());
  tally.robots += skippedBy?.robots ?? 0;
  tally.off_host += skippedBy?.off_host ?? 0;
  tally.off_site += skippedBy?.off_site ?? 0;
  for (const note of notes ?? []) if (!tally.notes.includes(note)) tally.notes.push(note);
}

/** Adds what a page's end tells (skipped after queueing, and why; 429/503 answers before it) to the record's tally. */
export function tallyCompletion(record: StoredCrawl, completion: Pick<PageCompletion, 'skip' | 'busy'>): void {
  if (!completion.skip && !completion.busy) return;
  const tally = (record.tally ??= emptyTally());
  if (completion.skip === 'off_host') tally.off_host++;
  if (completion.skip === 'redirected') tally.redirected++;
  tally.busy += completion.busy ?? 0;
}

export type CreateCrawlOutcome = 'created' | 'limit';

/** One page's end: audited or failed (an outcome), or skipped after it was queued (off-site redirect, stopped crawl). */
export interface PageCompletion {
  url: string;
  outcome: CrawlPageOutcome | null;
  /** What the page led to (its links), admitted in the same write. */
  discovery?: Discovery;
  /** Why a page with no outcome was skipped: on another host (never fetched), or it redirected to another site. */
  skip?: 'off_host' | 'redirected';
  /** Times the site answered 429 or 503 to this page before this end. */
  busy?: number;
}

export interface CompletePageResult {
  /** False when the page was already done (a retry): nothing changed. */
  recorded: boolean;
  queued: QueuedUrl[];
  /** Queued URLs not yet done after this write (0: the crawl has nothing left to audit). */
  pending: number;
}

export interface CrawlListQuery {
  limit: number;
  after?: { time: number; id: string };
}

export interface CrawlListPage {
  crawls: StoredCrawl[];
  next: { time: number; id: string } | null;
}

export interface CrawlPageRow {
  url: string;
  audit_id: string | null;
  score: number | null;
  http_status: number | null;
  critical: boolean;
  error: string | null;
}

export interface CrawlPagesQuery {
  limit: number;
  /** Position (from a previous page) to continue after. */
  after?: number;
  /** Only pages with an issue of this rule. */
  rule?: string;
}

export interface CrawlPagesPage {
  pages: CrawlPageRow[];
  next: number | null;
}

/** Done pages as the crawl kept them (their summaries included), for what reads more than the pages list shows (fixes). */
export interface CrawlOutcomesPage {
  outcomes: CrawlPageOutcome[];
  next: number | null;
}

/** How a crawl ended. `leftSkipped`: queued URLs not audited (a deadline or a cancel), counted as skipped. */
export interface CrawlEnd {
  status: Extract<CrawlStatus, 'complete' | 'cancelled' | 'failed'>;
  finished_at: string;
  error: string | null;
  notes: string[];
  site: CrawlSite | null;
}

export interface CrawlStore {
  /** Stores a new crawl unless the account already has `maxRunning` queued or running. */
  createCrawl(crawl: StoredCrawl, maxRunning: number): Promise<CreateCrawlOutcome>;
  getCrawl(accountId: string, id: string): Promise<StoredCrawl | null>;
  /** Any account's crawl (workers and resumption). */
  crawlById(id: string): Promise<StoredCrawl | null>;
  /** The account's crawls, newest first (created_at, then id). */
  listCrawls(accountId: string, query: CrawlListQuery): Promise<CrawlListPage>;
  /** Crawls queued or running: a restarted server resumes them. */
  unfinishedCrawls(): Promise<StoredCrawl[]>;

  /** queued → running: the resolved start URL and host, the deadline, the site files (fetched once) and what the site findings need. */
  startCrawl(
    id: string,
    start: {
      start_url: string;
      host: string;
      started_at: string;
      deadline_at: string;
      siteFiles: GatheredSiteFiles;
      site: CrawlSite | null;
      notes: string[];
    },
  ): Promise<void>;
  siteFiles(id: string): Promise<GatheredSiteFiles | null>;
  /** Records site findings judged later (the start page's audit). */
  setSite(id: string, site: CrawlSite): Promise<void>;

  /** Admits URLs found outside a page (the start URL, sitemaps): returns those now queued. */
  admit(id: string, discovery: Discovery): Promise<QueuedUrl[]>;
  /** Records a page's end and admits what it found, atomically; a second completion of the same URL changes nothing. */
  completePage(id: string, completion: PageCompletion): Promise<CompletePageResult>;
  /** Queued URLs not yet done, in the order they were queued (what a resumed crawl still has to do). */
  pendingUrls(id: string): Promise<QueuedUrl[]>;
  /** True when this URL of the crawl is done (audited, failed or skipped after queueing). */
  isDone(id: string, url: string): Promise<boolean>;
  /** The URLs a page queued (a retried job re-adds them in case its first attempt died before it could). */
  queuedBy(id: string, url: string): Promise<QueuedUrl[]>;
  rollup(id: string): Promise<RollupState>;

  /**
   * Ends a queued or running crawl: the status, the rollup's summary of what was done, and every queued URL
   * not done counted as skipped. False when it had already ended (exactly one caller ends a crawl).
   */
  finishCrawl(id: string, end: CrawlEnd): Promise<boolean>;

  listPages(accountId: string, id: string, query: CrawlPagesQuery): Promise<CrawlPagesPage | null>;
  /** The same pages in the same order and positions as listPages, each as its whole outcome. */
  listPageOutcomes(accountId: string, id: string, query: CrawlPagesQuery): Promise<CrawlOutcomesPage | null>;

  close(): Promise<void>;
}

/** A done page as the pages list shows it. */
export function pageRow(outcome: CrawlPageOutcome): CrawlPageRow {
  return {
    url: outcome.url,
    audit_id: outcome.audit_id,
    score: outcome.score,
    http_status: outcome.http_status,
    critical: outcome.critical,
    error: outcome.error,
  };
}

/** Queued or running: not ended yet (a restarted server resumes it). */
export function isOpen(record: StoredCrawl): boolean {
  return record.status === 'queued' || record.status === 'running';
}
