/**
 * The citation half of the PostgreSQL store: prompts, the history of result rows (one row per result,
 * never updated), and check records. Same behaviour as ../lowdb/citations.ts; every write is committed
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
} from '../contracts/citations.js';
import { inTransaction, LOCK_KEY_SQL } from './infra/pool.js';
import type { RunRecord } from '../../../shared/schema/citation-intelligence.js';
import { scopeOf, tallyOfRow, type RowTally } from '../rollup/row-tally.js';
import type { SourceTally } from '../rollup/source-tally.js';
import type { DayTally } from '../rollup/day-tally.js';
import type { DayWindow } from '../rollup/days.js';
import { upgradePrompt, upgradeRow } from '../contracts/citations-upgrade.js';
import { applyTallies, dropScope, readDayTallies, readSourceTallies } from './citations-rollups.js';

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
      if (same.rows[0]) return { outcome: 'duplicate', existing: upgradePrompt(same.rows[0].prompt) };
      const count = await client.query<{ n: number }>(
        'SELECT count(*)::bigint AS n FROM prompts WHERE account_id = $1 AND deleted_at IS NULL',
        [prompt.account_id],
      );
      if (count.rows[0]!.n >= limit) return { outcome: 'limit' };
      await client.query(
        'INSERT INTO prompts (id, account_id, domain, text, created_ms, prompt, project_id) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [prompt.id, prompt.account_id, prompt.domain, prompt.text, createdMs, JSON.stringify(prompt), prompt.project_id ?? null],
      );
      return { outcome: 'created' };
    });
  }

  async listPrompts(accountId: string): Promise<StoredPrompt[]> {
    const { rows } = await this.pool.query<{ prompt: StoredPrompt }>(
      'SELECT prompt FROM prompts WHERE account_id = $1 AND deleted_at IS NULL ORDER BY seq',
      [accountId],
    );
    return rows.map((r) => upgradePrompt(r.prompt));
  }

  async getPrompt(accountId: string, id: string): Promise<StoredPrompt | null> {
    const { rows } = await this.pool.query<{ prompt: StoredPrompt }>(
      'SELECT prompt FROM prompts WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL',
      [id, accountId],
    );
    return rows[0] ? upgradePrompt(rows[0].prompt) : null;
  }

  async allPrompts(): Promise<StoredPrompt[]> {
    const { rows } = await this.pool.query<{ prompt: StoredPrompt }>('SELECT prompt FROM prompts WHERE deleted_at IS NULL ORDER BY seq');
    return rows.map((r) => upgradePrompt(r.prompt));
  }

  /** Deletes the prompt and takes its rows' tallies off the rollups, in one transaction. */
  async deletePrompt(accountId: string, id: string): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      const result = await client.query('UPDATE prompts SET deleted_at = $3 WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL', [
        id,
        accountId,
        new Date().toISOString(),
      ]);
      if (result.rowCount !== 1) return false;
      const { rows } = await client.query<{ result: StoredCitationRow; tally: RowTally | null }>(
        'SELECT result, tally FROM citation_results WHERE prompt_id = $1',
        [id],
      );
      const tallies = rows
        .map((r) => upgradeRow(r.result))
        .map((row, i) => (row.status === 'not_configured' ? null : (rows[i]!.tally ?? tallyOfRow(row))))
        .filter((t): t is RowTally => t !== null);
      await applyTallies(client, tallies, -1);
      return true;
    });
  }

  async deleteProjectPrompts(accountId: string, projectId: string): Promise<number> {
    return inTransaction(this.pool, async (client) => {
      const result = await client.query(
        'UPDATE prompts SET deleted_at = $3 WHERE account_id = $1 AND project_id = $2 AND deleted_at IS NULL',
        [accountId, projectId, new Date().toISOString()],
      );
      await dropScope(client, scopeOf(accountId, projectId));
      return result.rowCount ?? 0;
    });
  }

  /** The row, its runs and its tally, and the tally added to the rollups, in one transaction (retried on a deadlock). */
  async appendResult(row: StoredCitationRow, runs?: readonly RunRecord[]): Promise<void> {
    const tally = row.tally ?? tallyOfRow(row);
    for (let attempt = 1; ; attempt++) {
      try {
        await inTransaction(this.pool, async (client) => {
          await client.query(
            `INSERT INTO citation_results (account_id, prompt_id, engine, check_id, checked_ms, checked_day, calls, result, runs, tally)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
            [
              row.account_id,
              row.prompt_id,
              row.engine,
              row.check_id,
              Date.parse(row.checked_at),
              row.checked_at.slice(0, 10),
              row.calls,
              JSON.stringify(withoutTally(row)),
              runs && runs.length > 0 ? JSON.stringify(runs) : null,
              JSON.stringify(tally),
            ],
          );
          if (row.status === 'not_configured') return;
          const live = await client.query('SELECT 1 FROM prompts WHERE id = $1 AND deleted_at IS NULL', [row.prompt_id]);
          if (live.rowCount === 1) await applyTallies(client, [tally], 1);
        });
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if ((code !== '40P01' && code !== '40001') || attempt >= 5) throw error;
      }
    }
  }

  async runsOf(rows: readonly StoredCitationRow[]): Promise<RunRecord[][]> {
    if (rows.length === 0) return [];
    const { rows: found } = await this.pool.query<{ check_id: string; prompt_id: string; engine: string; runs: RunRecord[] | null }>(
      'SELECT check_id, prompt_id, engine, runs FROM citation_results WHERE check_id = ANY($1::text[])',
      [[...new Set(rows.map((r) => r.check_id))]],
    );
    return rows.map(
      (r) => found.find((f) => f.check_id === r.check_id && f.prompt_id === r.prompt_id && f.engine === r.engine)?.runs ?? [],
    );
  }

  async dayTallies(scopes: readonly string[], window: DayWindow, engine?: CitationEngineId): Promise<DayTally[]> {
    return readDayTallies(this.pool, scopes, window, engine);
  }

  async promptDayTallies(accountId: string, promptId: string, window: DayWindow, engine?: CitationEngineId): Promise<DayTally[]> {
    const values: unknown[] = [
      promptId,
      accountId,
      Date.parse(`${window.since}T00:00:00Z`),
      Date.parse(`${window.until}T00:00:00Z`) + 86_400_000,
    ];
    const { rows } = await this.pool.query<{ result: StoredCitationRow; tally: RowTally | null }>(
      `SELECT r.result, r.tally FROM citation_results r JOIN prompts p ON p.id = r.prompt_id AND p.deleted_at IS NULL
       WHERE r.prompt_id = $1 AND r.account_id = $2 AND r.checked_ms >= $3 AND r.checked_ms < $4 ${engine !== undefined ? `AND r.engine = $${values.push(engine)}` : ''}`,
      values,
    );
    return rows
      .map((r) => ({ row: upgradeRow(r.result), tally: r.tally }))
      .filter(({ row }) => row.status !== 'not_configured')
      .map(({ row, tally }) => {
        const t = tally ?? tallyOfRow(row);
        return {
          day: t.day,
          engine: t.engine,
          runs: t.runs,
          visible: t.visible,
          mentioned: t.mentioned,
          cited: t.cited,
          position_sum: t.position_sum,
          position_count: t.position_count,
          competitors: Object.fromEntries(t.competitors),
        };
      });
  }

  async sourceTallies(
    scopes: readonly string[],
    window: DayWindow,
    engine: CitationEngineId | undefined,
    limit: number,
  ): Promise<SourceTally[]> {
    return readSourceTallies(this.pool, scopes, window, engine, limit);
  }

  async latestResults(promptId: string): Promise<Partial<Record<CitationEngineId, StoredCitationRow>>> {
    // One index probe per engine (citation_results_latest), not a walk over the prompt's whole history:
    // the scheduler asks this of every prompt each minute, and a year holds 2,190 rows per prompt.
    const { rows } = await this.pool.query<{ engine: CitationEngineId; result: StoredCitationRow }>(
      `SELECT e.engine, r.result FROM unnest($2::text[]) AS e(engine)
       CROSS JOIN LATERAL (
         SELECT result FROM citation_results WHERE prompt_id = $1 AND engine = e.engine ORDER BY checked_ms DESC, seq DESC LIMIT 1
       ) r`,
      [promptId, [...CITATION_ENGINE_IDS]],
    );
    return Object.fromEntries(rows.map((r) => [r.engine, upgradeRow(r.result)]));
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
    const { rows } = await this.pool.query<{ n: number }>('SELECT count(*)::bigint AS n FROM citation_results WHERE check_id = $1', [
      checkId,
    ]);
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
      rows: page.map((r) => upgradeRow(r.result)),
      next:
        rows.length > query.limit && last
          ? { mode: 'latest', created: last.created_ms, promptId: last.id, engine: last.engine_order }
          : null,
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
    if (query.until !== undefined) add((p) => `r.checked_ms < ${p}::bigint`, query.until);
    if (query.checkId !== undefined) add((p) => `r.check_id = ${p}`, query.checkId);
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
    return {
      rows: page.map((r) => upgradeRow(r.result)),
      next: rows.length > query.limit && last ? { mode: 'history', seq: last.seq } : null,
      ...(last ? { lastSeq: Number(last.seq) } : {}),
    };
  }
}

/** The row document without its tally (kept in its own column). */
function withoutTally({ tally: _tally, ...row }: StoredCitationRow): StoredCitationRow {
  return row;
}
