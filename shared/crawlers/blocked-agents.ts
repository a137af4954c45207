import type { JudgeContext } from '../judge/context.js';
import type { CrawlerPurpose } from '../types/audit.js';
import type { RobotsDecision } from '../robots/verdict.js';
import { agentsWithPurpose, type CrawlerAgent } from './agents.js';
import { robotsDecisionFor } from './robots-context.js';

export interface BlockedAgent {
  agent: CrawlerAgent;
  decision: RobotsDecision;
}

/** Agents of one purpose that robots.txt disallows on the audited page, in table order. */
export function blockedAgents(ctx: JudgeContext, purpose: CrawlerPurpose): { checked: CrawlerAgent[]; blocked: BlockedAgent[] } {
  const checked = agentsWithPurpose(purpose);
  const blocked: BlockedAgent[] = [];
  for (const agent of checked) {
    const decision = robotsDecisionFor(ctx, agent.agent);
    if (!decision.allowed) blocked.push({ agent, decision });
  }
  return { checked, blocked };
}
