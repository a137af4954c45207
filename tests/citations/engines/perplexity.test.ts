import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_KEYS, startProviderFakes, type ProviderFakes } from '../../helpers/fake-providers/index.js';
import {
  perplexityAnswer,
  perplexityHtmlUnauthorized,
  perplexityInvalidModel,
  perplexityNoSources,
  perplexityRateLimited,
} from '../../helpers/fake-providers/perplexity.js';
import { ask, checkPair, testEnvironment, trackedPrompt } from '../helpers/check-env.js';

describe('perplexity: Sonar chat completions', () => {
  let fakes: ProviderFakes;
  beforeAll(async () => {
    fakes = await startProviderFakes();
  });
  beforeEach(() => fakes.reset());
  afterAll(() => fakes.close());

  const PROMPT = 'which crm do small agencies use';

  it('sends POST /chat/completions with the bearer key, the sonar model and the prompt as a user message', async () => {
    fakes.perplexity.on(PROMPT, perplexityAnswer(['https://example.com/']));
    const { env } = testEnvironment(fakes);
    await ask(env, 'perplexity', PROMPT);
    const [request] = fakes.perplexity.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/chat/completions');
    expect(request!.headers.authorization).toBe(`Bearer ${FAKE_KEYS.PERPLEXITY_API_KEY}`);
    expect(request!.body).toMatchObject({
      model: 'sonar',
      messages: [{ role: 'user', content: PROMPT }],
      web_search_options: { search_context_size: 'low' },
    });
  });

  it('cites search_results in order', async () => {
    fakes.perplexity.on(PROMPT, perplexityAnswer(['https://example.com/a', 'https://blog.acme.com/crm', 'https://acme.com/']));
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'perplexity');
    expect(row).toMatchObject({ status: 'ok', cited: true, position: 2, cited_urls: ['https://blog.acme.com/crm', 'https://acme.com/'] });
  });

  it('falls back to the plain citations list when search_results is missing', async () => {
    fakes.perplexity.on(PROMPT, perplexityAnswer(['https://acme.com/x'], { citationsOnly: true }));
    const { env } = testEnvironment(fakes);
    const answer = await ask(env, 'perplexity', PROMPT);
    expect(answer.citations).toEqual([{ url: 'https://acme.com/x' }]);
  });

  it('no sources and no search query: no_search', async () => {
    fakes.perplexity.on(PROMPT, perplexityNoSources());
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'perplexity');
    expect(row.status).toBe('no_search');
  });

  it('its HTML 401 page is read as an auth error, without parsing it as JSON, and not retried', async () => {
    fakes.perplexity.on(PROMPT, perplexityHtmlUnauthorized());
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'perplexity');
    expect(row.status).toBe('error');
    expect(row.error).toBe('Perplexity refused the API key (HTTP 401): 401 Authorization Required');
    expect(fakes.perplexity.requests).toHaveLength(1);
  });

  it('400 invalid_model is an error that names the type, not retried', async () => {
    fakes.perplexity.on(PROMPT, perplexityInvalidModel());
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'perplexity');
    expect(row.error).toContain('invalid_model');
    expect(fakes.perplexity.requests).toHaveLength(1);
  });

  it('429 is retried with backoff (no Retry-After given)', async () => {
    fakes.perplexity.on(PROMPT, perplexityRateLimited(), perplexityAnswer(['https://acme.com/']));
    const { env, waits } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'perplexity');
    expect(row).toMatchObject({ status: 'ok', cited: true });
    expect(waits).toEqual([500]); // random() = 0.5 of the 1 s first ceiling
  });
});
