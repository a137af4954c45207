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

/** PATCH /monitors/{id}'s schedule and pages: the members given replace the stored ones. */
export interface MonitorPatch {
  every?: MonitorPeriod;
  /** Crawl monitors only (the route refuses it for an audit monitor). */
  max_pages?: number;
}

/**
 * The monitor with the patch applied (both stores). A new period keeps the next run when it comes sooner than
 * one period from now, else moves it to one period from now: a shorter period never waits out the longer one.
 */
export function patchedMonitor(m: StoredMonitor, patch: MonitorPatch, nowMs: number): StoredMonitor {
  const every = patch.every ?? m.every;
  return {
    ...m,
    every,
    max_pages: patch.max_pages ?? m.max_pages,
    next_run_ms: every === m.every ? m.next_run_ms : Math.min(m.next_run_ms, nowMs + PERIOD_MS[every]),
  };
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
  /** Changes the schedule or the pages per crawl (patchedMonitor); null when the account has no such monitor. */
  updateMonitor(accountId: string, id: string, patch: MonitorPatch, nowMs: number): Promise<StoredMonitor | null>;
  /**
   * Claims up to `limit` monitors that must run now (never a paused one), and leases each until nowMs + leaseMs: those due
   * (next_run_ms <= now) or asked to run, with no live lease, and those whose lease ran out (the process
   * running them died: their run starts again). A due claim moves next_run_ms to the first due time after
   * now, so after downtime one catch-up run happens, never one per missed time. Atomic across processes. With a
   * `policy`, fair across accounts and within each account's run budget (chooseClaims): what it leaves stays due.
   */
  claimDue(nowMs: number, leaseMs: number, limit: number, policy?: ClaimPolicy): Promise<StoredMonitor[]>;
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

/**
 * How a claim shares monitor runs across accounts (MONITOR_ACCOUNT_CONCURRENCY, MONITOR_RUNS_PER_MINUTE): one account's
 * many or slow monitors never hold every run slot, and creating and deleting monitors never starts more runs than
 * the budget. A claim without a policy (the store's own tests) takes what is due, oldest first.
 */
export interface ClaimPolicy {
  /** Runs of one account going at once, across every process sharing the store. */
  perAccountRunning: number;
  /** Runs one account may start per minute (a fixed window per account, counted in the store; deleted monitors' runs count). */
  perAccountPerMinute: number;
}

/** An account's runs started in its current window (the store keeps one per account). */
export interface RunBudget {
  window_ms: number;
  runs: number;
}

export const BUDGET_WINDOW_MS = 60_000;

/**
 * Which must-run monitors (`candidates`, oldest due first) a claim takes: at most `limit`, round-robin across
 * accounts (every account's oldest due, then every account's second, ...), each account within what it may still
 * run now (`running`: its live leases) and start this minute (`budgets`). Returns them and the budgets to store.
 */
export function chooseClaims(
  candidates: StoredMonitor[],
  state: { running: Map<string, number>; budgets: Map<string, RunBudget> },
  policy: ClaimPolicy | undefined,
  limit: number,
  nowMs: number,
): { chosen: StoredMonitor[]; budgets: Map<string, RunBudget> } {
  if (!policy) return { chosen: candidates.slice(0, limit), budgets: new Map() };
  const window_ms = Math.floor(nowMs / BUDGET_WINDOW_MS) * BUDGET_WINDOW_MS;
  const ranked: Array<{ rank: number; at: number; monitor: StoredMonitor }> = [];
  const rankOf = new Map<string, number>();
  for (const [at, monitor] of candidates.entries()) {
    const account = monitor.account_id;
    const rank = rankOf.get(account) ?? 0;
    rankOf.set(account, rank + 1);
    const budget = state.budgets.get(account);
    const started = budget && budget.window_ms === window_ms ? budget.runs : 0;
    const allowance = Math.min(policy.perAccountRunning - (state.running.get(account) ?? 0), policy.perAccountPerMinute - started);
    if (rank < allowance) ranked.push({ rank, at, monitor });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.at - b.at);
  const chosen = ranked.slice(0, limit).map((r) => r.monitor);
  const budgets = new Map<string, RunBudget>();
  for (const monitor of chosen) {
    const account = monitor.account_id;
    const before = budgets.get(account) ?? state.budgets.get(account);
    const runs = before && before.window_ms === window_ms ? before.runs : 0;
    budgets.set(account, { window_ms, runs: runs + 1 });
  }
  return { chosen, budgets };
}
