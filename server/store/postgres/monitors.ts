/**
 * Monitors in PostgreSQL (schema: migrations/0005-monitors-webhooks.ts). A claim is one statement that locks
 * the due rows it takes with SKIP LOCKED and moves their due time: two processes (or two schedulers)
 * claiming at once never take the same due time.
 */
import type pg from 'pg';
import {
  chooseClaims,
  PERIOD_MS,
  patchedMonitor,
  type ClaimPolicy,
  type MonitorPatch,
  type MonitorRunOutcome,
  type MonitorStore,
  type RunBudget,
  type StoredMonitor,
} from '../contracts/monitors.js';
import { inTransaction, LOCK_KEY_SQL } from './infra/pool.js';

const COLUMNS = `id, account_id, url, kind, every, max_pages, created_at, next_run_ms, run_requested_ms, lease_until_ms,
  last_run_at, last_result_id, last_error, paused_at, render`;

/** Not paused, and due or asked for with no run in progress, or a run whose lease ran out ($1: now). */
const MUST_RUN =
  '(paused_at IS NULL AND ((lease_until_ms IS NULL AND (next_run_ms <= $1::bigint OR run_requested_ms IS NOT NULL)) OR lease_until_ms < $1::bigint))';

/** What a claim writes ($1: now, $2: the lease): the due time moved past now, a pending "run now" taken, the lease. */
const CLAIM_SET = `
  next_run_ms = CASE WHEN m.next_run_ms <= $1::bigint THEN m.next_run_ms + (($1::bigint - m.next_run_ms) / m.period_ms + 1) * m.period_ms ELSE m.next_run_ms END,
  run_requested_ms = NULL,
  lease_until_ms = $1::bigint + $2::bigint`;

const RETURNING = COLUMNS.split(',')
  .map((c) => `m.${c.trim()}`)
  .join(', ');

export class PostgresMonitorStore implements MonitorStore {
  constructor(private readonly pool: pg.Pool) {}

