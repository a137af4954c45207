/** A stored monitor as the API and the CLI show it (docs/api-decisions.md#monitors-and-webhooks): times as ISO 8601, `running` from its lease. */
import type { Monitor } from '../../shared/schema/monitor.js';
import type { StoredMonitor } from '../store/contracts/monitors.js';

export function monitorToWire(m: StoredMonitor, nowMs: number): Monitor {
  return {
    id: m.id,
    url: m.url,
    kind: m.kind,
    every: m.every,
    max_pages: m.max_pages,
    render: m.kind === 'audit' ? (m.render ?? 'none') !== 'none' : (m.render ?? 'none'),
    created_at: m.created_at,
    next_run_at: new Date(m.next_run_ms).toISOString(),
    last_run_at: m.last_run_at,
    last_result_id: m.last_result_id,
    last_error: m.last_error,
    running: m.lease_until_ms !== null && m.lease_until_ms >= nowMs,
    paused: m.paused_at !== null,
    paused_at: m.paused_at,
  };
}
