/**
 * The address ranges AI and search crawler operators publish, one file per crawler, and where each is
 * published. `citable logs update-ranges` downloads these URLs; shared/logs/agents/agent-classes.ts says which
 * agent each covers. Formats: `prefixes` is the JSON shape Google introduced and the others copied
 * (`{"creationTime": ..., "prefixes": [{"ipv4Prefix": ...}, {"ipv6Prefix": ...}]}`); `text` is a page listing
 * addresses, from which every address or prefix is taken.
 */
export interface RangeSource {
  id: string;
  operator: string;
  /** The crawlers these ranges are for, as the operator names them. */
  crawlers: string;
  url: string;
  format: 'prefixes' | 'text';
}

export const RANGE_SOURCES: readonly RangeSource[] = [
  { id: 'openai-gptbot', operator: 'OpenAI', crawlers: 'GPTBot', url: 'https://openai.com/gptbot.json', format: 'prefixes' },
  { id: 'openai-searchbot', operator: 'OpenAI', crawlers: 'OAI-SearchBot', url: 'https://openai.com/searchbot.json', format: 'prefixes' },
  {
    id: 'openai-chatgpt-user',
    operator: 'OpenAI',
    crawlers: 'ChatGPT-User',
    url: 'https://openai.com/chatgpt-user.json',
    format: 'prefixes',
  },
  {
    id: 'google-common',
    operator: 'Google',
    crawlers: 'Googlebot, GoogleOther and the other common crawlers',
    url: 'https://developers.google.com/static/crawling/ipranges/common-crawlers.json',
    format: 'prefixes',
  },
  {
    id: 'google-special',
    operator: 'Google',
    crawlers: 'special-case crawlers (Google-CloudVertexBot, AdsBot ...)',
    url: 'https://developers.google.com/static/crawling/ipranges/special-crawlers.json',
    format: 'prefixes',
  },
  {
    id: 'google-user-triggered',
    operator: 'Google',
    crawlers: 'user-triggered fetchers (Google-Agent, NotebookLM ...)',
    url: 'https://developers.google.com/static/crawling/ipranges/user-triggered-fetchers.json',
    format: 'prefixes',
  },
  {
    id: 'google-user-triggered-google',
    operator: 'Google',
    crawlers: 'user-triggered fetchers on Google-owned addresses',
    url: 'https://developers.google.com/static/crawling/ipranges/user-triggered-fetchers-google.json',
    format: 'prefixes',
  },
  { id: 'bingbot', operator: 'Microsoft', crawlers: 'Bingbot', url: 'https://www.bing.com/toolbox/bingbot.json', format: 'prefixes' },
  {
    id: 'perplexitybot',
    operator: 'Perplexity',
    crawlers: 'PerplexityBot',
    url: 'https://www.perplexity.ai/perplexitybot.json',
    format: 'prefixes',
  },
  {
    id: 'perplexity-user',
    operator: 'Perplexity',
    crawlers: 'Perplexity-User',
    url: 'https://www.perplexity.ai/perplexity-user.json',
    format: 'prefixes',
  },
  { id: 'applebot', operator: 'Apple', crawlers: 'Applebot', url: 'https://search.developer.apple.com/applebot.json', format: 'prefixes' },
  { id: 'ccbot', operator: 'Common Crawl', crawlers: 'CCBot', url: 'https://index.commoncrawl.org/ccbot.json', format: 'prefixes' },
  {
    id: 'duckduckbot',
    operator: 'DuckDuckGo',
    crawlers: 'DuckDuckBot',
    url: 'https://duckduckgo.com/duckduckbot.json',
    format: 'prefixes',
  },
  {
    id: 'duckassistbot',
    operator: 'DuckDuckGo',
    crawlers: 'DuckAssistBot',
    url: 'https://duckduckgo.com/duckassistbot.json',
    format: 'prefixes',
  },
  {
    id: 'amazonbot',
    operator: 'Amazon',
    crawlers: 'Amazonbot',
    url: 'https://developer.amazon.com/amazonbot/ip-addresses/',
    format: 'text',
  },
  {
    id: 'amzn-searchbot',
    operator: 'Amazon',
    crawlers: 'Amzn-SearchBot',
    url: 'https://developer.amazon.com/amazonbot/searchbot-ip-addresses/',
    format: 'text',
  },
  {
    id: 'amzn-user',
    operator: 'Amazon',
    crawlers: 'Amzn-User',
    url: 'https://developer.amazon.com/amazonbot/live-ip-addresses/',
    format: 'text',
  },
];
