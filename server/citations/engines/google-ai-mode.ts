/**
 * Google AI Mode, through SerpApi (`engine=google_ai_mode`, the same SERPAPI_API_KEY; serpapi.com/google-ai-mode-api):
 * one request answers with the conversation's `text_blocks` and `references` at the top level. Cited =
 * `references[].link` in order. AI Mode always searches; an answer without text or references is an error
 * (SerpApi returned nothing usable), not "not cited".
 */
import { EngineError } from './engine-error.js';
import { asArray } from './json-read.js';
import type { CitationEngine } from './types.js';
import { referenceCitations, SERPAPI, serpQueries, serpSearch, textBlocksText } from './serpapi-client.js';

export const googleAiModeEngine: CitationEngine = {
  id: 'google_ai_mode',
  provider: SERPAPI,
  api: 'SerpApi Google AI Mode (`engine=google_ai_mode`)',
  env: { apiKey: 'SERPAPI_API_KEY', baseUrl: 'SERPAPI_BASE_URL', model: null },
  defaultBaseUrl: 'https://serpapi.com',
  defaultModel: null,
  surface: 'serp',
  maxRequestsPerAnswer: 1,
  async ask(promptText, ctx) {
    const serp = await serpSearch(ctx, {
      engine: 'google_ai_mode',
      q: promptText,
      hl: ctx.config.serpLanguage,
      gl: ctx.config.serpCountry,
    });
    const text = textBlocksText(serp.text_blocks);
    const citations = referenceCitations(serp.references);
    if (!text && citations.length === 0 && asArray(serp.text_blocks).length === 0) {
      throw new EngineError('bad_response', `${SERPAPI} returned no AI Mode answer (no text_blocks or references)`);
    }
    return { searched: true, citations, retrieved: [], text, queries: serpQueries(serp) };
  },
};
