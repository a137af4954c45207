import type { CrawlerPurpose } from '../types/audit.js';

export interface CrawlerAgent {
  /** Robots.txt product token, as the operator spells it. */
  agent: string;
  operator: string;
  purpose: CrawlerPurpose;
  /** What the agent feeds, for issue texts ("ChatGPT search"). */
  feeds: string;
}

/**
 * The AI-relevant agents judged per purpose (docs/research/crawlers.md#agents; docs/api-decisions.md#audit-object). Beyond the contract's list: DuckAssistBot (DuckDuckGo's AI answers, an AI-search
 * crawler in squirrelscan's taxonomy), MistralAI-User (Le Chat's live fetches) and Amazonbot
 * (Amazon says its crawl may train its models; squirrelscan classes it as training). Checked against
 * ai-robots-txt's robots.json (2026-08) and the operators' pages, 2026 adds Meta-WebIndexer (Meta AI search
 * citations, per Meta's crawler page), Amzn-SearchBot (search in Alexa and Rufus; Amazon says it does not
 * train) and Amzn-User (live fetches for Alexa answers; honours robots.txt). Left out on purpose: user-triggered
 * fetchers whose operators say they generally ignore robots.txt (Google-Agent, Meta-ExternalFetcher), where a
 * robots.txt verdict would report a block that does not happen (docs/agent-web.md).
 */
export const CRAWLER_AGENTS: readonly CrawlerAgent[] = [
  { agent: 'GPTBot', operator: 'OpenAI', purpose: 'training', feeds: 'OpenAI model training' },
  { agent: 'OAI-SearchBot', operator: 'OpenAI', purpose: 'search', feeds: 'ChatGPT search' },
  { agent: 'ChatGPT-User', operator: 'OpenAI', purpose: 'user', feeds: 'ChatGPT' },
  { agent: 'ClaudeBot', operator: 'Anthropic', purpose: 'training', feeds: 'Anthropic model training' },
  { agent: 'Claude-SearchBot', operator: 'Anthropic', purpose: 'search', feeds: 'Claude search' },
  { agent: 'Claude-User', operator: 'Anthropic', purpose: 'user', feeds: 'Claude' },
  { agent: 'PerplexityBot', operator: 'Perplexity', purpose: 'search', feeds: 'Perplexity' },
  { agent: 'Perplexity-User', operator: 'Perplexity', purpose: 'user', feeds: 'Perplexity' },
  { agent: 'Google-Extended', operator: 'Google', purpose: 'training', feeds: 'Gemini training and grounding' },
  { agent: 'Googlebot', operator: 'Google', purpose: 'search', feeds: 'Google Search and AI Overviews' },
  { agent: 'Bingbot', operator: 'Microsoft', purpose: 'search', feeds: 'Bing and Copilot' },
  { agent: 'Applebot', operator: 'Apple', purpose: 'search', feeds: 'Siri, Spotlight and Safari' },
  { agent: 'Applebot-Extended', operator: 'Apple', purpose: 'training', feeds: 'Apple model training' },
  { agent: 'DuckAssistBot', operator: 'DuckDuckGo', purpose: 'search', feeds: 'DuckDuckGo AI answers' },
  { agent: 'Meta-WebIndexer', operator: 'Meta', purpose: 'search', feeds: 'Meta AI search' },
  { agent: 'Amzn-SearchBot', operator: 'Amazon', purpose: 'search', feeds: 'Alexa and Rufus search' },
  { agent: 'MistralAI-User', operator: 'Mistral AI', purpose: 'user', feeds: 'Le Chat' },
  { agent: 'Amzn-User', operator: 'Amazon', purpose: 'user', feeds: 'Alexa' },
  { agent: 'CCBot', operator: 'Common Crawl', purpose: 'archive', feeds: 'the Common Crawl archive' },
  { agent: 'Bytespider', operator: 'ByteDance', purpose: 'training', feeds: 'ByteDance model training' },
  { agent: 'meta-externalagent', operator: 'Meta', purpose: 'training', feeds: 'Meta model training' },
  { agent: 'Amazonbot', operator: 'Amazon', purpose: 'training', feeds: 'Amazon services and model training' },
];

export function agentsWithPurpose(purpose: CrawlerPurpose): CrawlerAgent[] {
  return CRAWLER_AGENTS.filter((a) => a.purpose === purpose);
}

/** Lower-cased tokens of search and user-triggered agents: the ones whose blocking costs citations. */
export const CITING_AGENT_TOKENS: ReadonlySet<string> = new Set(
  CRAWLER_AGENTS.filter((a) => a.purpose === 'search' || a.purpose === 'user').map((a) => a.agent.toLowerCase()),
);
