import { agentRequest } from '../crawlers/agent-requests.js';

/** The user agents gather fetches with: a browser, and the AI agents the page is probed as (agent-probes.ts). */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Citable/0.1 (+https://citable.dev/bot)';

/** One AI agent the page is fetched as: its robots.txt token, and the User-Agent and headers it sends (crawlers/agent-requests.ts). */
export interface ProbeAgent {
  token: string;
  userAgent: string;
  headers: Readonly<Record<string, string>>;
}

/** The probe for `token`, as its operator documents its requests; null for a token that sends none. */
export function probeAgent(token: string): ProbeAgent | null {
  const request = agentRequest(token);
  return request ? { token, userAgent: request.userAgent, headers: request.headers } : null;
}

function known(token: string): ProbeAgent {
  const agent = probeAgent(token);
  if (!agent) throw new Error(`no request is documented for ${token} (shared/crawlers/agent-requests.ts)`);
  return agent;
}

/** An AI search crawler (ChatGPT search). */
export const SEARCH_AGENT: ProbeAgent = known('OAI-SearchBot');
/** A user-triggered agent (ChatGPT fetching a page someone asked about). */
export const USER_AGENT_AGENT: ProbeAgent = known('ChatGPT-User');
/** A training crawler: the kind bot protection blocks by default, so its answer is worth knowing apart. */
export const TRAINING_AGENT: ProbeAgent = known('GPTBot');
/** A second operator's user-triggered agent, so one vendor's allow-list entry does not stand for all. */
export const SECOND_USER_AGENT: ProbeAgent = known('Claude-User');
export const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
