/**
 * The crawl half of the PostgreSQL store: the same behaviour as the embedded one (../memory/crawls.ts), shared
 * by every API process and `citable worker`. A page's end is one transaction under the crawl row's lock: the
 * URL marked done (only if it was queued: a retry finds it done and changes nothing), its outcome applied to
 * the rollup, what it found admitted (the primary key of crawl_urls is the "seen" check), the counters
 * updated. So however many workers finish pages at once, each URL is queued once and done once.
 */
import type pg from 'pg';
import { decideAdmission, discoveryUrls, type Discovery, type QueuedUrl } from '../../../shared/crawl/admission.js';
import type { CrawlPageOutcome } from '../../../shared/crawl/page-outcome.js';
import { applyPage, emptyRollup, summarizeRollup, type RollupState } from '../../../shared/crawl/rollup.js';
import type { GatheredSiteFiles } from '../../../shared/gather/gather-site-files.js';
import type { CrawlSite } from '../../../shared/schema/crawl.js';
import { AUDIT_ID } from '../../audits/audit-id.js';
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
  tallyAdmission,
  tallyCompletion,
} from '../contracts/crawls.js';
import { inTransaction, LOCK_KEY_SQL } from './infra/pool.js';

interface LockedCrawl {
  record: StoredCrawl;
  rollup: RollupState;
  done_count: number;
}

export class PostgresCrawlStore implements CrawlStore {
  constructor(private readonly pool: pg.Pool) {}

  async createCrawl(crawl: StoredCrawl, maxRunning: number): Promise<CreateCrawlOutcome> {
    return inTransaction(this.pool, async (client) => {
      await client.query(`SELECT pg_advisory_xact_lock(${LOCK_KEY_SQL})`, [`citable:crawls:${crawl.account_id}`]);
      const open = await client.query<{ n: number }>(
        `SELECT count(*)::bigint AS n FROM crawls WHERE account_id = $1 AND status IN ('queued', 'running')`,
        [crawl.account_id],
      );
      if (open.rows[0]!.n >= maxRunning) return 'limit';
      await client.query('INSERT INTO crawls (id, account_id, created_ms, status, record, rollup) VALUES ($1, $2, $3, $4, $5, $6)', [
        crawl.id,
        crawl.account_id,
        Date.parse(crawl.created_at),
        crawl.status,
        JSON.stringify(crawl),
        JSON.stringify(emptyRollup()),
      ]);
      return 'created';
    });
  }

  async getCrawl(accountId: string, id: string): Promise<StoredCrawl | null> {
    if (!AUDIT_ID.test(id)) return null;
    const { rows } = await this.pool.query<{ record: StoredCrawl }>('SELECT record FROM crawls WHERE id = $1 AND account_id = $2', [
      id,
      accountId,
    ]);
    return rows[0]?.record ?? null;
  }

  async crawlById(id: string): Promise<StoredCrawl | null> {
    if (!AUDIT_ID.test(id)) return null;
    const { rows } = await this.pool.query<{ record: StoredCrawl }>('SELECT record FROM crawls WHERE id = $1', [id]);
    return rows[0]?.record ?? null;
  }

  async listCrawls(accountId: string, query: CrawlListQuery): Promise<CrawlListPage> {
    const values: unknown[] = [accountId, query.limit + 1];
    let where = 'account_id = $1';
    if (query.after) {
      if (!AUDIT_ID.test(query.after.id)) return { crawls: [], next: null };
      values.push(query.after.time, query.after.id);
      where += ' AND (created_ms, id) < ($3::bigint, $4::uuid)';
    }
    const { rows } = await this.pool.query<{ record: StoredCrawl; created_ms: number }>(
      `SELECT record, created_ms FROM crawls WHERE ${where} ORDER BY created_ms DESC, id DESC LIMIT $2`,
      values,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      crawls: page.map((r) => r.record),
      next: rows.length > query.limit && last ? { time: last.created_ms, id: last.record.id } : null,
    };
  }

