/**
 * Messages between the API thread (worker-runner.ts) and an audit worker (audit-worker.ts). A thread may run several
 * pieces of work at once (`citable crawl` runs a few pages per thread, one thread per core): each piece carries an
 * `id` the thread's signals and reply repeat.
 */
import { AuditFetchError, AuditInputError, AuditRenderError } from '../../shared/audit/errors.js';
import type { RenderedPage } from '../../shared/types/snapshot.js';
import type { Audit } from '../../shared/types/audit.js';
import type { CrawlPageRequest, CrawlPageResult } from '../../shared/crawl/crawl-page.js';
import type { PageLinks } from '../../shared/crawl/page-links.js';
import type { GatheredSiteFiles } from '../../shared/gather/gather-site-files.js';
import type { SitemapFileRequest, SitemapFileResult } from '../../shared/crawl/sitemap-file.js';
import type { StartRobots } from '../../shared/crawl/site-findings.js';
import type { AgentSelection } from '../../shared/crawlers/probe-selection.js';

/**
 * The first message a thread gets, before any work. By message rather than workerData, so a thread can be started
 * before its settings are known: `citable crawl` starts its threads while the command itself is still loading.
 */
export interface AuditThreadSetup {
  type: 'setup';
  allowPrivate: boolean;
  /** Run at a lower CPU priority (niceness 10), so audits yield to the thread that answers the API. */
  lowerPriority: boolean;
}

/**
 * A crawl page. A thread keeps the site files of the last SITE_FILE_KEYS crawls it ran pages of: `files` is sent
 * only with the first page of a crawl the thread does not hold (the runner mirrors the same eviction).
 */
export interface PageRequest {
  type: 'page';
  id: number;
  request: CrawlPageRequest;
  siteFiles: { key: string; files?: GatheredSiteFiles };
}

export const SITE_FILE_KEYS = 16;

/** One sitemap file of a crawl's discovery (fetched, parsed and sorted on the thread), with the crawl's site files as for a page. */
export interface SitemapRequest {
  type: 'sitemap';
  id: number;
  request: SitemapFileRequest;
  siteFiles: { key: string; files?: GatheredSiteFiles };
}

/** A crawl's robots.txt read on the thread (parsed, its Citable group, the start URL matched), its site files as for a page. */
export interface RobotsRequest {
  type: 'robots';
  id: number;
  startUrl: string;
  siteFiles: { key: string; files?: GatheredSiteFiles };
}

export type WorkerRequest = AuditThreadSetup | WorkRequest | { type: 'abort'; id: number; reason: string } | RenderAnswer;

/** A piece of work: a whole audit, a crawl page, a sitemap file or a crawl's robots.txt. */
export type WorkRequest =
  | { type: 'run'; id: number; url: string; deadlineMs: number; render?: boolean; agents?: AgentSelection }
  | PageRequest
  | SitemapRequest
  | RobotsRequest;

/**
 * Rendering crosses the boundary the other way: the thread asks the process's renderer host (one browser per
 * process, server/render/) for a page, and gets its DOM or the reason back.
 */
export type RenderAsk = { type: 'render'; id: number; url: string } | { type: 'render-abort'; id: number };
export type RenderAnswer =
  | { type: 'render-done'; id: number; page: RenderedPage }
  | { type: 'render-failed'; id: number; error: { code: AuditRenderError['code']; message: string } };

/**
 * `working`: sent when the thread begins a sitemap (its budget counts from there, not from a new thread's start-up).
 * `gathered`: a crawl page's fetches are done; one that still waits for its render sends its links with it.
 */
export type WorkingSignal = { type: 'working'; id: number } | { type: 'gathered'; id: number; links?: PageLinks };

/** Sent once, in answer to the setup message: the thread has loaded its code and takes work at once. */
export interface ReadySignal {
  type: 'ready';
}

export type WorkerReply =
  | { type: 'done'; id: number; audit: Audit }
  | { type: 'page-done'; id: number; result: CrawlPageResult }
  | { type: 'sitemap-done'; id: number; result: SitemapFileResult }
  | { type: 'robots-done'; id: number; result: StartRobots }
  | { type: 'failed'; id: number; error: WorkerError };

/** An engine error as it crosses the thread boundary. */
export type WorkerError =
  | { kind: 'input'; problem: AuditInputError['problem']; message: string }
  | { kind: 'fetch'; code: AuditFetchError['code']; message: string }
  | { kind: 'render'; code: AuditRenderError['code']; message: string }
  | { kind: 'other'; message: string };

export function toWorkerError(error: unknown): WorkerError {
  if (error instanceof AuditInputError) return { kind: 'input', problem: error.problem, message: error.message };
  if (error instanceof AuditFetchError) return { kind: 'fetch', code: error.code, message: error.message };
  if (error instanceof AuditRenderError) return { kind: 'render', code: error.code, message: error.message };
  return { kind: 'other', message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
}

/** The engine's own error class again, so the API maps it as it maps an in-process one (400, 422, 500). */
export function fromWorkerError(error: WorkerError): Error {
  if (error.kind === 'input') return new AuditInputError(error.problem, error.message);
  if (error.kind === 'fetch') return new AuditFetchError(error.code, error.message);
  if (error.kind === 'render') return new AuditRenderError(error.code, error.message);
  return new Error(`audit worker: ${error.message}`);
}
