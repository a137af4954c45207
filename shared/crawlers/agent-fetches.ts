import type { JudgeContext } from '../judge/context.js';
import type { FetchedResource, FetchErrorCode } from '../types/fetcher.js';
import { SEARCH_AGENT, USER_AGENT_AGENT } from '../gather/user-agents.js';
import { detectChallenge, type ChallengeMatch } from '../challenge/detect.js';

export interface AgentFetch {
  agent: string;
  resource: FetchedResource;
  challenge: ChallengeMatch | null;
  /** The agent got a challenge, an error status, or a dropped connection the browser did not get. */
  blocked: boolean;
  how: 'challenge' | 'status' | 'connection' | null;
}

/**
 * - `ai-only`: some AI agent was refused while the browser got the page;
 * - `everyone`: the browser got a challenge too (or no agent fetch ran to compare);
 * - `browser-only`: the browser got a challenge but the AI agents got through;
 * - `none`: nobody was challenged or blocked.
 */
export type AccessPattern = 'none' | 'ai-only' | 'everyone' | 'browser-only';

export interface AccessSummary {
  browserChallenge: ChallengeMatch | null;
  agents: AgentFetch[];
  pattern: AccessPattern;
}

/** Connection failures that single out a user agent (a WAF resetting it), unlike timeouts. */
const REFUSAL_ERRORS: ReadonlySet<FetchErrorCode> = new Set(['refused', 'network', 'tls']);

/** Compares the page as fetched by the AI search agent and the user-triggered agent with the browser fetch. */
export function accessSummary(ctx: JudgeContext): AccessSummary {
  return ctx.memo('crawlers:access-summary', () => {
    const page = ctx.snapshot.page;
    const browserChallenge = detectChallenge(page);
    const browserOk = !page.error && page.status > 0 && page.status < 400 && !browserChallenge;
    const fetched: Array<[string, FetchedResource | null]> = [
      [SEARCH_AGENT.token, ctx.snapshot.pageAsSearchAgent],
      [USER_AGENT_AGENT.token, ctx.snapshot.pageAsUserAgent],
    ];
    const agents: AgentFetch[] = [];
    for (const [agent, resource] of fetched) {
      if (!resource) continue;
      const challenge = detectChallenge(resource);
      let how: AgentFetch['how'] = null;
      if (challenge) how = 'challenge';
      else if (browserOk && !resource.error && resource.status >= 400) how = 'status';
      else if (browserOk && resource.error && REFUSAL_ERRORS.has(resource.error.code)) how = 'connection';
      agents.push({ agent, resource, challenge, blocked: how !== null, how });
    }
    const anyBlocked = agents.some((a) => a.blocked);
    let pattern: AccessPattern = 'none';
    if (browserChallenge) pattern = anyBlocked || agents.length === 0 ? 'everyone' : 'browser-only';
    else if (anyBlocked) pattern = 'ai-only';
    return { browserChallenge, agents, pattern };
  });
}
