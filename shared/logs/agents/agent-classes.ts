/**
 * How the log reader classes the agents of the ai.robots.txt list (ai-robots-snapshot.ts): the purpose of each
 * (from its function there, corrected where the operator documents otherwise), the operator where the list says
 * "Unclear", the spellings that are one agent, and the agents beyond the list. Reasons per agent: docs/logs.md.
 */
import type { TrafficPurpose } from '../types.js';

/** Purposes the function text of robots.json does not give right. */
export const PURPOSE_OVERRIDES: Readonly<Record<string, TrafficPurpose>> = {
  CCBot: 'archive',
  Applebot: 'search',
  'Applebot-Extended': 'training',
  Amazonbot: 'training',
  'meta-webindexer': 'search',
  'Meta-ExternalFetcher': 'user',
  'meta-externalfetcher': 'user',
  facebookexternalhit: 'user',
  DuckAssistBot: 'search',
  'Claude-Web': 'user',
  'Google-Firebase': 'user',
  Bravebot: 'search',
  ExaBot: 'search',
  TavilyBot: 'search',
  'Aranet-SearchBot': 'search',
  'Querit-SearchBot': 'search',
  QueritBot: 'search',
  iAskBot: 'search',
  iaskspider: 'search',
  'iaskspider/2.0': 'search',
  Lightpanda: 'agentic_browser',
  'Mozilla-Tabstack': 'agentic_browser',
  'SemrushBot-SWA': 'user',
  'SemrushBot-OCOB': 'user',
};

/** Operators where robots.json says "Unclear", names a web page, or describes rather than names. */
export const OPERATOR_OVERRIDES: Readonly<Record<string, string>> = {
  AddSearchBot: 'AddSearch',
  'amazon-QBusiness': 'Amazon',
  'Amzn-SearchBot': 'Amazon',
  ApifyBot: 'Apify',
  ApifyWebsiteContentCrawler: 'Apify',
  Applebot: 'Apple',
  'AzureAI-SearchBot': 'Microsoft',
  Bravebot: 'Brave',
  Brightbot: 'Bright Data',
  'Brightbot 1.0': 'Bright Data',
  Channel3Bot: 'Channel3',
  'ChatGLM-Spider': 'Zhipu AI',
  'Claude-Code': 'Anthropic',
  CloudVertexBot: 'Google',
  Cursor: 'Anysphere',
  Devin: 'Cognition',
  DuckAssistBot: 'DuckDuckGo',
  ExaBot: 'Exa',
  'Gemini-Deep-Research': 'Google',
  'Google-Agent': 'Google',
  'Google-Gemini-CLI': 'Google',
  'Google-NotebookLM': 'Google',
  iAskBot: 'iAsk',
  iaskspider: 'iAsk',
  KunatoCrawler: 'Kunato',
  'laion-huggingface-processor': 'LAION',
  LAIONDownloader: 'LAION',
  Lightpanda: 'Lightpanda (any user of the browser)',
  LinerBot: 'Liner',
  LinkupBot: 'Linkup',
  'Meta-ExternalAgent': 'Meta',
  'meta-externalfetcher': 'Meta',
  'Meta-ExternalFetcher': 'Meta',
  FacebookBot: 'Meta',
  facebookexternalhit: 'Meta',
  'MistralAI-User': 'Mistral AI',
  NotebookLM: 'Google',
  NovaAct: 'Amazon',
  opencode: 'opencode',
  Operator: 'OpenAI',
  PanguBot: 'Huawei',
  'Shap-User': 'Parallel',
  TavilyBot: 'Tavily',
  'Terra Cotta': 'Ceramic AI',
  Trae: 'ByteDance',
  'Webzio-Extended': 'Webz.io',
  'webzio-extended': 'Webz.io',
  WRTNBot: 'Wrtn',
};

/** Names in robots.json that are another spelling of an agent listed before them: the same agent in logs. */
export const ALIASES: Readonly<Record<string, string>> = {
  'Brightbot 1.0': 'Brightbot',
  'iaskspider/2.0': 'iaskspider',
  'MistralAI-User/1.0': 'MistralAI-User',
  'Meta-ExternalAgent': 'meta-externalagent',
  'Meta-ExternalFetcher': 'meta-externalfetcher',
  'webzio-extended': 'Webzio-Extended',
  'Terra Cotta': 'TerraCotta',
  'panscient.com': 'Panscient',
  'quillbot.com': 'QuillBot',
};

/**
 * Tokens so common in other software that only the exact spelling followed by a version (`Cursor/1.2`) counts:
 * "Code" or "Spider" alone appear in many user agents that are not these agents.
 */
export const VERSIONED_EXACT_TOKENS: ReadonlySet<string> = new Set([
  'Code',
  'Spider',
  'Operator',
  'Cursor',
  'Trae',
  'LCC',
  'YaK',
  'OpenAI',
  'Devin',
]);

/** More user-agent tokens of an agent than its name (what its operator documents it sends). */
export const EXTRA_TOKENS: Readonly<Record<string, readonly string[]>> = {
  'ChatGPT Agent': ['ChatGPT-Agent'],
  Googlebot: ['Googlebot-Image', 'Googlebot-Video'],
};

/** Agents beyond the ai.robots.txt list: the search crawlers whose indexes answer engines use, and archives. */
export const EXTRA_AGENTS: readonly { agent: string; operator: string; purpose: TrafficPurpose }[] = [
  { agent: 'Googlebot', operator: 'Google', purpose: 'search' },
  { agent: 'Bingbot', operator: 'Microsoft', purpose: 'search' },
  { agent: 'DuckDuckBot', operator: 'DuckDuckGo', purpose: 'search' },
  { agent: 'archive.org_bot', operator: 'Internet Archive', purpose: 'archive' },
];

/**
 * Which published address ranges (ranges/range-sources.ts) an agent's requests come from. An agent not listed
 * here has no published ranges: its hits are `unverified`.
 */
export const AGENT_RANGES: Readonly<Record<string, readonly string[]>> = {
  GPTBot: ['openai-gptbot'],
  'OAI-SearchBot': ['openai-searchbot'],
  'ChatGPT-User': ['openai-chatgpt-user'],
  Googlebot: ['google-common'],
  GoogleOther: ['google-common'],
  'GoogleOther-Image': ['google-common'],
  'GoogleOther-Video': ['google-common'],
  'Google-CloudVertexBot': ['google-special'],
  'Google-Agent': ['google-user-triggered', 'google-user-triggered-google'],
  'GoogleAgent-URLContext': ['google-user-triggered', 'google-user-triggered-google'],
  'GoogleAgent-Mariner': ['google-user-triggered', 'google-user-triggered-google'],
  'Google-NotebookLM': ['google-user-triggered', 'google-user-triggered-google'],
  NotebookLM: ['google-user-triggered', 'google-user-triggered-google'],
  Bingbot: ['bingbot'],
  PerplexityBot: ['perplexitybot'],
  'Perplexity-User': ['perplexity-user'],
  Applebot: ['applebot'],
  CCBot: ['ccbot'],
  DuckDuckBot: ['duckduckbot'],
  DuckAssistBot: ['duckassistbot'],
  Amazonbot: ['amazonbot'],
  'Amzn-SearchBot': ['amzn-searchbot'],
  'Amzn-User': ['amzn-user'],
};
