/**
 * Answer engines whose links bring people to a site: a visit counts as an AI referral when its Referer's host is
 * one of an engine's hosts (`www.` ignored) or its query has `utm_source=` one of them or one of the engine's
 * own values (ChatGPT's links carry `utm_source=chatgpt.com`, OpenAI's API citations `utm_source=openai`).
 * Sources per engine: docs/logs.md.
 */
export interface AnswerEngine {
  engine: string;
  hosts: readonly string[];
  /** utm_source values the engine's links carry besides its hosts. */
  utm?: readonly string[];
}

export const ANSWER_ENGINES: readonly AnswerEngine[] = [
  { engine: 'ChatGPT', hosts: ['chatgpt.com', 'chat.openai.com'], utm: ['chatgpt', 'openai'] },
  { engine: 'Perplexity', hosts: ['perplexity.ai'], utm: ['perplexity'] },
  { engine: 'Gemini', hosts: ['gemini.google.com', 'bard.google.com'] },
  { engine: 'Copilot', hosts: ['copilot.microsoft.com', 'copilot.cloud.microsoft', 'm365.cloud.microsoft'] },
  { engine: 'Claude', hosts: ['claude.ai'] },
  { engine: 'DeepSeek', hosts: ['chat.deepseek.com'] },
  { engine: 'Meta AI', hosts: ['meta.ai'] },
  { engine: 'Le Chat', hosts: ['chat.mistral.ai'] },
  { engine: 'Grok', hosts: ['grok.com'] },
  { engine: 'You.com', hosts: ['you.com'] },
  { engine: 'Phind', hosts: ['phind.com'] },
  { engine: 'Poe', hosts: ['poe.com'] },
  { engine: 'Kagi Assistant', hosts: ['assistant.kagi.com'] },
  { engine: 'Qwen', hosts: ['chat.qwen.ai'] },
  { engine: 'Kimi', hosts: ['kimi.com', 'kimi.moonshot.cn'] },
  { engine: 'Doubao', hosts: ['doubao.com'] },
  { engine: 'Andi', hosts: ['andisearch.com'] },
];

const BY_HOST: ReadonlyMap<string, number> = new Map(ANSWER_ENGINES.flatMap((e, i) => e.hosts.map((h) => [h, i] as const)));
const BY_UTM: ReadonlyMap<string, number> = new Map(ANSWER_ENGINES.flatMap((e, i) => (e.utm ?? []).map((u) => [u, i] as const)));
/** Longest host, to refuse longer ones without building a string. */
export const LONGEST_ENGINE_HOST = Math.max(...ANSWER_ENGINES.flatMap((e) => e.hosts.map((h) => h.length)));

/** The engine (index in ANSWER_ENGINES) a host belongs to, or -1. Lower case expected; `www.` is ignored. */
export function engineOfHost(host: string): number {
  const bare = host.startsWith('www.') ? host.slice(4) : host;
  return BY_HOST.get(bare) ?? -1;
}

/** The engine a Referer URL points at, or -1 (only http(s) URLs; anything unreadable is no engine). */
export function engineOfReferer(referer: string): number {
  const m = /^https?:\/\/([^/?#:]+)/i.exec(referer);
  return m ? engineOfHost(m[1]!.toLowerCase()) : -1;
}

/** The engine a query string's utm_source names (`utm_source=chatgpt.com`, `utm_source=openai`), or -1. */
export function engineOfQuery(query: string): number {
  const m = /(?:^|[?&])utm_source=([^&#]*)/i.exec(query);
  if (!m) return -1;
  let value = m[1]!;
  try {
    value = decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return -1;
  }
  const source = value.trim().toLowerCase();
  return BY_UTM.get(source) ?? engineOfHost(source);
}
