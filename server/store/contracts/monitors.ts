/**
 * The monitor half of the store (docs/api-decisions.md#monitors-and-webhooks): what is scheduled, and the state of each
 * monitor's runs. The store, not Redis, is the record of what is scheduled: a due run is claimed here,
 * atomically, so each due time runs once whatever the number of processes or schedulers asking.
 * Reached through `Store.monitors()`; every write resolves once it is durable.
 */
import type { MonitorKind, MonitorPeriod } from '../../../shared/schema/monitor.js';
import type { CrawlRenderMode } from '../../../shared/schema/crawl.js';

export interface StoredMonitor {
  id: string;
  account_id: string;
  url: string;
  kind: MonitorKind;
  every: MonitorPeriod;
  max_pages: number | null;
  created_at: string;
  /** Epoch ms the next scheduled run is due; runs are due at created_at + k · period. */
  next_run_ms: number;
  /** Epoch ms of a "run now" not yet started, or null. */
  run_requested_ms: number | null;
  /** Epoch ms until which a process holds the monitor's running run; null when none runs. */
  lease_until_ms: number | null;
  last_run_at: string | null;
  last_result_id: string | null;
  last_error: string | null;
  /** When the monitor was paused (ISO 8601), or null: a paused monitor is never claimed and refuses "run now". */
  paused_at: string | null;
  /**
   * Pages each run renders in the browser: `none`, `sample` or `all` (an audit monitor's `render: true` is `all`).
   * Absent from monitors stored before rendering existed: none.
   */
  render?: CrawlRenderMode;
}

/** What a run left behind. */
export interface MonitorRunOutcome {
  finished_at: string;
  /** The audit (or crawl) id, or null when the run produced none. */
  result_id: string | null;
  error: string | null;
}

export interface MonitorStore {
  /** Adds a monitor unless the account holds `limit` already. */
  createMonitor(monitor: StoredMonitor, limit: number): Promise<'created' | 'limit'>;
  /** The account's monitors, oldest first. */
  listMonitors(accountId: string): Promise<StoredMonitor[]>;
  getMonitor(accountId: string, id: string): Promise<StoredMonitor | null>;
  /** False when the account has no such monitor. */
  deleteMonitor(accountId: string, id: string): Promise<boolean>;
  /**
   * Asks for a run now (the next claim takes it); null when the account has no such monitor. A paused
   * monitor is returned unchanged (its `paused_at` set): the caller refuses the request.
   */
  requestRun(accountId: string, id: string, nowMs: number): Promise<StoredMonitor | null>;
  /**
   * Pauses (`paused_at` = now, kept when already paused; a pending "run now" is dropped) or resumes a
   * monitor (`paused_at` null; when a due time passed while paused, next_run_ms = now: one catch-up run,
   * then the cadence counts from the resume). A run already going finishes. Null when the account has no
   * such monitor.
   */
  setPaused(accountId: string, id: string, paused: boolean, nowMs: number): Promise<StoredMonitor | null>;
  /**
   * Claims up to `limit` monitors that must run now (never a paused one), and leases each until nowMs + leaseMs: those due
   * (next_run_ms <= now) or asked to run, with no live lease, and those whose lease ran out (the process
   * running them died: their run starts again). A due claim moves next_run_ms to the first due time after
   * now, so after downtime one catch-up run happens, never one per missed time. Atomic across processes.
   */
  claimDue(nowMs: number, leaseMs: number, limit: number): Promise<StoredMonitor[]>;
  /** Keeps a running run's lease (false when the monitor is gone or another process took it over). */
  extendLease(id: string, untilMs: number): Promise<boolean>;
  /** Records the end of a run and releases its lease. */
  finishRun(id: string, outcome: MonitorRunOutcome): Promise<void>;
  /**
   * At a server's start: leases no live process can hold any more are released, so interrupted runs
   * start again at once (the embedded store: its data directory has one server; PostgreSQL: nothing, a
   * lease there runs out on its own because other processes may be alive).
   */
  releaseOrphanedLeases(): Promise<number>;
  /** Epoch ms of the earliest due time or request of a monitor not paused, or null (the scheduler sleeps until then). */
  nextDueMs(): Promise<number | null>;
  close(): Promise<void>;
}

/** The first due time strictly after `nowMs`, on the monitor's cadence (created_at + k · period). */
export function nextDueAfter(dueMs: number, periodMs: number, nowMs: number): number {
  if (dueMs > nowMs) return dueMs;
  return dueMs + (Math.floor((nowMs - dueMs) / periodMs) + 1) * periodMs;
}

export const PERIOD_MS: Record<MonitorPeriod, number> = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
};