  async unfinishedCrawls(): Promise<StoredCrawl[]> {
    const { rows } = await this.pool.query<{ record: StoredCrawl }>(
      `SELECT record FROM crawls WHERE status IN ('queued', 'running') ORDER BY created_ms`,
    );
    return rows.map((r) => r.record);
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
    await this.#locked(id, async (client, crawl) => {
      if (crawl.record.status !== 'queued') return;
      const record = crawl.record;
      Object.assign(record, {
        status: 'running',
        start_url: start.start_url,
        host: start.host,
        started_at: start.started_at,
        deadline_at: start.deadline_at,
        site: start.site,
      });
      record.notes.push(...start.notes);
      await client.query('UPDATE crawls SET status = $2, record = $3, site_files = $4 WHERE id = $1', [
        id,
        record.status,
        JSON.stringify(record),
        JSON.stringify(start.siteFiles),
      ]);
    });
  }

  async siteFiles(id: string): Promise<GatheredSiteFiles | null> {
    const { rows } = await this.pool.query<{ site_files: GatheredSiteFiles | null }>('SELECT site_files FROM crawls WHERE id = $1', [id]);
    return rows[0]?.site_files ?? null;
  }

  async setSite(id: string, site: CrawlSite): Promise<void> {
    await this.#locked(id, async (client, crawl) => {
      crawl.record.site = site;
      await client.query('UPDATE crawls SET record = $2 WHERE id = $1', [id, JSON.stringify(crawl.record)]);
    });
  }

  async admit(id: string, discovery: Discovery): Promise<QueuedUrl[]> {
    return (
      (await this.#locked(id, async (client, crawl) => {
        if (!isOpen(crawl.record)) return [];
        const queued = await this.#admitIn(client, id, crawl.record, null, discovery);
        await client.query('UPDATE crawls SET record = $2 WHERE id = $1', [id, JSON.stringify(crawl.record)]);
        return queued;
      })) ?? []
    );
  }

  async completePage(id: string, completion: PageCompletion): Promise<CompletePageResult> {
    const result = await this.#locked(id, async (client, crawl): Promise<CompletePageResult> => {
      const pending = () => crawl.record.admission.queued - crawl.done_count;
      if (!isOpen(crawl.record)) return { recorded: false, queued: [], pending: pending() };
      const outcome = completion.outcome;
      const marked = await client.query(
        `UPDATE crawl_urls SET state = 'done', done_seq = $3, outcome = $4, rules = $5 WHERE crawl_id = $1 AND url = $2 AND state = 'queued'`,
        [
          id,
          completion.url,
          crawl.done_count,
          outcome ? JSON.stringify(outcome) : null,
          outcome ? [...new Set(outcome.issues.map((i) => i.rule))] : null,
        ],
      );
      if (marked.rowCount !== 1) return { recorded: false, queued: [], pending: pending() };
      crawl.done_count++;
      const progress = crawl.record.progress;
      tallyCompletion(crawl.record, completion);
      if (!outcome) progress.skipped++;
      else {
        applyPage(crawl.rollup, outcome);
        if (outcome.audit_id) progress.audited++;
        else progress.failed++;
      }
      const queued = completion.discovery ? await this.#admitIn(client, id, crawl.record, completion.url, completion.discovery) : [];
      await client.query('UPDATE crawls SET record = $2, rollup = $3, done_count = $4 WHERE id = $1', [
        id,
        JSON.stringify(crawl.record),
        JSON.stringify(crawl.rollup),
        crawl.done_count,
      ]);
      return { recorded: true, queued, pending: pending() };
    });
    return result ?? { recorded: false, queued: [], pending: 0 };
  }

  async pendingUrls(id: string): Promise<QueuedUrl[]> {
    const { rows } = await this.pool.query<QueuedUrl>(
      `SELECT u.url, u.template, u.sample FROM crawl_urls u JOIN crawls c ON c.id = u.crawl_id
       WHERE u.crawl_id = $1 AND u.state = 'queued' AND c.status IN ('queued', 'running') ORDER BY u.queued_seq`,
      [id],
    );
    return rows.map(queuedUrl);
  }

  async isDone(id: string, url: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ state: string | null; status: string }>(
      'SELECT u.state, c.status FROM crawls c LEFT JOIN crawl_urls u ON u.crawl_id = c.id AND u.url = $2 WHERE c.id = $1',
      [id, url],
    );
    const row = rows[0];
    return !row || row.state === 'done' || (row.status !== 'queued' && row.status !== 'running');
  }

  async queuedBy(id: string, url: string): Promise<QueuedUrl[]> {
    const { rows } = await this.pool.query<QueuedUrl>(
      `SELECT url, template, sample FROM crawl_urls WHERE crawl_id = $1 AND md5(found_by) = md5($2) AND found_by = $2 AND queued_seq IS NOT NULL ORDER BY queued_seq`,
      [id, url],
    );
    return rows.map(queuedUrl);
  }

  async rollup(id: string): Promise<RollupState> {
    const { rows } = await this.pool.query<{ rollup: RollupState }>('SELECT rollup FROM crawls WHERE id = $1', [id]);
    if (!rows[0]) throw new Error(`no crawl ${id}`);
    return rows[0].rollup;
  }

  async finishCrawl(id: string, end: CrawlEnd): Promise<boolean> {
    return (
      (await this.#locked(id, async (client, crawl) => {
        const record = crawl.record;
        if (!isOpen(record)) return false;
        record.progress.skipped += Math.max(0, record.admission.queued - crawl.done_count);
        Object.assign(record, { status: end.status, finished_at: end.finished_at, error: end.error, site: end.site ?? record.site });
        record.notes.push(...end.notes);
        record.result = end.status === 'failed' ? null : summarizeRollup(crawl.rollup);
        await client.query('UPDATE crawls SET status = $2, record = $3 WHERE id = $1', [id, record.status, JSON.stringify(record)]);
        return true;
      })) ?? false
    );
  }

  async listPages(accountId: string, id: string, query: CrawlPagesQuery): Promise<CrawlPagesPage | null> {
    const page = await this.listPageOutcomes(accountId, id, query);
    return page && { pages: page.outcomes.map(pageRow), next: page.next };
  }

  async listPageOutcomes(accountId: string, id: string, query: CrawlPagesQuery): Promise<CrawlOutcomesPage | null> {
    if (!AUDIT_ID.test(id)) return null;
    const owner = await this.pool.query('SELECT 1 FROM crawls WHERE id = $1 AND account_id = $2', [id, accountId]);
    if (owner.rowCount !== 1) return null;
    const values: unknown[] = [id, query.limit + 1, query.after ?? -1];
    let rule = '';
    if (query.rule !== undefined) {
      values.push(query.rule);
      rule = ' AND $4 = ANY(rules)';
    }
    const { rows } = await this.pool.query<{ outcome: CrawlPageOutcome; done_seq: number }>(
      `SELECT outcome, done_seq FROM crawl_urls WHERE crawl_id = $1 AND outcome IS NOT NULL AND done_seq > $3${rule} ORDER BY done_seq LIMIT $2`,
      values,
    );
    const page = rows.slice(0, query.limit);
    return { outcomes: page.map((r) => r.outcome), next: rows.length > query.limit ? page.at(-1)!.done_seq : null };
  }

  async close(): Promise<void> {}

  /** Runs `work` in a transaction holding the crawl row's lock; null when there is no such crawl. */
  async #locked<T>(id: string, work: (client: pg.PoolClient, crawl: LockedCrawl) => Promise<T>): Promise<T | null> {
    if (!AUDIT_ID.test(id)) return null;
    return inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<LockedCrawl>('SELECT record, rollup, done_count FROM crawls WHERE id = $1 FOR UPDATE', [id]);
      return rows[0] ? work(client, rows[0]) : null;
    });
  }

  /** Admission inside the locked transaction: new URLs decided with the shared rule, inserted as queued or skipped. */
  async #admitIn(client: pg.PoolClient, id: string, record: StoredCrawl, by: string | null, discovery: Discovery): Promise<QueuedUrl[]> {
    const candidates = discoveryUrls(discovery);
    const seen = new Set<string>();
    for (let i = 0; i < candidates.length; i += 5_000) {
      const { rows } = await client.query<{ url: string }>('SELECT url FROM crawl_urls WHERE crawl_id = $1 AND url = ANY($2::text[])', [
        id,
        candidates.slice(i, i + 5_000),
      ]);
      for (const r of rows) seen.add(r.url);
    }
    const firstSeq = record.admission.queued;
    const decision = decideAdmission(record.admission, discovery, record.max_pages, (url) => !seen.has(url));
    const rows = [
      ...decision.queued.map((q, i) => [q.url, 'queued', firstSeq + i, q.template, q.sample] as const),
      ...decision.skipped.map((url) => [url, 'skipped', null, null, null] as const),
    ];
    for (let i = 0; i < rows.length; i += 5_000) {
      const chunk = rows.slice(i, i + 5_000);
      await client.query(
        `INSERT INTO crawl_urls (crawl_id, url, state, queued_seq, template, sample, found_by)
         SELECT $1, u, s, q, t, p, $7 FROM unnest($2::text[], $3::text[], $4::int[], $5::text[], $6::boolean[]) AS x(u, s, q, t, p)`,
        [id, chunk.map((r) => r[0]), chunk.map((r) => r[1]), chunk.map((r) => r[2]), chunk.map((r) => r[3]), chunk.map((r) => r[4]), by],
      );
    }
    const skipped = decision.skipped.length + decision.uncounted;
    record.progress.discovered += decision.queued.length + skipped;
    record.progress.skipped += skipped;
    tallyAdmission(record, decision.skippedBy, discovery.notes);
    return decision.queued;
  }
}

function queuedUrl(row: QueuedUrl): QueuedUrl {
  return { url: row.url, template: row.template, sample: row.sample };
}
