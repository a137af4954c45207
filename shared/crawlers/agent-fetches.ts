import type { JudgeContext } from '../judge/context.js';
import type { CrawlerPurpose } from '../types/audit.js';
import type { FetchedResource, FetchErrorCode } from '../types/fetcher.js';
import { probedPages } from '../gather/agent-probes.js';
import { detectChallenge, type ChallengeMatch } from '../challenge/detect.js';
import { CRAWLER_AGENTS } from './agents.js';

export interface AgentFetch {
  agent: string;
  /** The agent's purpose in the crawler table: who is turned away decides how much it costs. */
  purpose: CrawlerPurpose;
  resource: FetchedResource;
  challenge: ChallengeMatch | null;
  /** The agent got a challenge, an error status, or a dropped connection the browser did not get. */
  blocked: boolean;
  /** The agent was asked to pay (HTTP 402: pay per crawl, x402) while the browser got the page; not counted as blocked. */
  charged: boolean;
  how: 'challenge' | 'status' | 'connection' | null;
}

/**
 * - `ai-only`: some search or user-triggered AI agent was refused while the browser got the page;
 * - `everyone`: the browser got a challenge too (or no agent fetch ran to compare);
 * - `browser-only`: the browser got a challenge but the AI agents got through;
 * - `none`: nobody was challenged or blocked.
 * Training crawlers are left out of the pattern: turning them away is a legitimate choice, not an access problem.
 */
export type AccessPattern = 'none' | 'ai-only' | 'everyone' | 'browser-only';

export interface AccessSummary {
  browserChallenge: ChallengeMatch | null;
  /** Every agent the page was fetched as, in probe order. */
  agents: AgentFetch[];
  /** The search and user-triggered agents among them: the ones whose access costs citations. */
  citing: AgentFetch[];
  pattern: AccessPattern;
}

/** Connection failures that single out a user agent (a WAF resetting it), unlike timeouts. */
const REFUSAL_ERRORS: ReadonlySet<FetchErrorCode> = new Set(['refused', 'network', 'tls']);

/** Compares the page as fetched by each probed AI agent (shared/gather/agent-probes.ts) with the browser fetch. */
export function accessSummary(ctx: JudgeContext): AccessSummary {
  return ctx.memo('crawlers:access-summary', () => {
    const page = ctx.snapshot.page;
    const browserChallenge = detectChallenge(page);
    const browserOk = !page.error && page.status > 0 && page.status < 400 && !browserChallenge;
    const agents: AgentFetch[] = [];
    for (const { agent, resource } of probedPages(ctx.snapshot)) {
      const challenge = detectChallenge(resource);
      const charged = !challenge && browserOk && !resource.error && resource.status === 402;
      let how: AgentFetch['how'] = null;
      if (challenge) how = 'challenge';
      else if (browserOk && !resource.error && resource.status >= 400 && !charged) how = 'status';
      else if (browserOk && resource.error && REFUSAL_ERRORS.has(resource.error.code)) how = 'connection';
      agents.push({ agent: agent.token, purpose: purposeOf(agent.token), resource, challenge, blocked: how !== null, charged, how });
    }
    const citing = agents.filter((a) => a.purpose === 'search' || a.purpose === 'user');
    const anyBlocked = citing.some((a) => a.blocked);
    let pattern: AccessPattern = 'none';
    if (browserChallenge) pattern = anyBlocked || citing.length === 0 ? 'everyone' : 'browser-only';
    else if (anyBlocked) pattern = 'ai-only';
    return { browserChallenge, agents, citing, pattern };
  });
}

function purposeOf(token: string): CrawlerPurpose {
  return CRAWLER_AGENTS.find((a) => a.agent.toLowerCase() === token.toLowerCase())?.purpose ?? 'user';
}

/** Said wherever a probe's answer is judged: what a user-agent probe cannot show. */
export const PROBE_CAVEAT =
  "These probes send the agents' User-Agent from Citable's own address; rules keyed on verified bot IP ranges or signatures (Web Bot Auth) may treat the real crawlers differently.";
