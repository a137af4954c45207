/**
 * A TrafficAggregate as plain JSON and back, for storing partial aggregates (a day's counts) and adding them up
 * later: maps become `[key, value]` lists, times stay milliseconds (null for none).
 */
import { TRAFFIC_PURPOSES, type LogProblem, type StatusClass, type TrafficPurpose } from '../types.js';
import { TrafficAggregate } from './traffic-aggregate.js';

export interface AggregateJson {
  version: 1;
  lines: number;
  parsed: number;
  skipped: number;
  unreadable: number;
  problems: LogProblem[];
  first: number | null;
  last: number | null;
  agents: [
    name: string,
    counts: {
      operator: string;
      purpose: TrafficPurpose;
      hits: number;
      verified: number;
      spoofed: number;
      unverified: number;
      statuses: Record<StatusClass, number>;
      last_seen: number | null;
      pages: [string, number][];
    },
  ][];
  engines: [name: string, counts: { visits: number; landing: [string, number][] }][];
  days: [date: string, counts: { hits: Record<TrafficPurpose, number>; referrals: number }][];
  other_bots: [string, number][];
}

const orNull = (n: number) => (Number.isNaN(n) ? null : n);
const orNaN = (n: number | null) => (n === null ? NaN : n);

export function aggregateToJson(a: TrafficAggregate): AggregateJson {
  return {
    version: 1,
    lines: a.lines,
    parsed: a.parsed,
    skipped: a.skipped,
    unreadable: a.unreadable,
    problems: a.problems.map((p) => ({ ...p })),
    first: orNull(a.first),
    last: orNull(a.last),
    agents: [...a.agents].map(([name, c]) => [
      name,
      {
        operator: c.operator,
        purpose: c.purpose,
        hits: c.hits,
        verified: c.verified,
        spoofed: c.spoofed,
        unverified: c.unverified,
        statuses: { ...c.statuses },
        last_seen: orNull(c.lastSeen),
        pages: [...c.pages],
      },
    ]),
    engines: [...a.engines].map(([name, e]) => [name, { visits: e.visits, landing: [...e.landing] }]),
    days: [...a.days].map(([date, d]) => [date, { hits: { ...d.hits }, referrals: d.referrals }]),
    other_bots: [...a.otherBots],
  };
}

export function aggregateFromJson(json: AggregateJson): TrafficAggregate {
  const a = new TrafficAggregate();
  a.lines = json.lines;
  a.parsed = json.parsed;
  a.skipped = json.skipped;
  a.unreadable = json.unreadable;
  a.problems = json.problems.map((p) => ({ ...p }));
  a.first = orNaN(json.first);
  a.last = orNaN(json.last);
  for (const [name, c] of json.agents) {
    const { last_seen, pages, ...counts } = c;
    a.agents.set(name, { ...counts, statuses: { ...counts.statuses }, lastSeen: orNaN(last_seen), pages: new Map(pages) });
  }
  for (const [name, e] of json.engines) a.engines.set(name, { visits: e.visits, landing: new Map(e.landing) });
  for (const [date, d] of json.days) {
    const day = a.day(date);
    for (const p of TRAFFIC_PURPOSES) day.hits[p] = d.hits[p] ?? 0;
    day.referrals = d.referrals;
  }
  for (const [ua, n] of json.other_bots) a.otherBots.set(ua, n);
  return a;
}
