/**
 * The citation half of the PostgreSQL store: prompts, the history of result rows (one row per result,
 * never updated), and check records. Same behaviour as citations-lowdb.ts; every write is committed
 * before it resolves. Prompt creation takes a per-account advisory lock for its limit and duplicate
 * checks, so two processes cannot both add the account's last allowed prompt.
 */
import type pg from 'pg';
import { CITATION_ENGINE_IDS, type CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type {
  CitationListQuery,
  CitationPage,
  CitationStore,
  CreatePromptOutcome,
  StoredCheck,
  StoredCitationRow,
  StoredPrompt,
} from '../citations-store.js';
import { inTransaction, LOCK_KEY_SQL } from './pool.js';

export class PostgresCitationStore implements CitationStore {
  constructor(private readonly pool: pg.Pool) {}

  async createPrompt(prompt: StoredPrompt, limit: number): Promise<CreatePromptOutcome> {
    const createdMs = Date.parse(prompt.created_at);
    return inTransaction(this.pool, async (client) => {
      await client.query(`SELECT pg_advisory_xact_lock(${LOCK_KEY_SQL})`, [`citable:prompts:${prompt.account_id}`]);
      const same = await client.query<{ prompt: StoredPrompt }>(
        'SELECT prompt FROM prompts WHERE account_id = $1 AND deleted_at IS NULL AND domain = $2 AND text = $3 ORDER BY seq LIMIT 1',
        [prompt.account_id, prompt.domain, prompt.text],
      );
      if (same.rows[0]) return { outcome: 'duplicate', existing: same.rows[0].prompt };
      const count = await client.query<{ n: number }>('SELECT count(*)::bigint AS n FROM prompts WHERE account_id = $1 AND deleted_at IS NULL', [
        prompt.account_id,
      ]);
      if (count.rows[0]!.n >= limit) return { outcome: 'limit' };
      await client.query('INSERT INTO prompts (id, account_id, domain, text, created_ms, prompt) VALUES ($1, $2, $3, $4, $5, $6)', [
        prompt.id,
        prompt.account_id,
        prompt.domain,
        prompt.text,
        createdMs,
        JSON.stringify(prompt),
      ]);
      return { outcome: 'created' };
    });
  }

  async listPrompts(accountId: string): Promise<StoredPrompt[]> {
    const { rows } = await this.pool.query<{ prompt: StoredPrompt }>('SELECT prompt FROM prompts WHERE account_id = $1 AND deleted_at IS NULL ORDER BY seq', [
      accountId,
    ]);
    return rows.map((r) => r.prompt);
  }

  async getPrompt(accountId: string, id: string): Promise<StoredPrompt | null> {
    const { rows } = await this.pool.query<{ prompt: StoredPrompt }>('SELECT prompt FROM prompts WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL', [
      id,
      accountId,
    ]);
    return rows[0]?.prompt ?? null;
  }

  async allPrompts(): Promise<StoredPrompt[]> {
    const { rows } = await this.pool.query<{ prompt: StoredPrompt }>('SELECT prompt FROM prompts WHERE deleted_at IS NULL ORDER BY seq');
    return rows.map((r) => r.prompt);
  }

  async deletePrompt(accountId: string, id: string): Promise<boolean> {
    const result = await this.pool.query('UPDATE prompts SET deleted_at = $3 WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL', [
      id,
      accountId,
      new Date().toISOString(),
    ]);
    return result.rowCount === 1;
  }

  async appendResult(row: StoredCitationRow): Promise<void> {
    await this.pool.query(
      `INSERT INTO citation_results (account_id, prompt_id, engine, check_id, checked_ms, checked_day, calls, result)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [row.account_id, row.prompt_id, row.engine, row.check_id, Date.parse(row.checked_at), row.checked_at.slice(0, 10), row.calls, JSON.stringify(row)],
    );
  }

  async latestResults(promptId: string): Promise<Partial<Record<CitationEngineId, StoredCitationRow>>> {
    const { rows } = await this.pool.query<{ engine: CitationEngineId; result: StoredCitationRow }>(
      `SELECT DISTINCT ON (engine) engine, result FROM citation_results WHERE prompt_id = $1
       ORDER BY engine, checked_ms DESC, seq DESC`,
      [promptId],
    );
    return Object.fromEntries(rows.map((r) => [r.engine, r.result]));
  }

  async listResults(accountId: string, query: CitationListQuery): Promise<CitationPage> {
    return query.history ? this.#listHistory(accountId, query) : this.#listLatest(accountId, query);
  }

  async requestsOn(engine: CitationEngineId, day: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      'SELECT COALESCE(sum(calls), 0)::bigint AS n FROM citation_results WHERE engine = $1 AND checked_day = $2',
      [engine, day],
    );
    return rows[0]!.n;
  }

  async resultCount(checkId: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>('SELECT count(*)::bigint AS n FROM citation_results WHERE check_id = $1', [checkId]);
    return rows[0]!.n;
  }

  async putCheck(check: StoredCheck): Promise<void> {
    await this.pool.query(
      `INSERT INTO citation_checks (id, account_id, status, body) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, body = EXCLUDED.body`,
      [check.id, check.account_id, check.status, JSON.stringify(check)],
    );
  }

  async getCheck(id: string): Promise<StoredCheck | null> {
    const { rows } = await this.pool.query<{ body: StoredCheck }>('SELECT body FROM citation_checks WHERE id = $1', [id]);
    return rows[0]?.body ?? null;
  }

  async unfinishedChecks(): Promise<StoredCheck[]> {
    const { rows } = await this.pool.query<{ body: StoredCheck }>("SELECT body FROM citation_checks WHERE status = 'running' ORDER BY seq");
    return rows.map((r) => r.body);
  }

  /** The pool belongs to the PostgresStore, which closes it. */
  async close(): Promise<void> {}

  /** Latest row per (prompt, engine): prompts oldest first (created_at, then id), engines in contract order. */
  async #listLatest(accountId: string, query: CitationListQuery): Promise<CitationPage> {
    const values: unknown[] = [accountId, [...CITATION_ENGINE_IDS], query.limit + 1];
    const where = ['p.account_id = $1', 'p.deleted_at IS NULL'];
    const add = (sql: (p: string) => string, value: unknown) => {
      values.push(value);
      where.push(sql(`$${values.length}`));
    };
    if (query.promptId !== undefined) add((p) => `p.id = ${p}`, query.promptId);
    if (query.domain !== undefined) add((p) => `p.domain = ${p}`, query.domain);
    if (query.engine !== undefined) add((p) => `l.engine = ${p}`, query.engine);
    if (query.since !== undefined) add((p) => `l.checked_ms >= ${p}::bigint`, query.since);
    const after = query.after?.mode === 'latest' ? query.after : undefined;
    if (after) {
      values.push(after.created, after.promptId, after.engine);
      const n = values.length;
      where.push(`(p.created_ms, p.id, l.engine_order) > ($${n - 2}::bigint, $${n - 1}::text, $${n}::integer)`);
    }
    const { rows } = await this.pool.query<{ created_ms: number; id: string; engine_order: number; result: StoredCitationRow }>(
      `SELECT p.created_ms, p.id, l.engine_order, l.result
       FROM prompts p
       CROSS JOIN LATERAL (
         SELECT DISTINCT ON (r.engine) r.engine, array_position($2::text[], r.engine::text) - 1 AS engine_order, r.checked_ms, r.result
         FROM citation_results r WHERE r.prompt_id = p.id
         ORDER BY r.engine, r.checked_ms DESC, r.seq DESC
       ) l
       WHERE ${where.join(' AND ')}
       ORDER BY p.created_ms, p.id, l.engine_order
       LIMIT $3`,
      values,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      rows: page.map((r) => r.result),
      next: rows.length > query.limit && last ? { mode: 'latest', created: last.created_ms, promptId: last.id, engine: last.engine_order } : null,
    };
  }

  /** Every row, newest written first; rows of deleted prompts leave the listing. */
  async #listHistory(accountId: string, query: CitationListQuery): Promise<CitationPage> {
    const values: unknown[] = [accountId, query.limit + 1];
    const where = ['r.account_id = $1', 'p.account_id = $1', 'p.deleted_at IS NULL'];
    const add = (sql: (p: string) => string, value: unknown) => {
      values.push(value);
      where.push(sql(`$${values.length}`));
    };
    if (query.engine !== undefined) add((p) => `r.engine = ${p}`, query.engine);
    if (query.promptId !== undefined) add((p) => `r.prompt_id = ${p}`, query.promptId);
    if (query.domain !== undefined) add((p) => `p.domain = ${p}`, query.domain);
    if (query.since !== undefined) add((p) => `r.checked_ms >= ${p}::bigint`, query.since);
    if (query.after?.mode === 'history') add((p) => `r.seq < ${p}::bigint`, query.after.seq);
    const { rows } = await this.pool.query<{ seq: number; result: StoredCitationRow }>(
      `SELECT r.seq, r.result FROM citation_results r JOIN prompts p ON p.id = r.prompt_id
       WHERE ${where.join(' AND ')}
       ORDER BY r.seq DESC
       LIMIT $2`,
      values,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return { rows: page.map((r) => r.result), next: rows.length > query.limit && last ? { mode: 'history', seq: last.seq } : null };
  }
}
