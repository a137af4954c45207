import type { CrawlerVerdict } from '../types/audit.js';
import type { JudgeContext } from '../judge/context.js';
import { CRAWLER_AGENTS } from './agents.js';
import { robotsDecisionFor } from './robots-context.js';
import { accessSummary } from './agent-fetches.js';
import { servedProbes } from './served.js';

/**
 * The audit's `crawlers` member (docs/api-decisions.md#audit-object): one entry per agent with the RFC 9309
 * verdict for the audited page, plus what the page answered for the agents it was fetched as (`served`).
 */
export function crawlerVerdicts(ctx: JudgeContext): CrawlerVerdict[] {
  const fetched = accessSummary(ctx).agents;
  const served = new Map(servedProbes(ctx).map((p) => [p.agent.toLowerCase(), p.served]));
  return CRAWLER_AGENTS.map((a): CrawlerVerdict => {
    const verdict: CrawlerVerdict = {
      agent: a.agent,
      operator: a.operator,
      purpose: a.purpose,
      robots: robotsDecisionFor(ctx, a.agent).allowed ? 'allowed' : 'blocked',
      served: null,
    };
    const fetch = fetched.find((f) => f.agent.toLowerCase() === a.agent.toLowerCase());
    if (fetch) {
      if (fetch.resource.status > 0) verdict.http_status = fetch.resource.status;
      verdict.challenged = fetch.blocked;
    }
    verdict.served = served.get(a.agent.toLowerCase()) ?? null;
    return verdict;
  });
}
