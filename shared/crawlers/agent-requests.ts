/**
 * How each agent of the crawler table (agents.ts) asks for a page: the User-Agent its operator documents and the
 * request headers it sends, keyed by robots.txt token. The edge probes (shared/gather/agent-probes.ts) send exactly
 * these; docs/research/crawlers.md#requests-as-each-agent-sends-them gives the source and date of each string.
 *
 * `null`: a token only. Google-Extended and Applebot-Extended are read from robots.txt to decide how content that
 * Googlebot or Applebot fetched may be used; no request ever carries them, so there is nothing to probe.
 */
export interface AgentRequest {
  /** The full User-Agent header. */
  userAgent: string;
  /**
   * Request headers besides User-Agent, lower-case names. The operators document none beyond Accept-Encoding (which
   * the fetcher sets), so every probe sends the Accept a browser sends: only the user agent differs from the browser
   * fetch, and a different answer is the user agent's doing.
   */
  headers: Readonly<Record<string, string>>;
  /** `full`: the operator publishes this exact string; `token`: the operator names the token, the string is as logged. */
  published: 'full' | 'token';
}

const ACCEPT = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } as const;

/** A request whose full string the operator publishes. */
const full = (userAgent: string): AgentRequest => ({ userAgent, headers: ACCEPT, published: 'full' });
/** A request whose token the operator publishes, with the string its crawler is logged with. */
const logged = (userAgent: string): AgentRequest => ({ userAgent, headers: ACCEPT, published: 'token' });

/** The Chrome version put where an operator's string says `W.X.Y.Z` (an evergreen crawler's current Chrome). */
const CHROME = '139.0.7258.154';

export const AGENT_REQUESTS: Readonly<Record<string, AgentRequest | null>> = {
  GPTBot: full('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot'),
  'OAI-SearchBot': full(
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36; compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot',
  ),
  'ChatGPT-User': full('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot'),
  ClaudeBot: logged('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)'),
  'Claude-SearchBot': logged(
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +Claude-SearchBot@anthropic.com)',
  ),
  'Claude-User': logged('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)'),
  PerplexityBot: full(
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
  ),
  'Perplexity-User': full(
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)',
  ),
  'Google-Extended': null,
  Googlebot: full(
    `Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${CHROME} Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)`,
  ),
  Bingbot: full(
    `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/${CHROME} Safari/537.36 Edg/${CHROME}`,
  ),
  Applebot: full(
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
  ),
  'Applebot-Extended': null,
  DuckAssistBot: logged('DuckAssistBot/1.1; (+http://duckduckgo.com/duckassistbot.html)'),
  'Meta-WebIndexer': full('meta-webindexer/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)'),
  'Amzn-SearchBot': logged(
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amzn-SearchBot/0.1) Chrome/119.0.6045.214 Safari/537.36',
  ),
  'MistralAI-User': full(
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)',
  ),
  'Amzn-User': logged('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amzn-User/0.1) Chrome/119.0.6045.214 Safari/537.36'),
  CCBot: full('CCBot/2.0 (https://commoncrawl.org/faq/)'),
  Bytespider: logged(
    'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
  ),
  'meta-externalagent': full('meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)'),
  Amazonbot: full(
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36',
  ),
};

/** How `token` asks for a page (case-insensitive), or null when it sends no requests or is not in the table. */
export function agentRequest(token: string): AgentRequest | null {
  const lower = token.toLowerCase();
  for (const [name, request] of Object.entries(AGENT_REQUESTS)) if (name.toLowerCase() === lower) return request;
  return null;
}
