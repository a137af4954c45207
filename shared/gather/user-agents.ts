/** The user agents gather fetches with: a browser, and the AI agents the page is probed as (agent-probes.ts). */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Citable/0.1 (+https://citable.dev/bot)';

/** One AI agent the page is fetched as: its robots.txt token and the User-Agent its operator documents. */
export interface ProbeAgent {
  token: string;
  userAgent: string;
}

/** An AI search crawler (ChatGPT search). */
export const SEARCH_AGENT: ProbeAgent = {
  token: 'OAI-SearchBot',
  userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot',
};
/** A user-triggered agent (ChatGPT fetching a page someone asked about). */
export const USER_AGENT_AGENT: ProbeAgent = {
  token: 'ChatGPT-User',
  userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
};
/** A training crawler: the kind bot protection blocks by default, so its answer is worth knowing apart. */
export const TRAINING_AGENT: ProbeAgent = {
  token: 'GPTBot',
  userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot',
};
/** A second operator's user-triggered agent, so one vendor's allow-list entry does not stand for all. */
export const SECOND_USER_AGENT: ProbeAgent = {
  token: 'Claude-User',
  userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)',
};
export const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
