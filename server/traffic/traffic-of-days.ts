/**
 * The `traffic` object of a project's stored rollups (days and blocks of days covering the window, see
 * ../store/rollup/traffic-blocks.ts): added up (as the CLI adds up the lines of its files) and turned into the
 * same object `citable logs --json` prints, filtered to one agent or one purpose when asked. Referrals are
 * people's visits, so the agent and purpose filters leave them whole. The stored JSON is added straight into one
 * aggregate (no aggregate per rollup): a year is at most 17 rollups, read in a few tens of milliseconds.
 */
import type { AggregateJson } from '../../shared/logs/aggregate/aggregate-json.js';
import { toTraffic } from '../../shared/logs/aggregate/to-traffic.js';
import { PAGE_LIMIT, OTHER_BOT_LIMIT, TrafficAggregate } from '../../shared/logs/aggregate/traffic-aggregate.js';
import { MAX_PROBLEMS, TRAFFIC_PURPOSES, type StatusClass, type TrafficPurpose } from '../../shared/logs/types.js';
import type { Traffic } from '../../shared/schema/traffic.js';
import { agentDaysOf, type BlockRef } from '../store/rollup/traffic-blocks.js';
import type { DayRollup } from '../store/rollup/traffic-days.js';

export interface TrafficFilter {
  /** Agent name, compared case-insensitively. */
  agent: string | null;
  purpose: TrafficPurpose | null;
}

/** A day or a block of days of the window. */
export type WindowRollup = BlockRef & { rollup: DayRollup };

const STATUS_CLASSES: readonly StatusClass[] = ['2xx', '3xx', '4xx', '5xx'];
const later = (a: number, b: number | null) => (b === null ? a : Number.isNaN(a) ? b : Math.max(a, b));
const earlier = (a: number, b: number | null) => (b === null ? a : Number.isNaN(a) ? b : Math.min(a, b));

function bump(map: Map<string, number>, entries: readonly [string, number][]): void {
  for (const [key, n] of entries) {
    const had = map.get(key);
    if (had !== undefined) map.set(key, had + n);
    else if (map.size < PAGE_LIMIT) map.set(key, n);
  }
}

/** Adds the agents of one stored aggregate the filter keeps; answers them (their names). */
function addAgents(total: TrafficAggregate, json: AggregateJson, keep: (name: string, purpose: TrafficPurpose) => boolean): void {
  for (const [name, c] of json.agents) {
    if (!keep(name, c.purpose)) continue;
    const mine = total.agent(name, c.operator, c.purpose);
    mine.hits += c.hits;
    mine.verified += c.verified;
    mine.spoofed += c.spoofed;
    mine.unverified += c.unverified;
    for (const cls of STATUS_CLASSES) mine.statuses[cls] += c.statuses[cls] ?? 0;
    mine.lastSeen = later(mine.lastSeen, c.last_seen);
    bump(mine.pages, c.pages);
  }
}

/** Adds one stored rollup to the total: the agents the filter keeps, and the day series recounted from them when filtered. */
function addRollup(total: TrafficAggregate, block: WindowRollup, filter: TrafficFilter): void {
  const json = block.rollup.counts;
  total.lines += json.lines;
  total.parsed += json.parsed;
  total.first = earlier(total.first, json.first);
  total.last = later(total.last, json.last);
  const agent = filter.agent?.toLowerCase();
  const keep = (name: string, purpose: TrafficPurpose) =>
    (!agent || name.toLowerCase() === agent) && (!filter.purpose || purpose === filter.purpose);
  addAgents(total, json, keep);
  for (const [name, e] of json.engines) {
    let mine = total.engines.get(name);
    if (!mine) total.engines.set(name, (mine = { visits: 0, landing: new Map() }));
    mine.visits += e.visits;
    bump(mine.landing, e.landing);
  }
  const filtered = Boolean(agent || filter.purpose);
  for (const [date, d] of json.days) {
    const mine = total.day(date);
    if (!filtered) for (const p of TRAFFIC_PURPOSES) mine.hits[p] += d.hits[p] ?? 0;
    mine.referrals += d.referrals;
  }
  if (filtered) {
    const agentDays = agentDaysOf(block, block.rollup);
    for (const [name, c] of json.agents) {
      if (!keep(name, c.purpose)) continue;
      for (const [date, hits] of agentDays[name] ?? []) total.day(date).hits[c.purpose] += hits;
    }
  }
  for (const [ua, n] of json.other_bots) {
    const had = total.otherBots.get(ua);
    if (had !== undefined || total.otherBots.size < OTHER_BOT_LIMIT) total.otherBots.set(ua, (had ?? 0) + n);
  }
  for (const p of json.problems) if (total.problems.length < MAX_PROBLEMS) total.problems.push({ ...p });
}

export function trafficOfDays(days: readonly WindowRollup[], window: { since: number; until: number }, filter: TrafficFilter): Traffic {
  return countsOfDays(days, window, filter).traffic;
}

/** The traffic and the aggregate it was made of (the joins read its agents' page counts). */
export function countsOfDays(
  days: readonly WindowRollup[],
  window: { since: number; until: number },
  filter: TrafficFilter,
): { traffic: Traffic; counts: TrafficAggregate } {
  const total = new TrafficAggregate();
  const distinct = new Map<string, number>();
  for (const day of days) {
    addRollup(total, day, filter);
    for (const [name, n] of Object.entries(day.rollup.distinct)) distinct.set(name, Math.max(distinct.get(name) ?? 0, n));
  }
  const traffic = toTraffic(total, { site: null, since: window.since, until: window.until });
  // Page lists are the days' busiest pages: an agent fetched at least as many distinct paths as on its busiest day.
  for (const a of traffic.agents) a.pages = Math.max(a.pages, distinct.get(a.agent) ?? 0);
  return { traffic: { ...traffic, skipped: 0, lines: traffic.parsed, problems: [] }, counts: total };
}
