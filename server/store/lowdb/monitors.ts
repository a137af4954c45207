/**
 * The embedded monitor store: DATA_DIR/monitors.json, shared with the `citable monitors` CLI like
 * accounts.json (locked, durable read-modify-writes; the server sees the CLI's changes at its next look).
 * One server owns a data directory, so every claim is made by it; the lock keeps the CLI's writes apart.
 */
import path from 'node:path';
import {
  BUDGET_WINDOW_MS,
  chooseClaims,
  nextDueAfter,
  PERIOD_MS,
  patchedMonitor,
  type ClaimPolicy,
  type MonitorPatch,
  type MonitorRunOutcome,
  type MonitorStore,
  type RunBudget,
  type StoredMonitor,
} from '../contracts/monitors.js';
import { SharedJsonDoc } from './infra/shared-json-doc.js';

interface MonitorsData {
  version: 1;
  monitors: StoredMonitor[];
  /** Per account, the runs started in its current minute (a claim with a policy); absent in files written before. */
  budgets?: Record<string, RunBudget>;
}

const empty = (): MonitorsData => ({ version: 1, monitors: [] });
/** A copy to hand out; records written before pausing (or rendering) existed have no `paused_at` (`render`): not paused (none). */
const copy = (m: StoredMonitor): StoredMonitor => ({ ...m, paused_at: m.paused_at ?? null, render: m.render ?? 'none' });

export class LowdbMonitorStore implements MonitorStore {
  private constructor(private readonly doc: SharedJsonDoc<MonitorsData>) {}

  static async open(dataDir: string): Promise<LowdbMonitorStore> {
    return new LowdbMonitorStore(await SharedJsonDoc.open(path.join(dataDir, 'monitors.json'), empty));
  }

  async createMonitor(monitor: StoredMonitor, limit: number): Promise<'created' | 'limit'> {
    return this.doc.mutate((data) => {
      if (data.monitors.filter((m) => m.account_id === monitor.account_id).length >= limit) return 'limit';
      data.monitors.push(copy(monitor));
      return 'created';
    });
  }

  async listMonitors(accountId: string): Promise<StoredMonitor[]> {
    return (await this.doc.current()).monitors.filter((m) => m.account_id === accountId).map(copy);
  }

  async getMonitor(accountId: string, id: string): Promise<StoredMonitor | null> {
    const found = (await this.doc.current()).monitors.find((m) => m.id === id && m.account_id === accountId);
    return found ? copy(found) : null;
  }

  async deleteMonitor(accountId: string, id: string): Promise<boolean> {
    if (!(await this.getMonitor(accountId, id))) return false;
    return this.doc.mutate((data) => {
      const at = data.monitors.findIndex((m) => m.id === id && m.account_id === accountId);
      if (at < 0) return false;
      data.monitors.splice(at, 1);
      return true;
    });
  }

  async requestRun(accountId: string, id: string, nowMs: number): Promise<StoredMonitor | null> {
    if (!(await this.getMonitor(accountId, id))) return null;
    return this.doc.mutate((data) => {
      const monitor = data.monitors.find((m) => m.id === id && m.account_id === accountId);
      if (!monitor) return null;
      if (!isPaused(monitor)) monitor.run_requested_ms ??= nowMs;
      return copy(monitor);
    });
  }

  async setPaused(accountId: string, id: string, paused: boolean, nowMs: number): Promise<StoredMonitor | null> {
    if (!(await this.getMonitor(accountId, id))) return null;
    return this.doc.mutate((data) => {
      const monitor = data.monitors.find((m) => m.id === id && m.account_id === accountId);
      if (!monitor) return null;
      if (paused) {
        if (!isPaused(monitor)) monitor.paused_at = new Date(nowMs).toISOString();
        monitor.run_requested_ms = null;
      } else {
        if (isPaused(monitor) && monitor.next_run_ms <= nowMs) monitor.next_run_ms = nowMs;
        monitor.paused_at = null;
      }
      return copy(monitor);
    });
  }

