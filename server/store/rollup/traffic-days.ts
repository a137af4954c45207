/**
 * Daily traffic rollups, the maths both stores use: a day's counts are a TrafficAggregate stored as JSON
 * (shared/logs/aggregate/aggregate-json.ts) with its page lists cut to the busiest DAY_AGENT_PAGES per agent and
 * DAY_LANDING_PAGES per engine, and each agent's number of distinct paths kept beside them. Totals (hits,
 * verified, spoofed, statuses, visits, series) add up exactly; page lists over a window are those of the days'
 * cuts. Chunks of an upload that touch the same day merge into its row.
 */
import { aggregateFromJson, aggregateToJson, type AggregateJson } from '../../../shared/logs/aggregate/aggregate-json.js';
import { type TrafficAggregate } from '../../../shared/logs/aggregate/traffic-aggregate.js';

export const DAY_AGENT_PAGES = 25;
export const DAY_LANDING_PAGES = 20;
export const DAY_OTHER_BOTS = 50;

export interface DayRollup {
  /** The day's counts, page lists cut. */
  counts: AggregateJson;
  /** Distinct paths each agent fetched that day (before the cut). */
  distinct: Record<string, number>;
  /** In a block of days (./traffic-blocks.ts): each agent's hits per day. */
  agent_days?: Record<string, [string, number][]>;
}

export interface StoredTrafficDay {
  project_id: string;
  /** `YYYY-MM-DD`, UTC. */
  date: string;
  rollup: DayRollup;
}

function topEntries(entries: [string, number][], limit: number): [string, number][] {
  if (entries.length <= limit) return entries;
  return [...entries].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit);
}

/** The rollup of one day's aggregate (from DailyAggregates). */
export function rollupOfAggregate(a: TrafficAggregate): DayRollup {
  const distinct: Record<string, number> = {};
  for (const [name, c] of a.agents) distinct[name] = c.pages.size;
  const json = aggregateToJson(a);
  return {
    counts: {
      ...json,
      lines: json.parsed,
      skipped: 0,
      unreadable: 0,
      problems: [],
      agents: json.agents.map(([name, c]) => [name, { ...c, pages: topEntries(c.pages, DAY_AGENT_PAGES) }]),
      engines: json.engines.map(([name, e]) => [name, { ...e, landing: topEntries(e.landing, DAY_LANDING_PAGES) }]),
      other_bots: topEntries(json.other_bots, DAY_OTHER_BOTS),
    },
    distinct,
  };
}

/** Two rollups of the same day (different lines) as one. */
export function mergeRollups(a: DayRollup, b: DayRollup): DayRollup {
  const merged = rollupOfAggregate(aggregateFromJson(a.counts).merge(aggregateFromJson(b.counts)));
  for (const name of new Set([...Object.keys(a.distinct), ...Object.keys(b.distinct)])) {
    merged.distinct[name] = Math.max(merged.distinct[name] ?? 0, a.distinct[name] ?? 0, b.distinct[name] ?? 0);
  }
  return merged;
}

/** Whether a value read back from storage is a rollup (a damaged record is skipped, never trusted). */
export function isDayRollup(value: unknown): value is DayRollup {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const c = v.counts as Record<string, unknown> | undefined;
  return (
    typeof v.distinct === 'object' &&
    v.distinct !== null &&
    typeof c === 'object' &&
    c !== null &&
    c.version === 1 &&
    Array.isArray(c.agents) &&
    Array.isArray(c.engines) &&
    Array.isArray(c.days)
  );
}
