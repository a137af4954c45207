/** Which agents a robots.txt policy lets in and keeps out. */
import { CRAWLER_AGENTS } from '../../crawlers/agents.js';
import type { FixPolicy } from '../types.js';

export interface PolicyAgent {
  /** The product token as its operator spells it. */
  name: string;
  why: 'search' | 'user' | 'preview' | 'training' | 'archive';
}

/** Meta's link-preview fetcher: user-triggered (a shared link), often caught in copied AI block lists. */
export const PREVIEW_AGENT: PolicyAgent = { name: 'facebookexternalhit', why: 'preview' };

const byPurpose = (...purposes: string[]): PolicyAgent[] =>
  CRAWLER_AGENTS.filter((a) => purposes.includes(a.purpose)).map((a) => ({ name: a.agent, why: a.purpose as PolicyAgent['why'] }));

/** Agents every policy lets in: search, user-triggered and link-preview fetchers; `allow-all` adds training and archive crawlers. */
export function agentsToOpen(policy: FixPolicy): PolicyAgent[] {
  const citing = [...byPurpose('search', 'user'), PREVIEW_AGENT];
  return policy === 'allow-all' ? [...citing, ...byPurpose('training', 'archive')] : citing;
}

/** Agents `block-training` keeps out: training crawlers and the Common Crawl archive that feeds training sets. */
export function agentsToClose(policy: FixPolicy): PolicyAgent[] {
  return policy === 'block-training' ? byPurpose('training', 'archive') : [];
}

/** Every agent the fix judges, for checks that it changed nothing else. */
export const JUDGED_AGENTS: readonly string[] = [...CRAWLER_AGENTS.map((a) => a.agent), PREVIEW_AGENT.name];
