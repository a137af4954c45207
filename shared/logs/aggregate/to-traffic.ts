/**
 * The `traffic` object (shared/schema/traffic.ts) of an aggregate: agents by hits, the six purposes in their
 * fixed order, engines by visits with their ten first landing pages, the twenty pages AI agents fetched most, one
 * series row per UTC day from the first to the last (days without lines are zeros), and the problems.
 */
import type { Traffic } from '../../schema/traffic.js';
import { TRAFFIC_PURPOSES, type TrafficPurpose } from '../types.js';
import type { TrafficAggregate } from './traffic-aggregate.js';

export const TOP_PAGES = 20;
export const LANDING_PAGES = 10;
/** Series rows at most: a window longer than this keeps its latest days. */
export const SERIES_DAYS = 3_660;

export interface TrafficWindow {
  site: string | null;
  /** The window asked for (ms), NaN when open. */
  since: number;
  until: number;
}

const iso = (ms: number) => (Number.isNaN(ms) ? null : new Date(ms).toISOString());
const byCountThenName = <T extends { n: number; key: string }>(a: T, b: T) => b.n - a.n || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

function top(map: ReadonlyMap<string, number>, limit: number): [string, number][] {
  return [...map]
    .map(([key, n]) => ({ key, n }))
    .sort(byCountThenName)
    .slice(0, limit)
    .map(({ key, n }) => [key, n]);
}

export function toTraffic(a: TrafficAggregate, window: TrafficWindow): Traffic {
  const since = Number.isNaN(window.since) ? a.first : window.since;
  const until = Number.isNaN(window.until) ? a.last : window.until;
  const agents = [...a.agents]
    .map(([agent, c]) => ({ key: agent, n: c.hits, agent, c }))
    .sort(byCountThenName)
    .map(({ agent, c }) => ({
      agent,
      operator: c.operator,
      purpose: c.purpose,
      hits: c.hits,
      verified: c.verified,
      spoofed: c.spoofed,
      unverified: c.unverified,
      pages: c.pages.size,
      statuses: { ...c.statuses },
      last_seen: iso(c.lastSeen) ?? new Date(0).toISOString(),
    }));
  const purposes = TRAFFIC_PURPOSES.map((purpose) => ({
    purpose,
    hits: agents.filter((x) => x.purpose === purpose).reduce((s, x) => s + x.hits, 0),
  }));
  const referrals = [...a.engines]
    .map(([engine, e]) => ({ key: engine, n: e.visits, engine, e }))
    .sort(byCountThenName)
    .map(({ engine, e }) => ({
      engine,
      visits: e.visits,
      landing_pages: top(e.landing, LANDING_PAGES).map(([path, visits]) => ({ path, visits })),
    }));
  return {
    site: window.site,
    since: iso(since),
    until: iso(until),
    lines: a.lines,
    parsed: a.parsed,
    skipped: a.skipped,
    agents,
    purposes,
    referrals,
    top_pages: topPages(a),
    series: series(a),
    problems: a.problems.map((p) => ({ ...p })),
  };
}

function topPages(a: TrafficAggregate): Traffic['top_pages'] {
  const pages = new Map<string, { hits: number; agents: number }>();
  for (const c of a.agents.values()) {
    for (const [path, n] of c.pages) {
      const p = pages.get(path);
      if (p) {
        p.hits += n;
        p.agents++;
      } else pages.set(path, { hits: n, agents: 1 });
    }
  }
  return [...pages]
    .map(([key, p]) => ({ key, n: p.hits, p }))
    .sort(byCountThenName)
    .slice(0, TOP_PAGES)
    .map(({ key, p }) => ({ path: key, hits: p.hits, agents: p.agents }));
}

const DAY_MS = 86_400_000;

function series(a: TrafficAggregate): Traffic['series'] {
  const dates = [...a.days.keys()].sort();
  const dayOf = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
  const first = Number.isNaN(a.first) ? (dates[0] ? Date.parse(`${dates[0]}T00:00:00Z`) : NaN) : dayOf(a.first);
  const last = Number.isNaN(a.last) ? (dates.length ? Date.parse(`${dates[dates.length - 1]}T00:00:00Z`) : NaN) : dayOf(a.last);
  if (Number.isNaN(first) || Number.isNaN(last)) return [];
  const start = Math.max(first, last - (SERIES_DAYS - 1) * DAY_MS);
  const rows: Traffic['series'] = [];
  for (let t = start; t <= last; t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    const d = a.days.get(date);
    const hits = Object.fromEntries(TRAFFIC_PURPOSES.map((p) => [p, d?.hits[p] ?? 0])) as Record<TrafficPurpose, number>;
    rows.push({ date, hits_by_purpose: hits, referrals: d?.referrals ?? 0 });
  }
  return rows;
}
