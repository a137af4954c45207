import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_KEYS, startProviderFakes, type ProviderFakes } from '../../helpers/fake-providers/index.js';
import { serpAiMode, serpErrorIn200, serpInvalidKey } from '../../helpers/fake-providers/serpapi.js';
import { ask, checkPair, testEnvironment, trackedPrompt } from '../helpers/check-env.js';

describe('google_ai_mode: SerpApi engine=google_ai_mode', () => {
  let fakes: ProviderFakes;
  beforeAll(async () => {
    fakes = await startProviderFakes();
  });
  beforeEach(() => fakes.reset());
  afterAll(() => fakes.close());

  const Q = 'best crm for a design studio';
  const LINKS = ['https://www.example-review.com/crm', 'https://acme.com/studios', 'https://acme.com/studios#pricing'];

  it('GET /search with engine=google_ai_mode, q, locale, output=json and the key; cites references in order, reads the text blocks', async () => {
    fakes.serpapi.on(`mode:${Q}`, serpAiMode(Q, ['Acme is a popular CRM for studios.', 'Others exist.'], LINKS));
    const { env } = testEnvironment(fakes);
    const { row, runs } = await checkPair(env, trackedPrompt(Q, 'acme.com', { brand: { name: 'Acme' } }), 'google_ai_mode');
    expect(row).toMatchObject({
      status: 'ok',
      cited: true,
      position: 2,
      surface: 'serp',
      model: null,
      mentioned: true,
      search_queries: [Q],
    });
    const [request] = fakes.serpapi.requests;
    expect(request!.path).toBe('/search');
    expect(Object.fromEntries(request!.query)).toEqual({
      engine: 'google_ai_mode',
      q: Q,
      hl: 'en',
      gl: 'us',
      output: 'json',
      api_key: FAKE_KEYS.SERPAPI_API_KEY,
    });
    expect(runs[0]!.answer).toBe('Acme is a popular CRM for studios.\nOthers exist.\nPricing: Plans start at $12 per seat.');
    expect(runs[0]!.cited_urls).toEqual(['https://www.example-review.com/crm', 'https://acme.com/studios']);
  });

  it('an answer without text blocks or references is an error, not "not cited"; SerpApi errors read as for AI Overviews', async () => {
    fakes.serpapi.on(`mode:${Q}`, {
      json: { search_metadata: { status: 'Success' }, search_parameters: { engine: 'google_ai_mode', q: Q } },
    });
    const { env } = testEnvironment(fakes);
    await expect(ask(env, 'google_ai_mode', Q)).rejects.toThrow(/no AI Mode answer/);
    fakes.reset();
    fakes.serpapi.on(`mode:${Q}`, serpInvalidKey());
    expect((await checkPair(env, trackedPrompt(Q), 'google_ai_mode')).row.error).toBe('SerpApi rejected the API key');
    fakes.reset();
    fakes.serpapi.on(`mode:${Q}`, serpErrorIn200());
    expect((await checkPair(env, trackedPrompt(Q), 'google_ai_mode')).row.error).toMatch(/searches exhausted/);
    expect(fakes.serpapi.requests).toHaveLength(1);
  });

  it('is not asked unless CITATION_ENGINES names it', async () => {
    const { env } = testEnvironment(fakes);
    expect(env.config.enabledEngines).not.toContain('google_ai_mode');
    expect(testEnvironment(fakes, { env: { CITATION_ENGINES: 'google_ai_mode' } }).env.config.enabledEngines).toEqual(['google_ai_mode']);
  });
});
