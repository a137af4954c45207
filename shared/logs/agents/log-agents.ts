/**
 * The crawler table of the log reader: every agent of the ai.robots.txt list (ai-robots-snapshot.ts) and the
 * audits' default table (shared/crawlers/agents.ts, whose operators and purposes win where both name an agent),
 * plus the search crawlers and archives of agent-classes.ts. Audits keep their own, smaller table.
 */
import { CRAWLER_AGENTS } from '../../crawlers/agents.js';
import type { TrafficPurpose } from '../types.js';
import { AI_ROBOTS_AGENTS } from './ai-robots-snapshot.js';
import {
  AGENT_RANGES,
  ALIASES,
  EXTRA_AGENTS,
  EXTRA_TOKENS,
  OPERATOR_OVERRIDES,
  PURPOSE_OVERRIDES,
  VERSIONED_EXACT_TOKENS,
} from './agent-classes.js';

/** A user-agent token: matched case-insensitively as a whole word, unless `exact` (then also followed by `/`). */
export interface AgentToken {
  text: string;
  exact: boolean;
}

export interface LogAgent {
  /** The agent's name as its operator spells it (the robots.txt product token). */
  agent: string;
  operator: string;
  purpose: TrafficPurpose;
  tokens: AgentToken[];
  /** Ids of the published address ranges its requests come from; empty when its operator publishes none. */
  ranges: readonly string[];
}

const UNCLEAR = /^(unclear at this time\.?|unknown|no information provided\.?)$/i;

/** The operator's name out of robots.json's wording: a Markdown link's text, or the words before a description. */
export function operatorName(name: string, raw: string): string {
  const override = OPERATOR_OVERRIDES[name];
  if (override) return override;
  const link = /^\[([^\]]+)\]\(/.exec(raw);
  if (link) return link[1]!;
  if (UNCLEAR.test(raw.trim()) || /^https?:/.test(raw)) return 'unknown';
  const cut = raw.split(/,| that | to | \(|\/| used /)[0]!.trim();
  return cut || 'unknown';
}

/** The purpose robots.json's function text gives, in Citable's words (agent-classes.ts corrects the rest). */
export function purposeOf(name: string, fn: string): TrafficPurpose {
  const override = PURPOSE_OVERRIDES[name];
  if (override) return override;
  if (/AI Coding Agents/i.test(fn)) return 'coding_agent';
  if (/^AI Agents$/i.test(fn.trim())) return 'agentic_browser';
  if (/AI Assistants|user[- ]initiated|user prompts|user queries/i.test(fn)) return 'user';
  if (/\bsearch/i.test(fn)) return 'search';
  return 'training';
}

function tokensOf(name: string, extra: readonly string[] = []): AgentToken[] {
  const exact = VERSIONED_EXACT_TOKENS.has(name);
  return [name, ...extra].map((text) => ({ text, exact }));
}

function buildTable(): LogAgent[] {
  const byKey = new Map<string, LogAgent>();
  const add = (agent: string, operator: string, purpose: TrafficPurpose) => {
    const key = agent.toLowerCase();
    if (byKey.has(key)) return;
    byKey.set(key, { agent, operator, purpose, tokens: tokensOf(agent, EXTRA_TOKENS[agent]), ranges: AGENT_RANGES[agent] ?? [] });
  };
  for (const a of CRAWLER_AGENTS) add(a.agent, a.operator, a.purpose);
  for (const a of EXTRA_AGENTS) add(a.agent, a.operator, a.purpose);
  const aliases: [string, string][] = [];
  for (const [name, operator, fn] of AI_ROBOTS_AGENTS) {
    const target = ALIASES[name];
    if (target) aliases.push([name, target]);
    else add(name, operatorName(name, operator), purposeOf(name, fn));
  }
  for (const [name, target] of aliases) {
    const agent = byKey.get(target.toLowerCase());
    if (agent && !agent.tokens.some((t) => t.text.toLowerCase() === name.toLowerCase())) agent.tokens.push({ text: name, exact: false });
  }
  return [...byKey.values()];
}

/** Every agent the log reader knows, once each (spellings that differ only in case are one agent). */
export const LOG_AGENTS: readonly LogAgent[] = buildTable();
