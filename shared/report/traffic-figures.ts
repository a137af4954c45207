/**
 * The figures the report's traffic section shows, worked out from a project's `traffic` object (shared/schema/traffic.ts):
 * the window's days with their hits by purpose (days without lines are zeros), the requests refused and spoofed, the
 * status mix, and which one sentence says what the figures mean for the client. Pure: the same in Node and the browser.
 */
import { STATUS_CLASSES, TRAFFIC_PURPOSES, zeroPurposes, zeroStatuses, type StatusClass, type TrafficPurpose } from '../logs/types.js';
import type { ReportTraffic } from './types.js';

const DAY_MS = 86_400_000;
/** A share of requests refused or spoofed that the meaning sentence speaks of first. */
export const NOTABLE_SHARE = 0.1;

export interface TrafficDay {
  date: string;
  hits: Record<TrafficPurpose, number>;
  total: number;
}

/** One row per UTC day from `since` to `until` (at most 366), oldest first. */
export function trafficDays(traffic: ReportTraffic): TrafficDay[] {
  const byDate = new Map(traffic.traffic.series.map((s) => [s.date, s.hits_by_purpose]));
  const first = Date.parse(`${traffic.since}T00:00:00Z`);
  const last = Date.parse(`${traffic.until}T00:00:00Z`);
  const days: TrafficDay[] = [];
  if (Number.isNaN(first) || Number.isNaN(last)) return days;
  for (let ms = Math.max(first, last - 365 * DAY_MS); ms <= last; ms += DAY_MS) {
    const date = new Date(ms).toISOString().slice(0, 10);
    const hits = { ...zeroPurposes(), ...byDate.get(date) };
    days.push({ date, hits, total: TRAFFIC_PURPOSES.reduce((s, p) => s + hits[p], 0) });
  }
  return days;
}

export interface TrafficTotals {
  hits: number;
  verified: number;
  spoofed: number;
  /** Answered 4xx or 5xx. */
  refused: number;
  statuses: Record<StatusClass, number>;
  visits: number;
}

/** Requests per status class over every agent. */
export function statusMix(agents: readonly { statuses: Record<StatusClass, number> }[]): Record<StatusClass, number> {
  const mix = zeroStatuses();
  for (const a of agents) for (const c of STATUS_CLASSES) mix[c] += a.statuses[c];
  return mix;
}

export function trafficTotals(traffic: ReportTraffic): TrafficTotals {
  const statuses = statusMix(traffic.traffic.agents);
  let [hits, verified, spoofed] = [0, 0, 0];
  for (const a of traffic.traffic.agents) {
    hits += a.hits;
    verified += a.verified;
    spoofed += a.spoofed;
  }
  const visits = traffic.traffic.referrals.reduce((s, r) => s + r.visits, 0);
  return { hits, verified, spoofed, refused: statuses['4xx'] + statuses['5xx'], statuses, visits };
}

/** An agent's requests answered 4xx or 5xx, 0 to 1. */
export function refusedShare(agent: { hits: number; statuses: Record<StatusClass, number> }): number {
  return agent.hits > 0 ? (agent.statuses['4xx'] + agent.statuses['5xx']) / agent.hits : 0;
}

/** Whether the section has anything to show: an AI agent's request or a visit from an answer engine in the window. */
export function hasTraffic(traffic: ReportTraffic | null | undefined): traffic is ReportTraffic {
  return Boolean(traffic && (traffic.traffic.agents.some((a) => a.hits > 0) || traffic.traffic.referrals.some((r) => r.visits > 0)));
}

export type TrafficMeaning =
  | { kind: 'refused'; share: number }
  | { kind: 'spoofed'; share: number }
  | { kind: 'notFetched'; count: number }
  | { kind: 'referrals'; count: number }
  | { kind: 'noReferrals' }
  | { kind: 'referralsOnly'; count: number };

/**
 * What matters most for the client, first that applies: crawlers refused often (they cannot use what they cannot
 * read), many requests under a borrowed name, pages of the audit no crawler read, then whether people arrive.
 */
export function trafficMeaning(traffic: ReportTraffic, totals: TrafficTotals = trafficTotals(traffic)): TrafficMeaning {
  if (totals.hits === 0) return { kind: 'referralsOnly', count: totals.visits };
  if (totals.refused / totals.hits >= NOTABLE_SHARE) return { kind: 'refused', share: totals.refused / totals.hits };
  if (totals.spoofed / totals.hits >= NOTABLE_SHARE) return { kind: 'spoofed', share: totals.spoofed / totals.hits };
  if (traffic.notFetched && traffic.notFetched.pages > 0) return { kind: 'notFetched', count: traffic.notFetched.pages };
  return totals.visits > 0 ? { kind: 'referrals', count: totals.visits } : { kind: 'noReferrals' };
}
