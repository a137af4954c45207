/**
 * Google AI Overviews slot, through SerpApi (citation-engines.md 1.5): `engine=google` first; when the
 * overview is deferred it carries a `page_token`, fetched at once with `engine=google_ai_overview`
 * (the token expires within minutes: an expired one gets one fresh search). Cited =
 * `ai_overview.references[].link` in order. No `ai_overview`: Google showed none (`no_ai_overview`).
 * SerpApi puts its key in the query string and reports some errors inside a 200.
 */
import { EngineError } from './engine-error.js';
import { asArray, asObject, asString, type JsonObject } from './json-read.js';
import type { Citation, CitationEngine, EngineAnswer, EngineContext } from './types.js';
import type { ProviderReply } from '../http/provider-http.js';
import { snippet, statusError } from '../http/status-error.js';

const PROVIDER = 'SerpApi';

class PageTokenExpired extends EngineError {}

/** An expired page_token gets one fresh search, so an answer takes at most two searches. */
const MAX_SEARCHES = 2;

export const googleAiOverviewsEngine: CitationEngine = {
  id: 'google_ai_overviews',
  provider: PROVIDER,
  api: 'SerpApi Google search (+ the deferred `page_token` request)',
  env: { apiKey: 'SERPAPI_API_KEY', baseUrl: 'SERPAPI_BASE_URL', model: null },
  defaultBaseUrl: 'https://serpapi.com',
  defaultModel: null,
  maxRequestsPerAnswer: MAX_SEARCHES * 2, // each search, and its deferred overview
  async ask(promptText, ctx) {
    for (let searches = 1; ; searches++) {
      const serp = await search(ctx, { engine: 'google', q: promptText, hl: ctx.config.serpLanguage, gl: ctx.config.serpCountry });
      const overview = asObject(serp.ai_overview);
      if (!overview) return { searched: true, overviewShown: false, citations: [], retrieved: [] };
      const token = asString(overview.page_token);
      if (!token || Array.isArray(overview.references)) return readOverview(overview);
      try {
        const deferred = await search(ctx, { engine: 'google_ai_overview', page_token: token });
        const loaded = asObject(deferred.ai_overview);
        if (!loaded) throw new EngineError('bad_response', `${PROVIDER} returned no AI Overview for its page_token`);
        return readOverview(loaded);
      } catch (error) {
        if (!(error instanceof PageTokenExpired) || searches >= MAX_SEARCHES) throw error;
      }
    }
  },
};

async function search(ctx: EngineContext, params: Record<string, string>): Promise<JsonObject> {
  // As both official clients (serpapi, google-search-results-nodejs) ask: /search with output=json.
  const query = new URLSearchParams({ ...params, output: 'json', api_key: ctx.settings.apiKey ?? '' });
  const reply = await ctx.http.send({ method: 'GET', url: `${ctx.settings.baseUrl}/search?${query}` }, (r) => classifySerpApi(r, ctx.http.now));
  return asObject(reply.json)!;
}

export function classifySerpApi(reply: ProviderReply, nowMs: number): EngineError | null {
  const body = asObject(reply.json);
  const message = asString(body?.error) ?? '';
  const ok = reply.status >= 200 && reply.status < 300;
  if (/run out of searches|searches for the month|plan searches/i.test(message)) {
    return new EngineError('quota', `${PROVIDER} searches exhausted: ${snippet(message)}`, { status: reply.status });
  }
  if (/invalid api key/i.test(message)) return new EngineError('auth', `${PROVIDER} rejected the API key`, { status: reply.status });
  if (/page[_ ]?token/i.test(message) && /expired|invalid/i.test(message)) {
    return new PageTokenExpired('bad_response', `${PROVIDER} AI Overview page_token expired: ${snippet(message)}`, { status: reply.status });
  }
  if (!ok) return statusError(reply, PROVIDER, nowMs, snippet(message));
  if (!body) return new EngineError('bad_response', `${PROVIDER} answered 200 with a body that is not JSON`);
  // "Google hasn't returned any results for this query." is an answer: there is no overview.
  if (message && !/hasn't returned any results/i.test(message)) return new EngineError('bad_response', `${PROVIDER} error: ${snippet(message)}`);
  const overviewError = asString(asObject(body.ai_overview)?.error);
  if (overviewError) return new EngineError('server', `${PROVIDER} could not load the AI Overview: ${snippet(overviewError)}`);
  return null;
}

function readOverview(overview: JsonObject): EngineAnswer {
  const citations: Citation[] = [];
  for (const reference of asArray(overview.references)) {
    const link = asString(asObject(reference)?.link);
    if (link) citations.push({ url: link, title: asString(asObject(reference)?.title) });
  }
  return { searched: true, overviewShown: true, citations, retrieved: [] };
}