  async updateMonitor(accountId: string, id: string, patch: MonitorPatch, nowMs: number): Promise<StoredMonitor | null> {
    if (!(await this.getMonitor(accountId, id))) return null;
    return this.doc.mutate((data) => {
      const monitor = data.monitors.find((m) => m.id === id && m.account_id === accountId);
      if (!monitor) return null;
      Object.assign(monitor, patchedMonitor(monitor, patch, nowMs));
      return copy(monitor);
    });
  }

  async claimDue(nowMs: number, leaseMs: number, limit: number, policy?: ClaimPolicy): Promise<StoredMonitor[]> {
    if (!(await this.doc.current()).monitors.some((m) => mustRun(m, nowMs))) return []; // the common case writes nothing
    return this.doc.mutate((data) => {
      const claimed: StoredMonitor[] = [];
      const due = data.monitors.filter((m) => mustRun(m, nowMs)).sort((a, b) => a.next_run_ms - b.next_run_ms);
      const running = new Map<string, number>();
      for (const m of data.monitors)
        if (m.lease_until_ms !== null && m.lease_until_ms >= nowMs) running.set(m.account_id, (running.get(m.account_id) ?? 0) + 1);
      const budgets = new Map(Object.entries(data.budgets ?? {}));
      const choice = chooseClaims(due, { running, budgets }, policy, limit, nowMs);
      if (choice.budgets.size) {
        const kept = Object.entries(data.budgets ?? {}).filter(([, b]) => b.window_ms > nowMs - 2 * BUDGET_WINDOW_MS); // past minutes go
        data.budgets = { ...Object.fromEntries(kept), ...Object.fromEntries(choice.budgets) };
      }
      for (const monitor of choice.chosen) {
        monitor.next_run_ms = nextDueAfter(monitor.next_run_ms, PERIOD_MS[monitor.every], nowMs);
        monitor.run_requested_ms = null;
        monitor.lease_until_ms = nowMs + leaseMs;
        claimed.push(copy(monitor));
      }
      return claimed;
    });
  }

  async extendLease(id: string, untilMs: number): Promise<boolean> {
    return this.doc.mutate((data) => {
      const monitor = data.monitors.find((m) => m.id === id);
      if (!monitor || monitor.lease_until_ms === null) return false;
      monitor.lease_until_ms = untilMs;
      return true;
    });
  }

  async finishRun(id: string, outcome: MonitorRunOutcome): Promise<void> {
    await this.doc.mutate((data) => {
      const monitor = data.monitors.find((m) => m.id === id);
      if (!monitor) return; // deleted while it ran
      monitor.lease_until_ms = null;
      monitor.last_run_at = outcome.finished_at;
      if (outcome.result_id !== null) monitor.last_result_id = outcome.result_id;
      monitor.last_error = outcome.error;
    });
  }

  async releaseOrphanedLeases(): Promise<number> {
    if (!(await this.doc.current()).monitors.some((m) => m.lease_until_ms !== null)) return 0;
    return this.doc.mutate((data) => {
      let released = 0;
      for (const monitor of data.monitors) {
        if (monitor.lease_until_ms === null) continue;
        monitor.lease_until_ms = 0; // ran out: the next claim starts the interrupted run again
        released++;
      }
      return released;
    });
  }

  async nextDueMs(): Promise<number | null> {
    let next: number | null = null;
    for (const m of (await this.doc.current()).monitors) {
      if (isPaused(m)) continue;
      const at =
        m.lease_until_ms !== null
          ? m.lease_until_ms
          : m.run_requested_ms !== null
            ? Math.min(m.run_requested_ms, m.next_run_ms)
            : m.next_run_ms;
      if (next === null || at < next) next = at;
    }
    return next;
  }

  async close(): Promise<void> {}
}

const isPaused = (m: StoredMonitor): boolean => m.paused_at != null;

/** Not paused, and due or asked for with no run in progress, or a run whose lease ran out. */
function mustRun(m: StoredMonitor, nowMs: number): boolean {
  if (isPaused(m)) return false;
  if (m.lease_until_ms !== null) return m.lease_until_ms < nowMs;
  return m.next_run_ms <= nowMs || m.run_requested_ms !== null;
}
