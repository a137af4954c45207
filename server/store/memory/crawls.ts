/**
 * Crawls in memory: the state of each crawl (its record, the URLs seen, the queue, the done set and the
 * rollup) changed only by two events, "admit" and "done". MemoryCrawlStore decides and applies
 * them synchronously (so two pages finishing at once cannot both queue a URL) and hands each to its
 * persistence to make durable before answering; the embedded store (lowdb/crawls.ts) journals them and
 * replays them after a restart. The state holds no page outcomes (a crawl's memory does not grow with its
 * pages beyond the URLs it has seen): the persistence keeps them and reads them back for the pages list.
 * `citable crawl` uses transientPersistence: nothing durable, each outcome handed to its report's shortlist.
 */
import { decideAdmission, type Discovery, type QueuedUrl, type SkipCounts } from '../../../shared/crawl/admission.js';
import type { CrawlPageOutcome } from '../../../shared/crawl/page-outcome.js';
import { applyPage, emptyRollup, summarizeRollup, type RollupState } from '../../../shared/crawl/rollup.js';
import type { GatheredSiteFiles } from '../../../shared/gather/gather-site-files.js';
import type { CrawlSite } from '../../../shared/schema/crawl.js';
import {
  isOpen,
  pageRow,
  type CompletePageResult,
  type CrawlEnd,
  type CrawlListPage,
  type CrawlListQuery,
  type CrawlOutcomesPage,
  type CrawlPagesPage,
  type CrawlPagesQuery,
  type CrawlStore,
  type CreateCrawlOutcome,
  type PageCompletion,
  type StoredCrawl,
  emptyTally,
  tallyAdmission,
  tallyCompletion,
} from '../contracts/crawls.js';

/** A change to a crawl's frontier: URLs queued and skipped by one step (`by`: the page that found them, null at the start). */
export interface AdmitEvent {
  t: 'admit';
  by: string | null;
  queued: QueuedUrl[];
  /** New URLs not queued, counted: those in `skips` and those only counted (a sitemap's tail). */
  skipped: number;
  /**
   * The URLs counted as skipped, so that a replay (a restart) knows them as seen and a page that links to one
   * again does not count it twice. Absent from events written before it was kept.
   */
  skips?: string[];
  /** Of the skipped, those whose reason was told, per reason; and notes the step added (the crawl's tally). */
  by_reason?: SkipCounts;
  notes?: string[];
}

/** A queued URL done: its outcome, or null when it was skipped after all. */
export interface DoneEvent {
  t: 'done';
  url: string;
  outcome: CrawlPageOutcome | null;
  /** Why a page with no outcome was skipped, and the 429/503 answers before its end (the crawl's tally). */
  skip?: PageCompletion['skip'];
  busy?: number;
}

export type CrawlEvent = AdmitEvent | DoneEvent;

/** What makes the memory durable; every method resolves once the write is on disk. */
export interface CrawlPersistence {
  putCrawl(crawl: StoredCrawl): Promise<void>;
  appendEvents(id: string, events: CrawlEvent[]): Promise<void>;
  putSiteFiles(id: string, files: GatheredSiteFiles): Promise<void>;
  readSiteFiles(id: string): Promise<GatheredSiteFiles | null>;
  /** The page outcomes of a crawl (running or finished), in the order they were done. */
  readOutcomes(id: string): AsyncIterable<CrawlPageOutcome>;
}

/** The live state of one crawl. */
export class CrawlState {
  readonly seen = new Set<string>();
  readonly pending = new Map<string, QueuedUrl>();
  readonly done = new Set<string>();
  readonly children = new Map<string, QueuedUrl[]>();
  rollup: RollupState = emptyRollup();
  siteFiles: GatheredSiteFiles | null = null;

  constructor(public record: StoredCrawl) {}

  apply(event: CrawlEvent): void {
    const progress = this.record.progress;
    if (event.t === 'admit') {
      for (const q of event.queued) {
        this.seen.add(q.url);
        if (!this.done.has(q.url)) this.pending.set(q.url, q);
      }
      for (const url of event.skips ?? []) this.seen.add(url);
      if (event.by !== null && event.queued.length) this.children.set(event.by, [...(this.children.get(event.by) ?? []), ...event.queued]);
      progress.discovered += event.queued.length + event.skipped;
      progress.skipped += event.skipped;
      if (event.by_reason || event.notes) tallyAdmission(this.record, event.by_reason, event.notes);
      return;
    }
    if (this.done.has(event.url)) return;
    this.pending.delete(event.url);
    this.done.add(event.url);
    this.seen.add(event.url);
    tallyCompletion(this.record, event);
    if (!event.outcome) {
      progress.skipped++;
      return;
    }
    applyPage(this.rollup, event.outcome);
    if (event.outcome.audit_id) progress.audited++;
    else progress.failed++;
  }
}

