import { CRAWLER_AGENTS } from './agents.js';
import { agentRequest } from './agent-requests.js';

/** `POST /audits` `agents`: which agents the page is fetched as. */
export const AGENT_SELECTIONS = ['sample', 'all'] as const;
export type AgentSelection = (typeof AGENT_SELECTIONS)[number];
export const DEFAULT_AGENT_SELECTION: AgentSelection = 'sample';

export function isAgentSelection(value: unknown): value is AgentSelection {
  return (AGENT_SELECTIONS as readonly unknown[]).includes(value);
}

/** At most this many probes in the sample. */
export const MAX_SAMPLE_PROBES = 8;
/** The training crawlers the sample always asks as: the two that bot protection most often turns away by name. */
const SAMPLE_TRAINING = ['GPTBot', 'ClaudeBot'];

/**
 * The agents the page is fetched as, in crawler-table order. `all`: every agent that sends requests (the two
 * robots.txt-only tokens, Google-Extended and Applebot-Extended, have nothing to probe). `sample`: one search or
 * user agent per operator and purpose, in table order, plus GPTBot and ClaudeBot, at most MAX_SAMPLE_PROBES.
 */
export function probedAgents(selection: AgentSelection): string[] {
  const probeable = CRAWLER_AGENTS.filter((a) => agentRequest(a.agent) !== null);
  if (selection === 'all') return probeable.map((a) => a.agent);
  const seen = new Set<string>();
  const citing: string[] = [];
  const room = MAX_SAMPLE_PROBES - SAMPLE_TRAINING.length;
  for (const a of probeable) {
    if (a.purpose !== 'search' && a.purpose !== 'user') continue;
    const key = `${a.operator}\n${a.purpose}`;
    if (seen.has(key) || citing.length >= room) continue;
    seen.add(key);
    citing.push(a.agent);
  }
  const chosen = new Set([...citing, ...SAMPLE_TRAINING]);
  return probeable.map((a) => a.agent).filter((agent) => chosen.has(agent));
}
