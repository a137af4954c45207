/**
 * The dashboard's Traffic view, as data (docs/extension.md#the-workbench-and-the-dashboard): the window asked of
 * `GET /projects/{id}/traffic`, the hits per period stacked by purpose, the status mix, the agents' rows and
 * an upload's progress. Pure, so the extension tests read it without a browser.
 */
import type { LogIngest, Traffic, TrafficAgent } from '../../../shared/schema/traffic.js';
import { TRAFFIC_PURPOSES, zeroPurposes, type TrafficPurpose } from '../../../shared/logs/types.js';
// Hits per status class over every agent: the same sum as the report's.
export { statusMix } from '../../../shared/report/traffic-figures.js';
import { addDays, periods } from './chart-geometry.js';

/** The windows the view offers, in days. */
export const TRAFFIC_WINDOWS = [7, 30, 90, 365] as const;
export type TrafficWindow = (typeof TRAFFIC_WINDOWS)[number];

/** Columns of the chart per window: a day each for a week, then 5 days, weeks, months. */
const COLUMNS: Record<TrafficWindow, number> = { 7: 7, 30: 6, 90: 13, 365: 12 };

/** The query of a window ending `today` (UTC dates, both days whole). */
export function trafficWindow(days: TrafficWindow, today: string): { since: string; until: string } {
  return { since: addDays(today, -(days - 1)), until: today };
}

export interface PurposePeriod {
  since: string;
  until: string;
  hits: Record<TrafficPurpose, number>;
  referrals: number;
}

/** The window cut into the chart's periods, each with the hits per purpose of its days (days without lines count 0). */
export function purposePeriods(series: Traffic['series'], days: TrafficWindow, today: string): PurposePeriod[] {
  const { since, until } = trafficWindow(days, today);
  const out = periods(since, until, COLUMNS[days]).map((w) => ({ ...w, hits: zeroPurposes(), referrals: 0 }));
  for (const day of series) {
    const period = out.find((w) => w.since <= day.date && day.date <= w.until);
    if (!period) continue;
    for (const p of TRAFFIC_PURPOSES) period.hits[p] += day.hits_by_purpose[p];
    period.referrals += day.referrals;
  }
  return out;
}

/** The purposes that have hits in the window, most first (the chart's parts and legend keep this order). */
export function purposesSeen(traffic: Pick<Traffic, 'purposes'>): TrafficPurpose[] {
  return [...traffic.purposes]
    .filter((p) => p.hits > 0)
    .sort((a, b) => b.hits - a.hits)
    .map((p) => p.purpose);
}

/** The figures above the chart: hits, agents, spoofed hits and AI referral visits. */
export function trafficTotals(traffic: Pick<Traffic, 'agents' | 'referrals'>): {
  hits: number;
  agents: number;
  spoofed: number;
  spoofingAgents: number;
  visits: number;
} {
  const sum = (xs: readonly number[]) => xs.reduce((n, x) => n + x, 0);
  return {
    hits: sum(traffic.agents.map((a) => a.hits)),
    agents: traffic.agents.length,
    spoofed: sum(traffic.agents.map((a) => a.spoofed)),
    spoofingAgents: traffic.agents.filter((a) => a.spoofed > 0).length,
    visits: sum(traffic.referrals.map((r) => r.visits)),
  };
}

/** A project with nothing stored: no hit, no visit, no line in the window. */
export function isEmptyTraffic(traffic: Pick<Traffic, 'agents' | 'referrals' | 'lines'>): boolean {
  return traffic.lines === 0 && traffic.agents.length === 0 && traffic.referrals.length === 0;
}

/** The share of an agent's hits that named it from outside its operator's ranges (0 when none). */
export function spoofedShare(agent: Pick<TrafficAgent, 'hits' | 'spoofed'>): number {
  return agent.hits === 0 ? 0 : agent.spoofed / agent.hits;
}

/** How an agent's hits read: `spoofed` when any is, `verified` when every one is, else `mixed` or `unverified`. */
export function verdictOf(
  agent: Pick<TrafficAgent, 'hits' | 'verified' | 'spoofed' | 'unverified'>,
): 'spoofed' | 'verified' | 'unverified' | 'mixed' {
  if (agent.spoofed > 0) return 'spoofed';
  if (agent.hits > 0 && agent.verified === agent.hits) return 'verified';
  if (agent.verified === 0) return 'unverified';
  return 'mixed';
}

/** Referral landing pages as rows: one per engine and page. */
export function landingRows(referrals: Traffic['referrals']): Array<{ engine: string; path: string; visits: number }> {
  return referrals.flatMap((r) => r.landing_pages.map((l) => ({ engine: r.engine, path: l.path, visits: l.visits })));
}

/** Where an upload is; `again`: the project had these bytes already (the API answered 200 with the first ingest). */
export type UploadPhase =
  { phase: 'sending' } | { phase: 'reading'; ingest: LogIngest } | { phase: 'done'; ingest: LogIngest; again?: boolean };

/**
 * An upload's progress as a fraction: none (an indeterminate bar) while the file is sent or before its lines are
 * known; then the lines stored of the lines the file holds; 1 when the ingest is done.
 */
export function uploadFraction(state: UploadPhase, totalLines: number | null): number | null {
  if (state.phase === 'done') return 1;
  if (state.phase === 'sending' || !totalLines) return null;
  return Math.min(0.99, state.ingest.lines / totalLines);
}

/** How long to wait before asking an ingest's progress again: soon at first, then every 2 s. */
export function pollDelay(attempt: number): number {
  return Math.min(2000, 250 * 2 ** attempt);
}

/**
 * The lines of a log file (gzip or plain), counted from its bytes as a stream, for the progress bar. Lines are
 * counted as the server counts them: a last line without a line feed counts too.
 */
export async function countLines(bytes: ReadableStream<Uint8Array>): Promise<number> {
  const reader = bytes.getReader();
  let lines = 0;
  let last = 10;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
    if (value.length > 0) last = value[value.length - 1]!;
  }
  return last === 10 ? lines : lines + 1;
}

/** True when the bytes start as gzip data does (0x1f 0x8b). */
export function isGzip(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}
