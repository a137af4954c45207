/**
 * The `traffic` object (shared/schema/traffic.ts) of an aggregate: agents by hits, the six purposes in their
 * fixed order, engines by visits with their ten first landing pages, the twenty pages AI agents fetched most, one
 * series row per UTC day from the first to the last (days without lines are zeros), and the problems.
 */
import type { Traffic } from '../../schema/traffic.js';
import { TRAFFIC_PURPOSES, type TrafficPurpose } from '../types.js';
import { TopN, topEntries } from './top-n.js';
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
      landing_pages: topEntries(e.landing, LANDING_PAGES).map(([path, visits]) => ({ path, visits })),
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
  // Two maps of numbers (no object per path): a year has tens of thousands of paths.
  const hits = new Map<string, number>();
  const agents = new Map<string, number>();
  for (const c of a.agents.values()) {
    for (const [path, n] of c.pages) {
      const had = hits.get(path);
      hits.set(path, (had ?? 0) + n);
      agents.set(path, had === undefined ? 1 : agents.get(path)! + 1);
    }
  }
  const top = new TopN<string>(TOP_PAGES);
  for (const [path, n] of hits) top.offer(path, n, path);
  return top.values().map((path) => ({ path, hits: hits.get(path)!, agents: agents.get(path)! }));
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
