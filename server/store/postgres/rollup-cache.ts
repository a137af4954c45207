/**
 * Parsed rollups of PostgreSQL's traffic (days and blocks of days, ./traffic-blocks.ts) kept in this process, so
 * a window asked again reads a few row versions instead of a megabyte of JSON. Each entry is checked against its
 * row's `xmin` (the transaction that wrote that version of the row; every update and every re-insert writes a new
 * version with another one) before it is used: a chunk committed by any process makes the rows it touched read
 * again, and nothing else. Bounded: the least recently used entries go first.
 */
import type { DayRollup } from '../rollup/traffic-days.js';

/** Rollups kept per store: a year is at most 17, and a rollup of 200 agents is about a megabyte parsed. */
export const ROLLUP_CACHE_ENTRIES = 96;

export interface CachedRollup {
  /** The row version (`xmin` as text) the rollup was read from. */
  version: string;
  rollup: DayRollup;
  /** Read with its agents' daily hits (a block's `agent_days`). */
  withAgentDays: boolean;
}

export class RollupCache {
  readonly #entries = new Map<string, CachedRollup>();

  constructor(private readonly limit = ROLLUP_CACHE_ENTRIES) {}

  /** The rollup of `key` if it was read from this row version (and with the agents' daily hits when asked). */
  get(key: string, version: string, withAgentDays: boolean): DayRollup | null {
    const hit = this.#entries.get(key);
    if (!hit || hit.version !== version || (withAgentDays && !hit.withAgentDays)) return null;
    this.#entries.delete(key); // most recently used last
    this.#entries.set(key, hit);
    return hit.rollup;
  }

  set(key: string, entry: CachedRollup): void {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.limit) this.#entries.delete(this.#entries.keys().next().value!);
  }

  /** Forgets a project's rollups (it was deleted). */
  dropProject(projectId: string): void {
    for (const key of [...this.#entries.keys()]) if (key.startsWith(`${projectId}|`)) this.#entries.delete(key);
  }
}
