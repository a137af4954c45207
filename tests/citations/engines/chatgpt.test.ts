import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startProviderFakes, FAKE_KEYS, type ProviderFakes } from '../../helpers/fake-providers/index.js';
import {
  openaiAnswer,
  openaiIncomplete,
  openaiInsufficientQuota,
  openaiInvalidKey,
  openaiNoSearch,
  openaiRateLimited,
} from '../../helpers/fake-providers/openai.js';
import { ask, checkPair, testEnvironment, trackedPrompt } from '../helpers/check-env.js';

describe('chatgpt: OpenAI Responses API with web_search', () => {
  let fakes: ProviderFakes;
  beforeAll(async () => {
    fakes = await startProviderFakes();
  });
  beforeEach(() => fakes.reset());
  afterAll(() => fakes.close());

  const PROMPT = 'best project management tool for small agencies';

  it('sends the real request: POST /v1/responses, bearer key, web_search tool, sources included', async () => {
    fakes.openai.on(PROMPT, openaiAnswer({ cited: [{ url: 'https://example.com/review' }] }));
    const { env } = testEnvironment(fakes);
    await ask(env, 'chatgpt', PROMPT);
    const [request] = fakes.openai.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/v1/responses');
    expect(request!.headers.authorization).toBe(`Bearer ${FAKE_KEYS.OPENAI_API_KEY}`);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toEqual({
      model: 'gpt-5-mini',
      input: PROMPT,
      tools: [{ type: 'web_search' }],
      tool_choice: 'auto',
      include: ['web_search_call.action.sources'],
      store: false,
    });
  });

  it('takes the model from OPENAI_MODEL', async () => {
    fakes.openai.on(PROMPT, openaiNoSearch());
    const { env } = testEnvironment(fakes, { env: { OPENAI_MODEL: 'gpt-5.4-mini' } });
    await ask(env, 'chatgpt', PROMPT);
    expect(fakes.openai.requests[0]!.body.model).toBe('gpt-5.4-mini');
  });

  it('reads url_citation annotations in order; position counts distinct pages; utm_source is stripped', async () => {
    fakes.openai.on(
      PROMPT,
      openaiAnswer({
        cited: [{ url: 'https://example.com/review' }, { url: 'https://example.com/review' }, { url: 'https://www.acme.com/pricing' }],
      }),
    );
    const { env } = testEnvironment(fakes);
    const answer = await ask(env, 'chatgpt', PROMPT);
    expect(answer.searched).toBe(true);
    expect(answer.citations.map((c) => c.url)).toEqual([
      'https://example.com/review?utm_source=openai',
      'https://example.com/review?utm_source=openai',
      'https://www.acme.com/pricing?utm_source=openai',
    ]);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'chatgpt');
    expect(row).toMatchObject({
      status: 'ok',
      cited: true,
      position: 2,
      cited_urls: ['https://www.acme.com/pricing'],
      runs: 1,
      cited_runs: 1,
      model: 'gpt-5-mini',
    });
  });

  it('a source it retrieved but did not cite is not a citation', async () => {
    fakes.openai.on(
      PROMPT,
      openaiAnswer({ cited: [{ url: 'https://example.com/a' }], sources: ['https://example.com/a', 'https://acme.com/guide'] }),
    );
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'chatgpt');
    expect(row).toMatchObject({ status: 'ok', cited: false, retrieved: true, position: null, cited_urls: [] });
  });

  it('no web_search_call is no_search, not "not cited"', async () => {
    fakes.openai.on(PROMPT, openaiNoSearch());
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'chatgpt');
    expect(row).toMatchObject({ status: 'no_search', cited: false, runs: 1 });
  });

  it('401 invalid_api_key: an error, not retried, the key never in the reason', async () => {
    fakes.openai.on(PROMPT, openaiInvalidKey());
    const { env, waits } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'chatgpt');
    expect(row.status).toBe('error');
    expect(row.error).toContain('invalid_api_key');
    expect(row.error).not.toContain('sk-');
    expect(fakes.openai.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('429 rate_limit_exceeded: waits the Retry-After, retries, succeeds', async () => {
    fakes.openai.on(PROMPT, openaiRateLimited(2), openaiAnswer({ cited: [{ url: 'https://acme.com/' }] }));
    const { env, waits } = testEnvironment(fakes);
    const result = await checkPair(env, trackedPrompt(PROMPT), 'chatgpt');
    expect(result.row).toMatchObject({ status: 'ok', cited: true, position: 1 });
    expect(waits).toEqual([2_000]);
    expect(result.calls).toBe(2);
  });

  it('429 insufficient_quota: not retried, and later runs of the pair are not sent', async () => {
    fakes.openai.on(PROMPT, openaiInsufficientQuota());
    const { env, waits } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT, 'acme.com', { runs: 3 }), 'chatgpt');
    expect(row).toMatchObject({ status: 'error', runs: 0, failed_runs: 3, cited: false });
    expect(row.error).toContain('insufficient_quota');
    expect(fakes.openai.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('status "incomplete" is an error, never "not cited"', async () => {
    fakes.openai.on(PROMPT, openaiIncomplete());
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'chatgpt');
    expect(row.status).toBe('error');
    expect(row.error).toContain('max_output_tokens');
  });
});
