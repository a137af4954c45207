/**
 * Google AI Overviews slot, through SerpApi (docs/research/answer-engines.md#google-ai-overviews): `engine=google` first; when the
 * overview is deferred it carries a `page_token`, fetched at once with `engine=google_ai_overview`
 * (the token expires within minutes: an expired one gets one fresh search). Cited =
 * `ai_overview.references[].link` in order. No `ai_overview`: Google showed none (`no_ai_overview`).
 * SerpApi puts its key in the query string and reports some errors inside a 200 (serpapi-client.ts).
 */
import { EngineError } from './engine-error.js';
import { asObject, asString, type JsonObject } from './json-read.js';
import type { CitationEngine, EngineAnswer } from './types.js';
import { PageTokenExpired, referenceCitations, SERPAPI, serpQueries, serpSearch, textBlocksText } from './serpapi-client.js';

/** An expired page_token gets one fresh search, so an answer takes at most two searches. */
const MAX_SEARCHES = 2;

export const googleAiOverviewsEngine: CitationEngine = {
  id: 'google_ai_overviews',
  provider: SERPAPI,
  api: 'SerpApi Google search (+ the deferred `page_token` request)',
  env: { apiKey: 'SERPAPI_API_KEY', baseUrl: 'SERPAPI_BASE_URL', model: null },
  defaultBaseUrl: 'https://serpapi.com',
  defaultModel: null,
  surface: 'serp',
  maxRequestsPerAnswer: MAX_SEARCHES * 2, // each search, and its deferred overview
  async ask(promptText, ctx) {
    for (let searches = 1; ; searches++) {
      const serp = await serpSearch(ctx, { engine: 'google', q: promptText, hl: ctx.config.serpLanguage, gl: ctx.config.serpCountry });
      const queries = serpQueries(serp);
      const overview = asObject(serp.ai_overview);
      if (!overview) return { searched: true, overviewShown: false, citations: [], retrieved: [], text: '', queries };
      const token = asString(overview.page_token);
      if (!token || Array.isArray(overview.references)) return readOverview(overview, queries);
      try {
        const deferred = await serpSearch(ctx, { engine: 'google_ai_overview', page_token: token });
        const loaded = asObject(deferred.ai_overview);
        if (!loaded) throw new EngineError('bad_response', `${SERPAPI} returned no AI Overview for its page_token`);
        return readOverview(loaded, queries);
      } catch (error) {
        if (!(error instanceof PageTokenExpired) || searches >= MAX_SEARCHES) throw error;
      }
    }
  },
};

function readOverview(overview: JsonObject, queries: string[]): EngineAnswer {
  return {
    searched: true,
    overviewShown: true,
    citations: referenceCitations(overview.references),
    retrieved: [],
    text: textBlocksText(overview.text_blocks),
    queries,
  };
}
