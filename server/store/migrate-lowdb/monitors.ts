/** Monitors of a lowdb data directory into PostgreSQL. */
import { PERIOD_MS, type StoredMonitor } from '../contracts/monitors.js';
import type { EachCopy } from './copy-each.js';

/** As they stand, leases included: a lease the stopped server left runs out on its own, then the run starts again. */
export function monitorsCopy(monitors: readonly StoredMonitor[]): EachCopy {
  return {
    collection: 'monitors',
    records: monitors.map((m) => ({
      id: m.id,
      value: { ...m, render: m.render ?? 'none' },
      params: [
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
    })),
    insert: `INSERT INTO monitors (id, account_id, url, kind, every, max_pages, created_at, next_run_ms, run_requested_ms, lease_until_ms, last_run_at, last_result_id, last_error, paused_at, render, period_ms)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) ON CONFLICT (id) DO NOTHING`,
    select: `SELECT id, account_id, url, kind, every, max_pages, created_at, next_run_ms, run_requested_ms, lease_until_ms, last_run_at, last_result_id, last_error, paused_at, render
               FROM monitors WHERE id = ANY($1)`,
    stored: (row) => row,
  };
}
