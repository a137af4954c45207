/**
 * Every engine's answer text and the searches it reports, read from each provider's real response shape:
 * OpenAI web_search_call action queries, Gemini webSearchQueries, Claude server_tool_use
 * inputs, the SERP query; Perplexity reports only how many searches it ran.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claudeAnswer } from '../../helpers/fake-providers/claude.js';
import { geminiAnswer } from '../../helpers/fake-providers/gemini.js';
import { startProviderFakes, type ProviderFakes } from '../../helpers/fake-providers/index.js';
import { openaiAnswer } from '../../helpers/fake-providers/openai.js';
import { perplexityAnswer } from '../../helpers/fake-providers/perplexity.js';
import { serpInlineOverview } from '../../helpers/fake-providers/serpapi.js';
import { ask, testEnvironment } from '../helpers/check-env.js';

describe('answer texts and search queries', () => {
  let fakes: ProviderFakes;
  beforeAll(async () => {
    fakes = await startProviderFakes();
  });
  beforeEach(() => fakes.reset());
  afterAll(() => fakes.close());
  const P = 'best accounting software for agencies';

  it('chatgpt: the output_text parts, and action.queries of each web_search_call', async () => {
    fakes.openai.on(P, openaiAnswer({ text: 'Acme Books suits agencies.', cited: [{ url: 'https://acme.com/' }] }));
    const answer = await ask(testEnvironment(fakes).env, 'chatgpt', P);
    expect(answer.text).toBe('Acme Books suits agencies. ([acme.com](https://acme.com/?utm_source=openai))');
    expect(answer.queries).toEqual(['best project management tool small agencies']);
  });

  it('perplexity: the message content; no queries (only usage.num_search_queries)', async () => {
    fakes.perplexity.on(P, perplexityAnswer(['https://acme.com/']));
    const answer = await ask(testEnvironment(fakes).env, 'perplexity', P);
    expect(answer.text).toBe('For small agencies, option [1] stand out.');
    expect(answer.queries).toEqual([]);
  });

  it('gemini: the candidate text and groundingMetadata.webSearchQueries', async () => {
    fakes.gemini.on(P, geminiAnswer([]));
    const answer = await ask(testEnvironment(fakes).env, 'gemini', P);
    expect(answer.text).toBe('For small agencies, Asana and ClickUp are common picks, and several guides compare them.');
    expect(answer.queries).toEqual(['best project management tool small agency 2026']);
  });

  it('claude: text blocks joined in order, and each server_tool_use web_search query', async () => {
    fakes.claude.on(
      P,
      claudeAnswer({ retrieved: [{ url: 'https://acme.com/' }], cited: [{ url: 'https://acme.com/', title: 'Acme Books' }] }),
    );
    const answer = await ask(testEnvironment(fakes).env, 'claude', P);
    expect(answer.text).toBe("I'll search for current options.Acme Books is a frequent pick for agencies overall.");
    expect(answer.queries).toEqual(['best project management tool small agencies']);
  });

  it('google_ai_overviews: the overview text blocks (lists and headings included) and the query Google ran', async () => {
    fakes.serpapi.on(`q:${P}`, serpInlineOverview(P, ['https://acme.com/']));
    const answer = await ask(testEnvironment(fakes).env, 'google_ai_overviews', P);
    expect(answer.text).toBe('Project management tools help agencies …\nTop options\nAsana: Good for client work.');
    expect(answer.queries).toEqual([P]);
  });
});