/** Nothing durable; each page outcome recorded is handed to `onPage` and not kept (the pages list is empty). */
export function transientPersistence(onPage: (outcome: CrawlPageOutcome) => void): CrawlPersistence {
  return {
    putCrawl: async () => undefined,
    appendEvents: async (_id, events) => {
      for (const event of events) if (event.t === 'done' && event.outcome) onPage(event.outcome);
    },
    putSiteFiles: async () => undefined,
    readSiteFiles: async () => null,
    // eslint-disable-next-line require-yield
    async *readOutcomes() {
      return;
    },
  };
}

/** Nothing durable; every page outcome kept in memory for the pages list (the store contract's memory subject). */
export function memoryPersistence(): CrawlPersistence {
  const outcomes = new Map<string, CrawlPageOutcome[]>();
  return {
    ...transientPersistence(() => undefined),
    appendEvents: async (id, events) => {
      for (const event of events) {
        if (event.t !== 'done' || !event.outcome) continue;
        const list = outcomes.get(id) ?? [];
        list.push(event.outcome);
        outcomes.set(id, list);
      }
    },
    async *readOutcomes(id) {
      yield* [...(outcomes.get(id) ?? [])];
    },
  };
}

export class MemoryCrawlStore implements CrawlStore {
  /** Every crawl's record. */
  protected readonly records = new Map<string, StoredCrawl>();
  /** State of crawls that may still change (and, without persistence, of every crawl). */
  protected readonly live = new Map<string, CrawlState>();

  constructor(
    protected readonly persistence: CrawlPersistence = memoryPersistence(),
    /** Drop a finished crawl's state from memory (its pages are read back from the persistence). */
    private readonly releaseFinished = false,
  ) {}

  async createCrawl(crawl: StoredCrawl, maxRunning: number): Promise<CreateCrawlOutcome> {
    const running = [...this.records.values()].filter(
      (c) => c.account_id === crawl.account_id && (c.status === 'queued' || c.status === 'running'),
    ).length;
    if (running >= maxRunning) return 'limit';
    if (this.records.has(crawl.id)) throw new Error(`crawl ${crawl.id} exists`);
    const record = structuredClone(crawl);
    this.records.set(record.id, record);
    this.live.set(record.id, new CrawlState(record));
    await this.persistence.putCrawl(record);
    return 'created';
  }

  async getCrawl(accountId: string, id: string): Promise<StoredCrawl | null> {
    const record = this.records.get(id);
    return record && record.account_id === accountId ? structuredClone(record) : null;
  }

  async crawlById(id: string): Promise<StoredCrawl | null> {
    const record = this.records.get(id);
    return record ? structuredClone(record) : null;
  }

  async listCrawls(accountId: string, query: CrawlListQuery): Promise<CrawlListPage> {
    const mine = [...this.records.values()]
      .filter((c) => c.account_id === accountId)
      .map((c) => ({ c, time: Date.parse(c.created_at) }))
      .sort((a, b) => b.time - a.time || compareText(b.c.id, a.c.id));
    const after = query.after;
    const rest = after ? mine.filter(({ c, time }) => time < after.time || (time === after.time && compareText(c.id, after.id) < 0)) : mine;
    const page = rest.slice(0, query.limit);
    const last = page.at(-1);
    return {
      crawls: page.map(({ c }) => structuredClone(c)),
      next: rest.length > query.limit && last ? { time: last.time, id: last.c.id } : null,
    };
  }

  async unfinishedCrawls(): Promise<StoredCrawl[]> {
    return [...this.records.values()].filter((c) => c.status === 'queued' || c.status === 'running').map((c) => structuredClone(c));
  }

  async startCrawl(
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
  ): Promise<void> {
    const state = this.#state(id);
    if (state.record.status !== 'queued') return;
    await this.persistence.putSiteFiles(id, start.siteFiles);
    state.siteFiles = start.siteFiles;
    Object.assign(state.record, {
      status: 'running',
      start_url: start.start_url,
      host: start.host,
      started_at: start.started_at,
      deadline_at: start.deadline_at,
      site: start.site,
    });
    state.record.notes.push(...start.notes);
    await this.persistence.putCrawl(state.record);
  }

  async siteFiles(id: string): Promise<GatheredSiteFiles | null> {
    const state = this.live.get(id);
    if (state?.siteFiles) return state.siteFiles;
    const files = await this.persistence.readSiteFiles(id);
    if (state && files) state.siteFiles = files;
    return files;
  }

  async setSite(id: string, site: CrawlSite): Promise<void> {
    const state = this.#state(id);
    state.record.site = site;
    await this.persistence.putCrawl(state.record);
  }

  async admit(id: string, discovery: Discovery): Promise<QueuedUrl[]> {
    const state = this.live.get(id);
    if (!state || !isOpen(state.record)) return [];
    const event = this.#admitEvent(state, null, discovery);
    await this.persistence.appendEvents(id, [event]);
    return event.queued;
  }

