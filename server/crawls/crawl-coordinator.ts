/**
 * Runs crawls in this process (the embedded default, `citable crawl`): the start (crawl-start.ts), then
 * pages from the store's queue, the start page first, at most `hostConcurrency` of a crawl at once and
 * `concurrency` across crawls, each through the host gate (Crawl-delay, 429/503 pauses). Every page's end is
 * one store write that also admits what it found, so the state a restart resumes from is always whole:
 * `resumeAll()` picks up every crawl the store says is unfinished, and each page is audited once.
 * A crawl ends complete (queue empty, or its deadline: the rest counted as skipped), cancelled, or failed.
 */
import type { Audit } from '../../shared/types/audit.js';
import type { Fetcher } from '../../shared/types/fetcher.js';
import type { QueuedUrl } from '../../shared/crawl/admission.js';
import type { CrawlPageResult } from '../../shared/crawl/crawl-page.js';
import { auditedOutcome, failedOutcome, type CrawlPageOutcome } from '../../shared/crawl/page-outcome.js';
import { emptyRollup } from '../../shared/crawl/rollup.js';
import { crawlRobots, MAX_CRAWL_DELAY_S, siteFindings, type CrawlRobots, type SitemapRead } from '../../shared/crawl/site-findings.js';
import { discoverFromSitemaps, SITEMAP_DISCOVERY_BYTES, type SitemapDiscovery } from '../../shared/crawl/sitemap-discovery.js';
import { SITEMAP_ACCEPT, type GatheredSiteFiles } from '../../shared/gather/gather-site-files.js';
import { BROWSER_USER_AGENT } from '../../shared/gather/user-agents.js';
import type { Logger } from '../logging/logger.js';
import { Semaphore } from '../audits/semaphore.js';
import type { CrawlEnd, CrawlStore } from '../store/contracts/crawls.js';
import { gatedFetch, startCrawlSite } from './crawl-start.js';
import type { CrawlSettings } from './crawl-settings.js';
import { robotsAllow, sortLinks, type SkipTally } from './discovery.js';
import type { HostGate } from './host-gate.js';
import { pageAuditId } from './page-audit-id.js';
import type { CrawlPageRunner } from './page-runner.js';
import { crawlNotes, robotsRefusalNote } from './crawl-notes.js';
import { endCrawl, type FreshSite } from './end-crawl.js';

export interface CoordinatorDeps {
  store: CrawlStore;
  pages: CrawlPageRunner;
  /** The SSRF-guarded fetcher for the start, the site files and the sitemaps. */
  fetcher: Fetcher;
  gate: HostGate;
  settings: CrawlSettings;
  /** Stores a page's audit; resolves with the audit as stored (a retry finds the first one). Absent: not stored (the CLI). */
  saveAudit?: (accountId: string, audit: Audit) => Promise<Audit>;
  logger: Logger;
  now?: () => Date;
}

type StopReason = 'cancel' | 'deadline' | 'shutdown';

interface Running {
  controller: AbortController;
  stop: StopReason | null;
  done: Promise<void>;
}

/** Weight of a sample page at its host: fetched as a browser, as two AI agents and as Markdown at once. */

export class CrawlCoordinator {
  readonly #running = new Map<string, Running>();
  readonly #slots: Semaphore;
  #stopped = false;

  constructor(private readonly deps: CoordinatorDeps) {
    this.#slots = new Semaphore(deps.settings.concurrency, Number.MAX_SAFE_INTEGER);
  }

  /** Crawls this process is running now. */
  get active(): number {
    return this.#running.size;
  }

