/**
 * The counts behind a `traffic` object, in a form that adds up: two aggregates of disjoint lines merge into the
 * aggregate of all of them (per-day partial aggregates give the window's), and `toJSON` / `fromJSON` store one.
 * Keys are names (agents, engines, dates), never positions in a table, so aggregates made by different versions
 * still merge. Bounded: at most PAGE_LIMIT distinct paths per agent and per engine are told apart (hits beyond
 * count in `hits` and `visits`, not under a path), at most OTHER_BOT_LIMIT unlisted bots.
 */
import {
  MAX_PROBLEMS,
  TRAFFIC_PURPOSES,
  zeroPurposes,
  type LogProblem,
  type StatusClass,
  type TrafficPurpose,
  type Verification,
} from '../types.js';

export const PAGE_LIMIT = 20_000;
export const OTHER_BOT_LIMIT = 1_000;

export interface AgentCounts {
  operator: string;
  purpose: TrafficPurpose;
  hits: number;
  verified: number;
  spoofed: number;
  unverified: number;
  statuses: Record<StatusClass, number>;
  /** Milliseconds since the epoch of its latest hit. */
  lastSeen: number;
  pages: Map<string, number>;
}

export interface EngineCounts {
  visits: number;
  landing: Map<string, number>;
}

export interface DayCounts {
  hits: Record<TrafficPurpose, number>;
  referrals: number;
}

export function statusClass(status: number): StatusClass | null {
  return status >= 200 && status < 300
    ? '2xx'
    : status < 400 && status >= 300
      ? '3xx'
      : status >= 400 && status < 500
        ? '4xx'
        : status >= 500 && status < 600
          ? '5xx'
          : null;
}

/** The earlier (later) of two times, NaN meaning none. */
const earliest = (a: number, b: number) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.min(a, b));
const latest = (a: number, b: number) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.max(a, b));

function bump(map: Map<string, number>, key: string, by: number): void {
  const had = map.get(key);
  if (had !== undefined) map.set(key, had + by);
  else if (map.size < PAGE_LIMIT) map.set(key, by);
}

export class TrafficAggregate {
  /** Lines read (blank lines are not lines), counted ones, skipped ones (unreadable, or outside the window or site). */
  lines = 0;
  parsed = 0;
  skipped = 0;
  /** Of the skipped, those that could not be read; `problems` lists the first MAX_PROBLEMS of them. */
  unreadable = 0;
  problems: LogProblem[] = [];
  /** Earliest and latest time of a counted line (ms), NaN before the first. */
  first = NaN;
  last = NaN;
  readonly agents = new Map<string, AgentCounts>();
  readonly engines = new Map<string, EngineCounts>();
  /** Per UTC day (`YYYY-MM-DD`). */
  readonly days = new Map<string, DayCounts>();
  /** User agents that call themselves bots but are not in the table: how often each was seen. */
  readonly otherBots = new Map<string, number>();

  problem(line: number, reason: string): void {
    this.unreadable++;
    this.skipped++;
    if (this.problems.length < MAX_PROBLEMS) this.problems.push({ line, reason });
  }

  /** A line that was read and counts (inside the window and site). */
  counted(time: number): void {
    this.parsed++;
    if (!(time >= this.first)) this.first = time;
    if (!(time <= this.last)) this.last = time;
  }

  agent(name: string, operator: string, purpose: TrafficPurpose): AgentCounts {
    let a = this.agents.get(name);
    if (!a) {
      a = {
        operator,
        purpose,
        hits: 0,
        verified: 0,
        spoofed: 0,
        unverified: 0,
        statuses: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 },
        lastSeen: NaN,
        pages: new Map(),
      };
      this.agents.set(name, a);
    }
    return a;
  }

  day(date: string): DayCounts {
    let d = this.days.get(date);
    if (!d) {
      d = { hits: zeroPurposes(), referrals: 0 };
      this.days.set(date, d);
    }
    return d;
  }

  /** One hit of an agent on a path (query stripped), on `date`. */
  hit(a: AgentCounts, path: string, status: number, time: number, verification: Verification, day: DayCounts): void {
    a.hits++;
    a[verification]++;
    const cls = statusClass(status);
    if (cls) a.statuses[cls]++;
    if (!(time <= a.lastSeen)) a.lastSeen = time;
    if (path) bump(a.pages, path, 1);
    day.hits[a.purpose]++;
  }

  referral(engine: string, landing: string, day: DayCounts): void {
    let e = this.engines.get(engine);
    if (!e) {
      e = { visits: 0, landing: new Map() };
      this.engines.set(engine, e);
    }
    e.visits++;
    if (landing) bump(e.landing, landing, 1);
    day.referrals++;
  }

  otherBot(userAgent: string): void {
    const n = this.otherBots.get(userAgent);
    if (n !== undefined) this.otherBots.set(userAgent, n + 1);
    else if (this.otherBots.size < OTHER_BOT_LIMIT) this.otherBots.set(userAgent, 1);
  }

  /** Adds another aggregate's counts to this one (the lines they counted must be different lines). */
  merge(other: TrafficAggregate): this {
    this.lines += other.lines;
    this.parsed += other.parsed;
    this.skipped += other.skipped;
    this.unreadable += other.unreadable;
    for (const p of other.problems) if (this.problems.length < MAX_PROBLEMS) this.problems.push({ ...p });
    this.first = earliest(this.first, other.first);
    this.last = latest(this.last, other.last);
    for (const [name, a] of other.agents) mergeAgent(this.agent(name, a.operator, a.purpose), a);
    for (const [name, e] of other.engines) {
      const mine = this.engines.get(name) ?? { visits: 0, landing: new Map<string, number>() };
      mine.visits += e.visits;
      for (const [path, n] of e.landing) bump(mine.landing, path, n);
      this.engines.set(name, mine);
    }
    for (const [date, d] of other.days) {
      const mine = this.day(date);
      for (const p of TRAFFIC_PURPOSES) mine.hits[p] += d.hits[p];
      mine.referrals += d.referrals;
    }
    for (const [ua, n] of other.otherBots) {
      const had = this.otherBots.get(ua);
      if (had !== undefined || this.otherBots.size < OTHER_BOT_LIMIT) this.otherBots.set(ua, (had ?? 0) + n);
    }
    return this;
  }
}

function mergeAgent(mine: AgentCounts, a: AgentCounts): void {
  mine.hits += a.hits;
  mine.verified += a.verified;
  mine.spoofed += a.spoofed;
  mine.unverified += a.unverified;
  for (const cls of Object.keys(a.statuses) as StatusClass[]) mine.statuses[cls] += a.statuses[cls];
  mine.lastSeen = latest(mine.lastSeen, a.lastSeen);
  for (const [path, n] of a.pages) bump(mine.pages, path, n);
}