  async completePage(id: string, completion: PageCompletion): Promise<CompletePageResult> {
    const state = this.live.get(id);
    if (!state || state.done.has(completion.url) || !state.pending.has(completion.url) || !isOpen(state.record)) {
      return { recorded: false, queued: [], pending: state?.pending.size ?? 0 };
    }
    const done: DoneEvent = {
      t: 'done',
      url: completion.url,
      outcome: completion.outcome,
      ...(completion.skip ? { skip: completion.skip } : {}),
      ...(completion.busy ? { busy: completion.busy } : {}),
    };
    state.apply(done);
    const events: CrawlEvent[] = [done];
    let queued: QueuedUrl[] = [];
    if (completion.discovery) {
      const admit = this.#admitEvent(state, completion.url, completion.discovery);
      events.push(admit);
      queued = admit.queued;
    }
    await this.persistence.appendEvents(id, events);
    return { recorded: true, queued, pending: state.pending.size };
  }

  async pendingUrls(id: string): Promise<QueuedUrl[]> {
    return [...(this.live.get(id)?.pending.values() ?? [])];
  }

  async isDone(id: string, url: string): Promise<boolean> {
    const state = this.live.get(id);
    return state ? state.done.has(url) : this.records.has(id);
  }

  async queuedBy(id: string, url: string): Promise<QueuedUrl[]> {
    return [...(this.live.get(id)?.children.get(url) ?? [])];
  }

  async rollup(id: string): Promise<RollupState> {
    return structuredClone(this.#state(id).rollup);
  }

  async finishCrawl(id: string, end: CrawlEnd): Promise<boolean> {
    const state = this.live.get(id);
    const record = state?.record;
    if (!state || !record || !isOpen(record)) return false;
    record.progress.skipped += state.pending.size;
    state.pending.clear();
    Object.assign(record, { status: end.status, finished_at: end.finished_at, error: end.error, site: end.site ?? record.site });
    record.notes.push(...end.notes);
    record.result = end.status === 'failed' ? null : summarizeRollup(state.rollup);
    await this.persistence.putCrawl(record);
    if (this.releaseFinished) this.live.delete(id);
    return true;
  }

  async listPages(accountId: string, id: string, query: CrawlPagesQuery): Promise<CrawlPagesPage | null> {
    const page = await this.outcomesPage(accountId, id, query);
    return page && { pages: page.outcomes.map(pageRow), next: page.next };
  }

  async listPageOutcomes(accountId: string, id: string, query: CrawlPagesQuery): Promise<CrawlOutcomesPage | null> {
    return this.outcomesPage(accountId, id, query);
  }

  private async outcomesPage(accountId: string, id: string, query: CrawlPagesQuery): Promise<CrawlOutcomesPage | null> {
    const record = this.records.get(id);
    if (!record || record.account_id !== accountId) return null;
    const outcomes: CrawlPageOutcome[] = [];
    let position = -1;
    let last: number | null = null;
    let more = false;
    for await (const outcome of this.persistence.readOutcomes(id)) {
      position++;
      if (query.after !== undefined && position <= query.after) continue;
      if (query.rule !== undefined && !outcome.issues.some((i) => i.rule === query.rule)) continue;
      if (outcomes.length === query.limit) {
        more = true;
        break;
      }
      outcomes.push(outcome);
      last = position;
    }
    return { outcomes, next: more ? last : null };
  }

  async close(): Promise<void> {}

  /** Loads a crawl (a restart: its record and, if it is not finished, its state replayed from events). */
  protected load(record: StoredCrawl, events: Iterable<CrawlEvent> | null): void {
    this.records.set(record.id, record);
    if (!events) return;
    const state = new CrawlState(record);
    // The record's counters were written before the latest events: rebuild them from the events alone.
    record.progress = { discovered: 0, audited: 0, failed: 0, skipped: 0 };
    record.admission = { queued: 0, sampled: [] };
    record.tally = emptyTally();
    for (const event of events) {
      state.apply(event);
      if (event.t === 'admit') {
        record.admission.queued += event.queued.length;
        for (const q of event.queued) if (q.sample) record.admission.sampled.push(q.template);
      }
    }
    this.live.set(record.id, state);
  }

  #admitEvent(state: CrawlState, by: string | null, discovery: Discovery): AdmitEvent {
    const decision = decideAdmission(state.record.admission, discovery, state.record.max_pages, (url) => !state.seen.has(url));
    const event: AdmitEvent = {
      t: 'admit',
      by,
      queued: decision.queued,
      skipped: decision.skipped.length + decision.uncounted,
      skips: decision.skipped,
      ...(Object.values(decision.skippedBy).some((n) => n > 0) ? { by_reason: decision.skippedBy } : {}),
      ...(discovery.notes?.length ? { notes: discovery.notes } : {}),
    };
    state.apply(event);
    return event;
  }

  #state(id: string): CrawlState {
    const state = this.live.get(id);
    if (!state) throw new Error(this.records.has(id) ? `crawl ${id} has ended` : `no crawl ${id}`);
    return state;
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