  async createMonitor(m: StoredMonitor, limit: number): Promise<'created' | 'limit'> {
    // The count and the insert in one statement, under a per-account advisory lock: two creates at once cannot both pass the limit.
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1::text, 0))', [`citable:monitors:${m.account_id}`]);
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::bigint AS n FROM monitors WHERE account_id = $1', [
        m.account_id,
      ]);
      if (rows[0]!.n >= limit) {
        await client.query('ROLLBACK');
        return 'limit';
      }
      await client.query(
        `INSERT INTO monitors (${COLUMNS}, period_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [
          m.id,
          m.account_id,
          m.url,
          m.kind,
          m.every,
          m.max_pages,
          m.created_at,
          m.next_run_ms,
          m.run_requested_ms,
          m.lease_until_ms,
          m.last_run_at,
          m.last_result_id,
          m.last_error,
          m.paused_at,
          m.render ?? 'none',
          PERIOD_MS[m.every],
        ],
      );
      await client.query('COMMIT');
      return 'created';
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async listMonitors(accountId: string): Promise<StoredMonitor[]> {
    const { rows } = await this.pool.query<StoredMonitor>(`SELECT ${COLUMNS} FROM monitors WHERE account_id = $1 ORDER BY seq`, [
      accountId,
    ]);
    return rows.map(monitor);
  }

  async getMonitor(accountId: string, id: string): Promise<StoredMonitor | null> {
    const { rows } = await this.pool.query<StoredMonitor>(`SELECT ${COLUMNS} FROM monitors WHERE id = $1 AND account_id = $2`, [
      id,
      accountId,
    ]);
    return rows[0] ? monitor(rows[0]) : null;
  }

  async deleteMonitor(accountId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM monitors WHERE id = $1 AND account_id = $2', [id, accountId]);
    return rowCount === 1;
  }

  async requestRun(accountId: string, id: string, nowMs: number): Promise<StoredMonitor | null> {
    const { rows } = await this.pool.query<StoredMonitor>(
      `UPDATE monitors SET run_requested_ms = CASE WHEN paused_at IS NULL THEN COALESCE(run_requested_ms, $3) ELSE run_requested_ms END
       WHERE id = $1 AND account_id = $2 RETURNING ${COLUMNS}`,
      [id, accountId, nowMs],
    );
    return rows[0] ? monitor(rows[0]) : null;
  }

  async setPaused(accountId: string, id: string, paused: boolean, nowMs: number): Promise<StoredMonitor | null> {
    const { rows } = await this.pool.query<StoredMonitor>(
      paused
        ? `UPDATE monitors SET paused_at = COALESCE(paused_at, $3), run_requested_ms = NULL WHERE id = $1 AND account_id = $2 RETURNING ${COLUMNS}`
        : `UPDATE monitors SET
             next_run_ms = CASE WHEN paused_at IS NOT NULL AND next_run_ms <= $3::bigint THEN $3::bigint ELSE next_run_ms END,
             paused_at = NULL
           WHERE id = $1 AND account_id = $2 RETURNING ${COLUMNS}`,
      [id, accountId, paused ? new Date(nowMs).toISOString() : nowMs],
    );
    return rows[0] ? monitor(rows[0]) : null;
  }

  async updateMonitor(accountId: string, id: string, patch: MonitorPatch, nowMs: number): Promise<StoredMonitor | null> {
    return inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<StoredMonitor>(`SELECT ${COLUMNS} FROM monitors WHERE id = $1 AND account_id = $2 FOR UPDATE`, [
        id,
        accountId,
      ]);
      if (!rows[0]) return null;
      const m = patchedMonitor(monitor(rows[0]), patch, nowMs);
      const updated = await client.query<StoredMonitor>(
        `UPDATE monitors SET every = $2, max_pages = $3, next_run_ms = $4::bigint, period_ms = $5::bigint WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, m.every, m.max_pages, m.next_run_ms, PERIOD_MS[m.every]],
      );
      return monitor(updated.rows[0]!);
    });
  }

  async claimDue(nowMs: number, leaseMs: number, limit: number, policy?: ClaimPolicy): Promise<StoredMonitor[]> {
    if (policy) return this.#claimFairly(nowMs, leaseMs, limit, policy);
    const { rows } = await this.pool.query<StoredMonitor>(
      `UPDATE monitors m SET ${CLAIM_SET}
       FROM (SELECT id FROM monitors WHERE ${MUST_RUN} ORDER BY next_run_ms LIMIT $3::int FOR UPDATE SKIP LOCKED) due
       WHERE m.id = due.id
       RETURNING ${RETURNING}`,
      [nowMs, leaseMs, limit],
    );
    return rows.map(monitor);
  }

  /**
   * A claim with a policy, under one transaction-wide advisory lock (claims are a few a minute: serialising them keeps the
   * per-account counts exact across processes): each account's oldest due monitors up to what it may run, its live
   * leases and this minute's budget, chosen by the rule every store shares (chooseClaims), then leased and counted.
   */
  async #claimFairly(nowMs: number, leaseMs: number, limit: number, policy: ClaimPolicy): Promise<StoredMonitor[]> {
    return inTransaction(this.pool, async (client) => {
      await client.query(`SELECT pg_advisory_xact_lock(${LOCK_KEY_SQL})`, ['citable:monitors:claim']);
      const perAccount = Math.max(0, Math.min(policy.perAccountRunning, policy.perAccountPerMinute));
      const { rows: due } = await client.query<StoredMonitor>(
        `SELECT ${COLUMNS} FROM (
           SELECT *, row_number() OVER (PARTITION BY account_id ORDER BY next_run_ms, id) AS rank FROM monitors WHERE ${MUST_RUN}
         ) d WHERE rank <= $2::int ORDER BY next_run_ms, id`,
        [nowMs, perAccount],
      );
      if (due.length === 0) return [];
      const accounts = [...new Set(due.map((m) => m.account_id))];
      const live = await client.query<{ account_id: string; n: number }>(
        'SELECT account_id, count(*)::int AS n FROM monitors WHERE account_id = ANY($1::text[]) AND lease_until_ms >= $2::bigint GROUP BY account_id',
        [accounts, nowMs],
      );
      const spent = await client.query<RunBudget & { account_id: string }>(
        'SELECT account_id, window_ms, runs FROM monitor_run_budgets WHERE account_id = ANY($1::text[])',
        [accounts],
      );
      const state = {
        running: new Map(live.rows.map((r) => [r.account_id, r.n])),
        budgets: new Map(spent.rows.map((r) => [r.account_id, { window_ms: r.window_ms, runs: r.runs }])),
      };
      const choice = chooseClaims(due.map(monitor), state, policy, limit, nowMs);
      if (choice.chosen.length === 0) return [];
      const { rows } = await client.query<StoredMonitor>(
        `UPDATE monitors m SET ${CLAIM_SET} WHERE m.id = ANY($3::text[]) RETURNING ${RETURNING}`,
        [nowMs, leaseMs, choice.chosen.map((m) => m.id)],
      );
      const budgets = [...choice.budgets];
      await client.query(
        `INSERT INTO monitor_run_budgets (account_id, window_ms, runs) SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[])
         ON CONFLICT (account_id) DO UPDATE SET window_ms = excluded.window_ms, runs = excluded.runs`,
        [budgets.map(([a]) => a), budgets.map(([, b]) => b.window_ms), budgets.map(([, b]) => b.runs)],
      );
      const order = new Map(choice.chosen.map((m, i) => [m.id, i]));
      return rows.map(monitor).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    });
  }

  async extendLease(id: string, untilMs: number): Promise<boolean> {
    const { rowCount } = await this.pool.query('UPDATE monitors SET lease_until_ms = $2 WHERE id = $1 AND lease_until_ms IS NOT NULL', [
      id,
      untilMs,
    ]);
    return rowCount === 1;
  }

  async finishRun(id: string, outcome: MonitorRunOutcome): Promise<void> {
    await this.pool.query(
      `UPDATE monitors SET lease_until_ms = NULL, last_run_at = $2, last_result_id = COALESCE($3, last_result_id), last_error = $4 WHERE id = $1`,
      [id, outcome.finished_at, outcome.result_id, outcome.error],
    );
  }

  async releaseOrphanedLeases(): Promise<number> {
    return 0; // other processes may be running their monitors: a lease here runs out on its own
  }

  async nextDueMs(): Promise<number | null> {
    const { rows } = await this.pool.query<{ at: number | null }>(
      `SELECT min(CASE WHEN lease_until_ms IS NOT NULL THEN lease_until_ms WHEN run_requested_ms IS NOT NULL THEN LEAST(run_requested_ms, next_run_ms) ELSE next_run_ms END) AS at FROM monitors WHERE paused_at IS NULL`,
    );
    return rows[0]?.at ?? null;
  }

  async close(): Promise<void> {}
}

function monitor(row: StoredMonitor): StoredMonitor {
  return {
    id: row.id,
    account_id: row.account_id,
    url: row.url,
    kind: row.kind,
    every: row.every,
    max_pages: row.max_pages,
    created_at: row.created_at,
    next_run_ms: row.next_run_ms,
    run_requested_ms: row.run_requested_ms,
    lease_until_ms: row.lease_until_ms,
    last_run_at: row.last_run_at,
    last_result_id: row.last_result_id,
    last_error: row.last_error,
    paused_at: row.paused_at,
    render: row.render ?? 'none',
  };
}
