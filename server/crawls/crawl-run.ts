/**
 * One crawl run by the coordinator (crawl-coordinator.ts), step by step: `start` (a queued crawl: its site
 * resolved, its files fetched, the start URL admitted, the sitemaps read in the background) or `resume` (a
 * running crawl after a restart: its stored state), then `drain` (pages from the queue, the start page first, at
 * most the host's budget at once), each page `launch`ed through the coordinator's slots and the host gate and
 * recorded by `finishPage`, which also admits what the page found and, after the start page, what the sitemaps
 * list (`afterStartPage`). The queue is a deque (O(1) at both ends), and the sitemaps are read by the page runner
 * (on the audit threads in the server): no step here does work in proportion to what a site serves.
 */
import type { Audit } from '../../shared/types/audit.js';
import type { QueuedUrl } from '../../shared/crawl/admission.js';
import type { CrawlPageResult } from '../../shared/crawl/crawl-page.js';
import type { PageLinks } from '../../shared/crawl/page-links.js';
import { hostOfUrl } from '../../shared/crawl/crawl-url.js';
import { auditedOutcome, failedOutcome, type CrawlPageOutcome } from '../../shared/crawl/page-outcome.js';
import { emptyRollup } from '../../shared/crawl/rollup.js';
import {
  MAX_CRAWL_DELAY_S,
  siteFindings,
  type CrawlRobots,
  type RobotsVerdict,
  type SitemapRead,
  type StartRobots,
} from '../../shared/crawl/site-findings.js';
import { robotsOf, startRobots } from '../../shared/crawl/robots-allow.js';
import type { SitemapDiscovery } from '../../shared/crawl/sitemap-discovery.js';
import type { GatheredSiteFiles } from '../../shared/gather/gather-site-files.js';
import type { StoredCrawl } from '../store/contracts/crawls.js';
import type { CoordinatorDeps, Running } from './coordinator-deps.js';
import { admitDiscovery, discoverSitemaps } from './crawl-sitemaps.js';
import { startCrawlSite } from './crawl-start.js';
import { robotsRefusalNote } from './crawl-notes.js';
import { Deque } from './deque.js';
import { sortLinks } from './discovery.js';
import type { FreshSite } from './end-crawl.js';
import { pageAuditId } from './page-audit-id.js';
import type { Semaphore } from '../audits/semaphore.js';
import { deferred, type Deferred } from '../util/deferred.js';

/** What a run needs of its coordinator besides the shared deps. */
export interface RunHooks {
  slots: Semaphore;
  now(): Date;
  /** Ends the crawl in the store (end-crawl.ts). */
  finish(status: 'complete' | 'cancelled' | 'failed', error: string | null, notes: string[], fresh?: FreshSite): Promise<boolean>;
}

/** What the run read, for the crawl's notes at its end (crawl-notes.ts); why URLs were skipped is kept in the store (its tally). */
export interface RunSeen {
  robots: RobotsVerdict | null;
}

/** The crawl's state once prepared: the stored record (running), its files and robots.txt's verdict. */
interface Prepared {
  record: StoredCrawl;
  files: GatheredSiteFiles;
  robots: RobotsVerdict;
  /** The sitemaps' URLs, read while the start page is audited (null: the start page is done already). */
  sitemaps: Promise<SitemapDiscovery> | null;
}

export class CrawlRun {
  readonly seen: RunSeen = { robots: null };
  readonly #signal: AbortSignal;
  #site!: Prepared;
  #queue = new Deque<QueuedUrl>();
  /**
   * A crawl that renders its sample pages takes them before the rest (in the order found): their renders then start
   * early and run beside the other pages, instead of the last template's sample rendering alone at the end.
   */
  readonly #samplesFirst = new Deque<QueuedUrl>();
  readonly #attempts = new Map<string, number>();
  readonly #inFlight = new Set<Promise<void>>();
  #startDone = false;
  /** The sitemaps' URLs admitted (once the start page's fetches were done, or at its end): one admission, shared. */
  #sitemapAdmission: Promise<SitemapRead[]> | null = null;
  /** Wakes the drain loop when the start page's fetches are done (its render and judging may go on). */
  #startGathered: Deferred<void> = deferred<void>();
  /** Pages whose fetches are done and that now wait for their render: they leave the host's window (#hasRoom). */
  #awaitingRender = 0;
  /** Wakes the drain loop when a page starts waiting for its render (room for the next page). */
  #roomFreed: Deferred<void> = deferred<void>();
  #fatal: unknown = null;
  #delayMs = 0;
  #deadlineAt = 0;

  constructor(
    readonly id: string,
    private readonly running: Running,
    private readonly deps: CoordinatorDeps,
    private readonly hooks: RunHooks,
  ) {
    this.#signal = running.controller.signal;
  }

