/** What every generator is given, and what it gives back (the builder adds id, rules, kind and path). */
import type { AgentDiscoveryFile } from '../../types/audit.js';
import type { CrawlPageEntry, FixInputs } from '../inputs.js';
import type { PlannedFix } from '../plan.js';
import type { Fix, FixPolicy } from '../types.js';

export interface GenerateContext {
  planned: PlannedFix;
  inputs: FixInputs;
  policy: FixPolicy;
  /** Paths search and user agents must be able to read: the page and the home page (a crawl adds sampled pages). */
  robotsPaths: string[];
  /** A crawl's audited pages; null for an audit. */
  crawlPages: CrawlPageEntry[] | null;
  /** The agent discovery files the audit found (signals.agent_discovery). */
  agentFiles: AgentDiscoveryFile[];
}

export type FixBody = Pick<Fix, 'title' | 'media_type' | 'content' | 'explanation' | 'preview'>;

/** A generator returns null when it has nothing to offer now (the site does not say what the file would describe). */
export type Generator = (ctx: GenerateContext) => FixBody | null;