  /** Runs a stored crawl (queued or running) to its end unless it already runs here; resolves when it ends or stops. */
  run(id: string): Promise<void> {
    const existing = this.#running.get(id);
    if (existing) return existing.done;
    if (this.#stopped) return Promise.resolve();
    const running: Running = { controller: new AbortController(), stop: null, done: Promise.resolve() };
    running.done = this.#crawl(id, running)
      .catch((error: unknown) => this.#failed(id, error))
      .finally(() => this.#running.delete(id));
    this.#running.set(id, running);
    return running.done;
  }

  /** Cancels a crawl: stops its pages and records it `cancelled` with what was audited. False when it had already ended. */
  async cancel(id: string): Promise<boolean> {
    const running = this.#running.get(id);
    if (running) {
      running.stop ??= 'cancel';
      running.controller.abort(new Error('the crawl was cancelled'));
      await running.done;
      return (await this.deps.store.crawlById(id))?.status === 'cancelled';
    }
    return this.#finish(id, 'cancelled', null, []);
  }

  /** Resumes every unfinished crawl in the store (a restart); does not wait for them. */
  async resumeAll(): Promise<string[]> {
    const crawls = await this.deps.store.unfinishedCrawls();
    for (const crawl of crawls) void this.run(crawl.id);
    return crawls.map((c) => c.id);
  }

  /** Stops every crawl without ending it (shutdown): the store keeps their state, and the next start resumes them. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const running of this.#running.values()) {
      running.stop ??= 'shutdown';
      running.controller.abort(new Error('the server is shutting down'));
    }
    await Promise.all([...this.#running.values()].map((r) => r.done));
  }

  async #crawl(id: string, running: Running): Promise<void> {
    const { store, settings } = this.deps;
    const signal = running.controller.signal;
    let record = await store.crawlById(id);
    if (!record || (record.status !== 'queued' && record.status !== 'running')) return;
    const tally: SkipTally = { robots: new Set(), offHost: new Set() };
    const counts = { busy: 0, offSite: 0 };
    let sitemaps: Promise<SitemapDiscovery> | null = null;
    let files: GatheredSiteFiles;
    let robots: CrawlRobots;

    if (record.status === 'queued') {
      const start = await startCrawlSite(record.url, {
        fetcher: this.deps.fetcher,
        gate: this.deps.gate,
        signal,
        requestTimeoutMs: Math.min(10_000, settings.auditDeadlineMs),
      });
      if (signal.aborted) return this.#end(id, running, { counts, tally, robots: null, notes: [] });
      if (!start.ok) {
        await this.#finish(id, 'failed', start.error, []);
        return;
      }
      ({ files, robots } = start);
      const startedAt = this.#now();
      await store.startCrawl(id, {
        start_url: start.startUrl,
        host: start.host,
        started_at: startedAt.toISOString(),
        deadline_at: new Date(startedAt.getTime() + settings.deadlineMs).toISOString(),
        siteFiles: files,
        site: null,
        notes: [],
      });
      record = (await store.crawlById(id))!;
      if (!robotsAllow(robots, start.startUrl)) {
        await store.admit(id, { pages: [], skips: [start.startUrl] });
        await this.#finish(id, 'complete', null, [robotsRefusalNote(robots, start.startUrl)], {
          startUrl: start.startUrl,
          files,
          robots,
          sitemaps: [],
        });
        return;
      }
      await store.admit(id, { pages: [start.startUrl], skips: [] });
      sitemaps = this.#discoverSitemaps(files, robots, signal);
    } else {
      const stored = await store.siteFiles(id);
      if (!stored) {
        await this.#finish(id, 'failed', 'The crawl cannot resume: its site files are missing from the store', []);
        return;
      }
      files = stored;
      robots = crawlRobots(files);
      // The start page queues the sitemaps' URLs when it is done: if it was not done before the restart, read them again.
      if (!(await store.isDone(id, record.start_url))) sitemaps = this.#discoverSitemaps(files, robots, signal);
    }

    const host = record.host!;
    const startUrl = record.start_url;
    const delayMs = Math.min(robots.crawlDelay ?? 0, MAX_CRAWL_DELAY_S) * 1000;
    const deadlineAt = Date.parse(record.deadline_at!);
    const deadlineTimer = setTimeout(
      () => {
        running.stop ??= 'deadline';
        running.controller.abort(new Error('the crawl deadline ran out'));
      },
      Math.max(0, deadlineAt - Date.now()),
    );
    let sitemapReads: SitemapRead[] = [];
    const queue: QueuedUrl[] = await store.pendingUrls(id);
    const attempts = new Map<string, number>();
    const inFlight = new Set<Promise<void>>();
    let startDone = await store.isDone(id, startUrl);
    let fatal: unknown = null;
    const notes: string[] = [];

    const finishPage = async (item: QueuedUrl, result: CrawlPageResult) => {
      const template = item.template;
      if (result.kind === 'busy') {
        counts.busy++;
        const tries = (attempts.get(item.url) ?? 0) + 1;
        attempts.set(item.url, tries);
        this.deps.gate.pause(host, Math.min(result.retryAfterMs ?? settings.busyPauseMs, settings.maxRetryAfterMs));
        queue.unshift(item);
        return;
      }
      let outcome: CrawlPageOutcome | null = null;
      let discovery;
      let audit: Audit | null = null;
      if (result.kind === 'off-site') counts.offSite++;
      else if (result.kind === 'failed') outcome = failedOutcome(item.url, template, result.message);
      else {
        audit = this.deps.saveAudit ? await this.deps.saveAudit(record!.account_id, result.audit) : result.audit;
        outcome = auditedOutcome(item.url, template, audit, result.httpStatus, result.sample);
        discovery = sortLinks(result.links, robots, tally);
      }
      if (item.url === startUrl) {
        // Discovery order (docs/api-decisions.md#crawls): the sitemaps' URLs, then the links of audited pages.
        const found = sitemaps ? await sitemaps : null;
        if (found) {
          sitemapReads = found.sitemaps;
          const allowed = found.urls.filter((u) => robotsAllow(robots, u));
          const refused = found.urls.filter((u) => !robotsAllow(robots, u));
          for (const u of refused) if (tally.robots.size < 100_000) tally.robots.add(u);
          queue.push(...(await store.admit(id, { pages: allowed, skips: refused, uncounted: found.uncounted })));
          notes.push(...found.notes);
        }
        // The site's files are the same for every page: judged once, with the start page's audit.
        if (audit)
          await store.setSite(
            id,
            siteFindings({ startUrl, startAudit: audit, files, robots, sitemaps: sitemapReads, rollup: emptyRollup() }),
          );
      }
      const completed = await store.completePage(id, { url: item.url, outcome, ...(discovery ? { discovery } : {}) });
      queue.push(...completed.queued);
      if (item.url === startUrl) startDone = true;
    };

    const launch = (item: QueuedUrl) => {
      const task = (async () => {
        const release = await this.#slots.acquire();
        try {
          if (signal.aborted) {
            queue.unshift(item);
            return;
          }
          // A sample page is fetched as a browser, as each AI agent and as Markdown: it takes the host's whole budget.
          const weight = item.sample ? this.deps.gate.limit : 1;
          const pass = await this.deps.gate.acquire(host, { weight, delayMs, signal });
          let result: CrawlPageResult;
          try {
            const remaining = deadlineAt - Date.now();
            result = await this.deps.pages.runPage(
              {
                url: item.url,
                crawlId: id,
                host,
                auditId: pageAuditId(id, item.url),
                sample: item.sample,
                retryBusy: (attempts.get(item.url) ?? 0) < settings.busyRetries,
                deadlineMs: Math.max(1_000, Math.min(settings.auditDeadlineMs, remaining)),
                maxRequests: weight,
              },
              { key: id, files },
              signal,
            );
          } finally {
            pass.release();
          }
          if (signal.aborted) {
            queue.unshift(item); // not recorded: a resumed crawl runs it again
            return;
          }
          await finishPage(item, result);
        } finally {
          release!();
        }
      })()
        .catch((error: unknown) => {
          if (signal.aborted) return;
          fatal = error;
          running.controller.abort(error);
        })
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
    };

    try {
      const perCrawl = this.deps.gate.limit;
      while (!signal.aborted) {
        while (queue.length && inFlight.size < perCrawl && (startDone || (inFlight.size === 0 && queue[0]!.url === startUrl)))
          launch(queue.shift()!);
        if (!startDone && inFlight.size === 0 && queue[0]?.url !== startUrl) {
          const i = queue.findIndex((q) => q.url === startUrl);
          if (i < 0)
            startDone = true; // the start page is not queued (done or never admitted): go on
          else queue.unshift(...queue.splice(i, 1));
          continue;
        }
        if (inFlight.size === 0) break;
        await Promise.race(inFlight);
      }
      await Promise.allSettled([...inFlight]);
    } finally {
      clearTimeout(deadlineTimer);
    }
    if (fatal) throw fatal;
    return this.#end(id, running, { counts, tally, robots, notes });
  }

  /** The end after the loop: complete, cancelled, or (shutdown) left running for the next start to resume. */
  async #end(
    id: string,
    running: Running,
    seen: { counts: { busy: number; offSite: number }; tally: SkipTally; robots: CrawlRobots | null; notes: string[] },
  ): Promise<void> {
    if (running.stop === 'shutdown') return;
    const record = await this.deps.store.crawlById(id);
    if (!record) return;
    const notes = [...seen.notes, ...crawlNotes({ record, ...seen, stop: running.stop, deadlineMs: this.deps.settings.deadlineMs })];
    await this.#finish(id, running.stop === 'cancel' ? 'cancelled' : 'complete', null, notes);
  }

  /** Ends the crawl in the store (end-crawl.ts). */
  async #finish(id: string, status: CrawlEnd['status'], error: string | null, notes: string[], fresh?: FreshSite): Promise<boolean> {
    const ended = await endCrawl(this.deps.store, id, { status, error, notes, now: this.#now() }, fresh);
    if (ended) this.deps.logger.info('crawl ended', { crawl_id: id, status, ...(error ? { error } : {}) });
    return ended;
  }

  async #failed(id: string, error: unknown): Promise<void> {
    this.deps.logger.error('crawl failed', {
      crawl_id: id,
      error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
    });
    await this.#finish(id, 'failed', 'The crawl stopped because of an internal error (logged by the server)', []).catch(() => undefined);
  }

  #discoverSitemaps(files: GatheredSiteFiles, robots: CrawlRobots, signal: AbortSignal): Promise<SitemapDiscovery> {
    const delayMs = Math.min(robots.crawlDelay ?? 0, MAX_CRAWL_DELAY_S) * 1000;
    const get = gatedFetch({ fetcher: this.deps.fetcher, gate: this.deps.gate, signal }, delayMs);
    const found = discoverFromSitemaps(files, (url) =>
      get(url, {
        maxBytes: SITEMAP_DISCOVERY_BYTES,
        gunzipBody: true,
        headers: { 'user-agent': BROWSER_USER_AGENT, accept: SITEMAP_ACCEPT },
      }),
    );
    found.catch(() => undefined);
    return found;
  }

  #now(): Date {
    return this.deps.now?.() ?? new Date();
  }
}
