/**
 * Words of AI crawler traffic from access logs (docs/logs.md). The purposes extend the audits' crawler
 * purposes with the two kinds of agent that act for one person at a time: coding agents (Claude Code,
 * Cursor, Gemini CLI ...) and agentic browsers (ChatGPT agent, Operator, Project Mariner ...).
 */
export const TRAFFIC_PURPOSES = ['training', 'search', 'user', 'archive', 'coding_agent', 'agentic_browser'] as const;
export type TrafficPurpose = (typeof TRAFFIC_PURPOSES)[number];
/** A count of 0 for every purpose. */
export const zeroPurposes = (): Record<TrafficPurpose, number> =>
  Object.fromEntries(TRAFFIC_PURPOSES.map((p) => [p, 0])) as Record<TrafficPurpose, number>;

export const LOG_FORMATS = ['combined', 'cloudflare', 'cloudfront', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** What a hit's address says about the agent it claims to be. */
export type Verification = 'verified' | 'spoofed' | 'unverified';

/** The status classes counted per agent. */
export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];
/** A count of 0 for every status class. */
export const zeroStatuses = (): Record<StatusClass, number> =>
  Object.fromEntries(STATUS_CLASSES.map((c) => [c, 0])) as Record<StatusClass, number>;

/** One line that could not be read: its number in its input, and why (the input's name first). */
export interface LogProblem {
  line: number;
  reason: string;
}

/** How many problems a report lists (all of them are counted). */
export const MAX_PROBLEMS = 20;
