/**
 * The `traffic` object of a project's stored daily rollups: the days of the window added up (as the CLI adds up
 * the lines of its files) and turned into the same object `citable logs --json` prints, filtered to one agent or
 * one purpose when asked. Referrals are people's visits, so the agent and purpose filters leave them whole.
 */
import { aggregateFromJson } from '../../shared/logs/aggregate/aggregate-json.js';
import { toTraffic } from '../../shared/logs/aggregate/to-traffic.js';
import { TrafficAggregate } from '../../shared/logs/aggregate/traffic-aggregate.js';
import { TRAFFIC_PURPOSES, type TrafficPurpose } from '../../shared/logs/types.js';
import type { Traffic } from '../../shared/schema/traffic.js';
import type { StoredTrafficDay } from '../store/rollup/traffic-days.js';

export interface TrafficFilter {
  /** Agent name, compared case-insensitively. */
  agent: string | null;
  purpose: TrafficPurpose | null;
}

/** One day's aggregate with only the agents the filter keeps, and its per-purpose hits recounted from them. */
function filtered(day: StoredTrafficDay, filter: TrafficFilter): TrafficAggregate {
  const a = aggregateFromJson(day.rollup.counts);
  if (!filter.agent && !filter.purpose) return a;
  const agent = filter.agent?.toLowerCase();
  for (const [name, c] of a.agents)
    if ((agent && name.toLowerCase() !== agent) || (filter.purpose && c.purpose !== filter.purpose)) a.agents.delete(name);
  for (const d of a.days.values()) for (const p of TRAFFIC_PURPOSES) d.hits[p] = 0;
  const counts = a.day(day.date);
  for (const c of a.agents.values()) counts.hits[c.purpose] += c.hits;
  return a;
}

export function trafficOfDays(days: readonly StoredTrafficDay[], window: { since: number; until: number }, filter: TrafficFilter): Traffic {
  return countsOfDays(days, window, filter).traffic;
}

/** The traffic and the aggregate it was made of (the joins read its agents' page counts). */
export function countsOfDays(
  days: readonly StoredTrafficDay[],
  window: { since: number; until: number },
  filter: TrafficFilter,
): { traffic: Traffic; counts: TrafficAggregate } {
  const total = new TrafficAggregate();
  const distinct = new Map<string, number>();
  for (const day of days) {
    total.merge(filtered(day, filter));
    for (const [name, n] of Object.entries(day.rollup.distinct)) distinct.set(name, Math.max(distinct.get(name) ?? 0, n));
  }
  const traffic = toTraffic(total, { site: null, since: window.since, until: window.until });
  // Page lists are the days' busiest pages: an agent fetched at least as many distinct paths as on its busiest day.
  for (const a of traffic.agents) a.pages = Math.max(a.pages, distinct.get(a.agent) ?? 0);
  return { traffic: { ...traffic, skipped: 0, lines: traffic.parsed, problems: [] }, counts: total };
}
