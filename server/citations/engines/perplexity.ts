/**
 * Perplexity slot: Sonar chat completions, where search is always on (docs/research/answer-engines.md#perplexity).
 * Cited = `search_results[].url` (the sources Perplexity shows), falling back to the plain `citations`
 * strings. A 401 comes as an HTML page, so nothing here assumes the body is JSON.
 */
import { EngineError } from './engine-error.js';
import { asArray, asObject, asString, errorObject } from './json-read.js';
import type { Citation, CitationEngine, EngineAnswer } from './types.js';
import type { ProviderReply } from '../http/provider-http.js';
import { snippet, statusError } from '../http/status-error.js';

const PROVIDER = 'Perplexity';

export const perplexityEngine: CitationEngine = {
  id: 'perplexity',
  provider: PROVIDER,
  api: 'Sonar chat completions',
  env: { apiKey: 'PERPLEXITY_API_KEY', baseUrl: 'PERPLEXITY_BASE_URL', model: 'PERPLEXITY_MODEL' },
  defaultBaseUrl: 'https://api.perplexity.ai',
  defaultModel: 'sonar',
  surface: 'api',
  maxRequestsPerAnswer: 1,
  async ask(promptText, ctx) {
    const { apiKey, baseUrl, model } = ctx.settings;
    const reply = await ctx.http.send(
      {
        method: 'POST',
        url: `${baseUrl}/chat/completions`,
        headers: { authorization: `Bearer ${apiKey}` },
        body: {
          model,
          messages: [{ role: 'user', content: promptText }],
          web_search_options: { search_context_size: 'low' },
        },
      },
      (r) => classifyPerplexity(r, ctx.http.now),
    );
    return readResponse(reply.json);
  },
};

export function classifyPerplexity(reply: ProviderReply, nowMs: number): EngineError | null {
  if (reply.status < 200 || reply.status >= 300) {
    const error = errorObject(reply.json);
    const type = asString(error?.type);
    if (reply.status === 402 || type === 'insufficient_quota')
      return new EngineError('quota', `${PROVIDER} credit exhausted`, { status: reply.status });
    const detail = type ? `${type}${error?.message ? `: ${snippet(error.message)}` : ''}` : htmlTitle(reply.text);
    return statusError(reply, PROVIDER, nowMs, detail);
  }
  const body = asObject(reply.json);
  if (!body || !Array.isArray(body.choices)) return new EngineError('bad_response', `${PROVIDER} answered 200 without choices`);
  return null;
}

function readResponse(json: unknown): EngineAnswer {
  const body = asObject(json) ?? {};
  const fromResults: Citation[] = [];
  for (const result of asArray(body.search_results)) {
    const r = asObject(result);
    const url = asString(r?.url);
    if (url) fromResults.push({ url, title: asString(r?.title) });
  }
  const fromCitations: Citation[] = asArray(body.citations)
    .filter((c): c is string => typeof c === 'string' && c.length > 0)
    .map((url) => ({ url }));
  const citations = fromResults.length > 0 ? fromResults : fromCitations;
  const queries = asObject(body.usage)?.num_search_queries;
  const searched = citations.length > 0 || (typeof queries === 'number' && queries > 0);
  // Sonar reports how many searches it ran (usage.num_search_queries), not what it searched for.
  const text = asString(asObject(asObject(asArray(body.choices)[0])?.message)?.content) ?? '';
  return { searched, citations, retrieved: [], text, queries: [] };
}

/** "401 Authorization Required" out of an HTML error page. */
function htmlTitle(text: string): string {
  const title = /<title>([^<]{1,120})<\/title>/i.exec(text)?.[1];
  return title ? snippet(title) : '';
}