  /**
   * The whole run. Resolves 'ended' when the crawl was ended here (or is not this run's to crawl), 'drained' when
   * its pages ran out or it was stopped: the coordinator then ends it as `running.stop` says.
   */
  async execute(): Promise<'ended' | 'drained'> {
    const record = await this.deps.store.crawlById(this.id);
    if (!record || (record.status !== 'queued' && record.status !== 'running')) return 'ended';
    const prepared = record.status === 'queued' ? await this.#start(record) : await this.#resume(record);
    if (prepared === 'ended') return 'ended';
    if (prepared === 'stopped') return 'drained';
    this.#site = prepared;
    this.seen.robots = prepared.robots;
    this.#delayMs = Math.min(prepared.robots.crawlDelay ?? 0, MAX_CRAWL_DELAY_S) * 1000;
    this.#deadlineAt = Date.parse(prepared.record.deadline_at!);
    this.#queue = new Deque(await this.deps.store.pendingUrls(this.id));
    this.#startDone = await this.deps.store.isDone(this.id, prepared.record.start_url);
    const deadlineTimer = setTimeout(
      () => {
        this.running.stop ??= 'deadline';
        this.running.controller.abort(new Error('the crawl deadline ran out'));
      },
      Math.max(0, this.#deadlineAt - Date.now()),
    );
    try {
      await this.#drain();
    } finally {
      clearTimeout(deadlineTimer);
    }
    if (this.#fatal) throw this.#fatal;
    return 'drained';
  }

  /** A queued crawl: its site resolved and its files fetched, stored as running, the start URL admitted. */
  async #start(queued: StoredCrawl): Promise<Prepared | 'ended' | 'stopped'> {
    const { store, settings } = this.deps;
    const signal = this.#signal;
    const requestTimeoutMs = Math.min(10_000, settings.auditDeadlineMs);
    const start = await startCrawlSite(queued.url, { fetcher: this.deps.fetcher, gate: this.deps.gate, signal, requestTimeoutMs });
    if (signal.aborted) return 'stopped';
    if (!start.ok) {
      await this.hooks.finish('failed', start.error, []);
      return 'ended';
    }
    const { files } = start;
    const startedAt = this.hooks.now();
    await store.startCrawl(this.id, {
      start_url: start.startUrl,
      host: start.host,
      started_at: startedAt.toISOString(),
      deadline_at: new Date(startedAt.getTime() + settings.deadlineMs).toISOString(),
      siteFiles: files,
      site: null,
      notes: [],
    });
    const { verdict: robots, startAllowed } = await this.#readRobots(start.startUrl, files);
    if (signal.aborted) return 'stopped';
    if (!startAllowed) {
      await store.admit(this.id, { pages: [], skips: [start.startUrl] });
      const fresh = { files, robots, sitemaps: [] };
      await this.hooks.finish('complete', null, [robotsRefusalNote(robots, start.startUrl)], fresh);
      return 'ended';
    }
    await store.admit(this.id, { pages: [start.startUrl], skips: [] });
    const record = (await store.crawlById(this.id))!;
    return { record, files, robots, sitemaps: this.#discover(files, robots, record.max_pages) };
  }

  /** A running crawl after a restart: its stored files; the sitemaps read again if its start page was not done. */
  async #resume(record: StoredCrawl): Promise<Prepared | 'ended'> {
    const files = await this.deps.store.siteFiles(this.id);
    if (!files) {
      await this.hooks.finish('failed', 'The crawl cannot resume: its site files are missing from the store', []);
      return 'ended';
    }
    const { verdict: robots } = await this.#readRobots(record.start_url, files);
    // The start page queues the sitemaps' URLs when it is done: if it was not done before the restart, read them again.
    const startDone = await this.deps.store.isDone(this.id, record.start_url);
    return { record, files, robots, sitemaps: startDone ? null : this.#discover(files, robots, record.max_pages) };
  }

  /**
   * robots.txt through the page runner (an audit thread in the server: a hostile robots.txt of 10,000 rules takes
   * tens of milliseconds to parse and match), else here.
   */
  #readRobots(startUrl: string, files: GatheredSiteFiles): Promise<StartRobots> {
    const { pages } = this.deps;
    if (pages.readRobots) return pages.readRobots(startUrl, { key: this.id, files }, this.#signal);
    return Promise.resolve(startRobots(files, startUrl));
  }

  /** The parsed rules, on this thread: only for links a page runner returned without robots.txt applied. */
  #rules = (): CrawlRobots => robotsOf(this.#site.files);

  #discover(files: GatheredSiteFiles, robots: RobotsVerdict, maxPages: number): Promise<SitemapDiscovery> {
    return discoverSitemaps({ ...this.deps, crawlId: this.id, files, robots, signal: this.#signal, maxPages });
  }

  /** Launches pages while the queue has some and the host's budget allows, until none is left in flight. */
  async #drain(): Promise<void> {
    const perCrawl = this.deps.gate.limit;
    const startUrl = this.#site.record.start_url;
    while (!this.#signal.aborted) {
      while (this.#hasRoom(perCrawl)) {
        const from = this.#startDone && this.#samplesFirst.length ? this.#samplesFirst : this.#queue;
        if (!from.length || !(this.#startDone || (this.#inFlight.size === 0 && from.first!.url === startUrl))) break;
        this.#launch(from.shift()!);
      }
      if (!this.#startDone && this.#inFlight.size === 0 && this.#queue.first?.url !== startUrl) {
        // The start page goes first; when it is not queued (done, or never admitted), go on without it.
        if (!this.#queue.moveToFront((q) => q.url === startUrl)) this.#startDone = true;
        continue;
      }
      if (this.#inFlight.size === 0) break;
      this.#roomFreed = deferred<void>();
      await Promise.race([...this.#inFlight, this.#roomFreed.promise, ...(this.#startDone ? [] : [this.#startGathered.promise])]);
    }
    await Promise.allSettled([...this.#inFlight]);
  }

  /**
   * Room for one more page: fewer than the host's budget being fetched, where a page waiting only for its render no
   * longer counts (a browser slow to start or busy must not stall the pages that need none), and at most as many
   * again waiting for renders, so a crawl that renders every page never fetches far ahead of its browser.
   */
  #hasRoom(perCrawl: number): boolean {
    const fetching = this.#inFlight.size - this.#awaitingRender;
    return fetching < perCrawl && this.#awaitingRender + fetching < 2 * perCrawl;
  }

  #launch(item: QueuedUrl): void {
    const task = this.#page(item)
      .catch((error: unknown) => {
        if (this.#signal.aborted) return;
        this.#fatal = error;
        this.running.controller.abort(error);
      })
      .finally(() => this.#inFlight.delete(task));
    this.#inFlight.add(task);
  }

  /** One page: a coordinator slot, the host gate (a sample page takes the host's whole budget), the page runner. */
  async #page(item: QueuedUrl): Promise<void> {
    const release = await this.hooks.slots.acquire();
    try {
      if (this.#signal.aborted) return this.#queue.unshift(item);
      if (hostOfUrl(item.url) !== this.#site.record.host) return await this.#skipOffHost(item);
      const result = await this.#runPage(item);
      if (this.#signal.aborted) return this.#queue.unshift(item); // not recorded: a resumed crawl runs it again
      await this.#finishPage(item, result);
    } finally {
      release!();
    }
  }

  async #runPage(item: QueuedUrl): Promise<CrawlPageResult> {
    // A sample page is fetched as a browser, as each AI agent and as Markdown: it takes the host's whole budget.
    const weight = item.sample ? this.deps.gate.limit : 1;
    const { host } = this.#site.record;
    const pass = await this.deps.gate.acquire(host!, { weight, delayMs: this.#delayMs, signal: this.#signal });
    let awaiting = false;
    try {
      const remaining = this.#deadlineAt - Date.now();
      const request = {
        url: item.url,
        crawlId: this.id,
        host: host!,
        auditId: pageAuditId(this.#site.record, item.url),
        sample: item.sample,
        retryBusy: (this.#attempts.get(item.url) ?? 0) < this.deps.settings.busyRetries,
        deadlineMs: Math.max(1_000, Math.min(this.deps.settings.auditDeadlineMs, remaining)),
        maxRequests: weight,
        ...(this.#renders(item) ? { render: true } : {}),
      };
      // Once its fetches are done the page no longer holds the host's budget: a render (bounded by RENDER_CONCURRENCY)
      // overlaps with the next pages instead of holding them back.
      const isStart = item.url === this.#site.record.start_url;
      const gathered = (links?: PageLinks) => {
        pass.release();
        if (request.render && !awaiting) {
          awaiting = true;
          this.#awaitingRender++;
          this.#roomFreed.resolve();
        }
        if (isStart) void this.#afterStartGathered(links);
        else if (links) void this.#admitBeforeRender(links);
      };
      return await this.deps.pages.runPage(request, { key: this.id, files: this.#site.files }, this.#signal, gathered);
    } finally {
      pass.release();
      if (awaiting) this.#awaitingRender--;
    }
  }

  /** Pages just admitted into the line: the sample pages of a crawl that renders them to the line ahead. */
  #enqueue(items: Iterable<QueuedUrl>): void {
    const samplesAhead = this.#site.record.render === 'sample';
    for (const item of items) (samplesAhead && item.sample ? this.#samplesFirst : this.#queue).push(item);
  }

  /** Whether this page is rendered in the browser: the crawl's `render` says every page, its sample pages, or none. */
  #renders(item: QueuedUrl): boolean {
    const mode = this.#site.record.render ?? 'none';
    return mode === 'all' || (mode === 'sample' && item.sample);
  }

  /**
   * The links of a page that waits for its render, admitted now: pages reached only through it (a chain of
   * documentation pages, a paginated list) need not wait for a browser. Its end admits the same links again, which
   * then changes nothing; if this write fails, that one admits them.
   */
  async #admitBeforeRender(links: PageLinks): Promise<void> {
    try {
      const queued = await this.deps.store.admit(this.id, sortLinks(links, this.#rules));
      this.#enqueue(queued);
      this.#roomFreed.resolve();
    } catch {
      // Left to the page's end.
    }
  }

  /** A queued URL on another host (queued before discovery kept to the crawl's origin): never fetched, skipped. */
  async #skipOffHost(item: QueuedUrl): Promise<void> {
    await this.deps.store.completePage(this.id, { url: item.url, outcome: null, skip: 'off_host', ...this.#busy(item) });
  }

  /** Records a page's end (one store write that also admits what it found); a busy host's page goes back in line. */
  async #finishPage(item: QueuedUrl, result: CrawlPageResult): Promise<void> {
    if (result.kind === 'busy') return this.#retryLater(item, result.retryAfterMs);
    let outcome: CrawlPageOutcome | null = null;
    let discovery;
    let audit: Audit | null = null;
    // An off-site redirect has no outcome: skipped, counted as redirected in the crawl's tally with this page's end.
    if (result.kind === 'failed') outcome = failedOutcome(item.url, item.template, result.message);
    else if (result.kind !== 'off-site') {
      audit = this.deps.saveAudit ? await this.deps.saveAudit(this.#site.record.account_id, result.audit) : result.audit;
      outcome = auditedOutcome(item.url, item.template, audit, result.httpStatus, result.sample, result.summary);
      discovery = sortLinks(result.links, this.#rules);
    }
    const isStart = item.url === this.#site.record.start_url;
    if (isStart) await this.#afterStartPage(audit);
    const completion = {
      url: item.url,
      outcome,
      ...(discovery ? { discovery } : {}),
      ...(result.kind === 'off-site' ? { skip: 'redirected' as const } : {}),
      ...this.#busy(item),
    };
    const completed = await this.deps.store.completePage(this.id, completion);
    this.#enqueue(completed.queued);
    if (isStart) this.#startDone = true;
  }

  /** The 429/503 answers this page got before its end, recorded with it (the crawl's tally). */
  #busy(item: QueuedUrl): { busy?: number } {
    const busy = this.#attempts.get(item.url) ?? 0;
    return busy ? { busy } : {};
  }

  #retryLater(item: QueuedUrl, retryAfterMs: number | null): void {
    const { settings } = this.deps;
    this.#attempts.set(item.url, (this.#attempts.get(item.url) ?? 0) + 1);
    this.deps.gate.pause(this.#site.record.host!, Math.min(retryAfterMs ?? settings.busyPauseMs, settings.maxRetryAfterMs));
    this.#queue.unshift(item);
  }

  /**
   * The start page's fetches are done (it may still be rendered and judged): the sitemaps' URLs are admitted and
   * the other pages may start, so a render of the start page does not hold up the crawl. Its own links come after
   * the sitemaps' URLs: now when it waits for its render (`links`), else at its end.
   */
  async #afterStartGathered(links?: PageLinks): Promise<void> {
    try {
      await this.#admitSitemaps();
      this.#startDone = true;
    } catch {
      // Left to the start page's end, which admits them (or fails the crawl) as it always did.
      return;
    } finally {
      this.#startGathered.resolve();
    }
    if (links) await this.#admitBeforeRender(links);
  }

  /** The sitemaps' URLs into the queue, once (both callers wait for the same admission); answers the files read. */
  #admitSitemaps(): Promise<SitemapRead[]> {
    this.#sitemapAdmission ??= (async () => {
      const found = this.#site.sitemaps ? await this.#site.sitemaps : null;
      if (!found) return [];
      this.#enqueue(await admitDiscovery(this.deps.store, this.id, found));
      return found.sitemaps;
    })();
    return this.#sitemapAdmission;
  }

  /** Discovery order: the sitemaps' URLs, then the links of audited pages. The site's files are judged once, here. */
  async #afterStartPage(audit: Audit | null): Promise<void> {
    const { record, files, robots } = this.#site;
    const sitemapReads = await this.#admitSitemaps();
    if (audit) {
      const site = siteFindings({
        startUrl: record.start_url,
        startAudit: audit,
        files,
        robots,
        sitemaps: sitemapReads,
        rollup: emptyRollup(),
      });
      await this.deps.store.setSite(this.id, site);
    }
  }
}
