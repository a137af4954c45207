/**
 * Which rule reports what a probed agent was served, so that one fact is counted once
 * (docs/audits.md#what-each-agent-is-served):
 * - `challenge`: challenge.ai-agents-blocked (search and user agents) or challenge.training-agents-blocked (training);
 * - `payment_required`: http.payment-required (search and user agents) or challenge.training-agents-blocked (training);
 * - `blocked`, `rate_limited`, `redirected_away`, `error` of an agent robots.txt allows, while a browser got the
 *   page: access.edge-refuses-allowed-agent, and no other rule;
 * - `different_content` of a search or user agent: access.agent-content-differs;
 * - an agent robots.txt disallows: the robots.* rule of its purpose says so; an edge that refuses it too is a second
 *   barrier, left to the challenge.* rules as before the edge probes (never access.edge-refuses-allowed-agent).
 */
import type { JudgeContext } from '../judge/context.js';
import type { CrawlerPurpose, ServedOutcome } from '../types/audit.js';
import { CRAWLER_AGENTS } from './agents.js';
import { robotsDecisionFor, robotsReading } from './robots-context.js';
import { browserGotPage, servedProbes, type ServedProbe } from './served.js';

/** The outcomes access.edge-refuses-allowed-agent owns. */
export const EDGE_REFUSALS: ReadonlySet<ServedOutcome> = new Set(['blocked', 'rate_limited', 'redirected_away', 'error']);

export interface JudgedProbe extends ServedProbe {
  purpose: CrawlerPurpose;
  robotsAllows: boolean;
}

/** Every probe with its agent's purpose and robots.txt verdict on the audited page. */
export function judgedProbes(ctx: JudgeContext): JudgedProbe[] {
  return ctx.memo('crawlers:judged-probes', () => {
    // robots.txt that was never fetched says nothing: no agent counts as allowed by it.
    const read = robotsReading(ctx).kind !== 'not-checked';
    return servedProbes(ctx).map((p) => ({
      ...p,
      purpose: CRAWLER_AGENTS.find((a) => a.agent.toLowerCase() === p.agent.toLowerCase())?.purpose ?? 'user',
      robotsAllows: read && robotsDecisionFor(ctx, p.agent).allowed,
    }));
  });
}

/** The probes access.edge-refuses-allowed-agent reports: allowed by robots.txt, refused at the edge, the browser served. */
export function edgeRefusals(ctx: JudgeContext): JudgedProbe[] {
  return ctx.memo('crawlers:edge-refusals', () =>
    browserGotPage(ctx) ? judgedProbes(ctx).filter((p) => p.robotsAllows && EDGE_REFUSALS.has(p.served.outcome) && !ranOutOfTime(p)) : [],
  );
}

/** True when access.edge-refuses-allowed-agent reports this agent: no other rule reports it again. */
export function reportedAsEdgeRefusal(ctx: JudgeContext, agent: string): boolean {
  return edgeRefusals(ctx).some((p) => p.agent.toLowerCase() === agent.toLowerCase());
}

/** The audit's own deadline (or cancellation) cut the probe: nothing the site did. */
function ranOutOfTime(p: ServedProbe): boolean {
  const code = p.resource.error?.code;
  return code === 'deadline' || code === 'aborted';
}
