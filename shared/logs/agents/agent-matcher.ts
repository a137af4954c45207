/**
 * Which agent a user agent names, in one pass over the string: a token index keyed by the first two characters
 * (lower-cased) finds the candidates at each word start, so the cost does not grow with the table. A token counts
 * as a whole word (`GPTBot/1.3`, `compatible; ClaudeBot`, not `Applebot-Extended` for Applebot); `exact` tokens
 * also need their spelling and a version (`Cursor/1.2`). When several agents match, the most specific purpose wins
 * (a coding agent's `Claude-User (claude-code/2.1)` is Claude Code), then the earliest in the string.
 */
import type { TrafficPurpose } from '../types.js';
import { LOG_AGENTS, type LogAgent } from './log-agents.js';

/** `match` for a user agent that names no agent of the table but calls itself a bot, crawler or spider. */
export const OTHER_BOT = -2;
/** `match` for anything else (people's browsers, tools that do not say what they are). */
export const NO_AGENT = -1;

const RANK: Readonly<Record<TrafficPurpose, number>> = {
  coding_agent: 0,
  agentic_browser: 1,
  user: 2,
  search: 3,
  archive: 4,
  training: 5,
};

interface Candidate {
  lower: string;
  text: string;
  exact: boolean;
  agent: number;
  rank: number;
}

const SELF_DECLARED_BOT = /bot\b|bot\/|crawl|spider|scraper|fetcher/i;

/** Letters, digits, `_` and `-` continue a token: a token must start and end at something else. */
function isWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}

export class AgentMatcher {
  private readonly index = new Map<number, Candidate[]>();

  constructor(readonly agents: readonly LogAgent[] = LOG_AGENTS) {
    agents.forEach((agent, i) => {
      for (const token of agent.tokens) {
        const lower = token.text.toLowerCase();
        const key = (lower.charCodeAt(0) << 16) | lower.charCodeAt(1);
        const list = this.index.get(key) ?? [];
        list.push({ lower, text: token.text, exact: token.exact, agent: i, rank: RANK[agent.purpose] });
        this.index.set(key, list);
      }
    });
  }

  /** The index in `agents` of the agent `userAgent` names, else OTHER_BOT or NO_AGENT. */
  match(userAgent: string): number {
    const lower = userAgent.toLowerCase();
    let best: Candidate | null = null;
    for (let i = 0; i + 1 < lower.length; i++) {
      if (i > 0 && isWordCode(lower.charCodeAt(i - 1))) continue;
      const list = this.index.get((lower.charCodeAt(i) << 16) | lower.charCodeAt(i + 1));
      if (!list) continue;
      for (const c of list) {
        if (best && c.rank >= best.rank) continue;
        if (this.matchesAt(userAgent, lower, i, c)) best = c;
      }
    }
    if (best) return best.agent;
    return SELF_DECLARED_BOT.test(userAgent) ? OTHER_BOT : NO_AGENT;
  }

  private matchesAt(userAgent: string, lower: string, at: number, c: Candidate): boolean {
    if (!lower.startsWith(c.lower, at)) return false;
    const end = at + c.lower.length;
    if (end < lower.length && isWordCode(lower.charCodeAt(end))) return false;
    if (!c.exact) return true;
    return userAgent.startsWith(c.text, at) && userAgent.charCodeAt(end) === 47;
  }
}
