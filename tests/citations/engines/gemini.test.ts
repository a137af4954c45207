import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_KEYS, startProviderFakes, type ProviderFakes } from '../../helpers/fake-providers/index.js';
import { geminiAnswer, geminiInvalidKey, geminiNoSearch, geminiQuota } from '../../helpers/fake-providers/gemini.js';
import { ask, checkPair, testEnvironment, trackedPrompt } from '../helpers/check-env.js';

describe('gemini: generateContent with google_search', () => {
  let fakes: ProviderFakes;
  beforeAll(async () => {
    fakes = await startProviderFakes();
  });
  beforeEach(() => fakes.reset());
  afterAll(() => fakes.close());

  const PROMPT = 'best invoicing software for freelancers';

  it('sends POST /v1beta/models/{model}:generateContent with x-goog-api-key and the google_search tool', async () => {
    fakes.gemini.on(PROMPT, geminiNoSearch());
    const { env } = testEnvironment(fakes);
    await ask(env, 'gemini', PROMPT);
    const [request] = fakes.gemini.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(request!.headers['x-goog-api-key']).toBe(FAKE_KEYS.GEMINI_API_KEY);
    expect(request!.headers.authorization).toBeUndefined();
    expect(request!.body).toEqual({ contents: [{ role: 'user', parts: [{ text: PROMPT }] }], tools: [{ google_search: {} }] });
  });

  it('resolves each grounding redirect from its Location header without following it', async () => {
    fakes.redirectTargets.set('AUZIYQHYtok1', 'https://example.com/compare');
    fakes.redirectTargets.set('AUZIYQG4tok2', `${fakes.redirects.url}/landing-page-of-acme`);
    fakes.gemini.on(
      PROMPT,
      geminiAnswer([
        { uri: fakes.redirectUri('AUZIYQHYtok1'), title: 'example.com' },
        { uri: fakes.redirectUri('AUZIYQG4tok2'), title: 'Landing' },
      ]),
    );
    const { env } = testEnvironment(fakes, { env: { GEMINI_REDIRECT_PREFIX: `${fakes.redirects.url}/grounding-api-redirect/` } });
    const answer = await ask(env, 'gemini', PROMPT);
    expect(answer.citations.map((c) => c.url)).toEqual(['https://example.com/compare', `${fakes.redirects.url}/landing-page-of-acme`]);
    expect(fakes.redirects.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'HEAD /grounding-api-redirect/AUZIYQHYtok1',
      'HEAD /grounding-api-redirect/AUZIYQG4tok2',
    ]);
  });

  it('cites the resolved site with its rank among the shown sources', async () => {
    fakes.redirectTargets.set('t1', 'https://example.com/x');
    fakes.redirectTargets.set('t2', 'https://www.acme.com/blog/invoicing');
    fakes.gemini.on(
      PROMPT,
      geminiAnswer([
        { uri: fakes.redirectUri('t1'), title: 'example.com' },
        { uri: fakes.redirectUri('t2'), title: 'acme.com' },
      ]),
    );
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'gemini');
    expect(row).toMatchObject({
      status: 'ok',
      cited: true,
      position: 2,
      cited_urls: ['https://www.acme.com/blog/invoicing'],
      unresolved_citations: 0,
    });
  });

  it('a token that 404s falls back to the title when it is a domain', async () => {
    fakes.gemini.on(PROMPT, geminiAnswer([{ uri: fakes.redirectUri('expired-token'), title: 'acme.com' }]));
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'gemini');
    expect(row).toMatchObject({ cited: true, position: 1, cited_urls: ['https://acme.com/'] });
  });

  it('an unresolvable redirect with a title that is no domain is not a match, and the row says so', async () => {
    fakes.gemini.on(PROMPT, geminiAnswer([{ uri: fakes.redirectUri('gone'), title: 'Acme Invoicing Blog' }]));
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'gemini');
    expect(row).toMatchObject({ status: 'ok', cited: false, position: null, unresolved_citations: 1 });
  });

  it('a redirect that hangs is given up after the redirect timeout', async () => {
    fakes.hangingTokens.add('slow');
    fakes.gemini.on(PROMPT, geminiAnswer([{ uri: fakes.redirectUri('slow'), title: 'acme.com' }]));
    const { env } = testEnvironment(fakes, { env: { CITATION_REDIRECT_TIMEOUT: '200' } });
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'gemini');
    expect(row).toMatchObject({ cited: true, cited_urls: ['https://acme.com/'] });
  });

  it('a chunk no support cites was used, not cited', async () => {
    fakes.redirectTargets.set('a', 'https://acme.com/pricing');
    fakes.redirectTargets.set('b', 'https://example.com/');
    fakes.gemini.on(
      PROMPT,
      geminiAnswer(
        [
          { uri: fakes.redirectUri('a'), title: 'acme.com' },
          { uri: fakes.redirectUri('b'), title: 'example.com' },
        ],
        [[1]],
      ),
    );
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'gemini');
    expect(row).toMatchObject({ status: 'ok', cited: false, retrieved: true });
  });

  it('no groundingMetadata: no_search', async () => {
    fakes.gemini.on(PROMPT, geminiNoSearch());
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'gemini');
    expect(row.status).toBe('no_search');
  });

  it('400 API_KEY_INVALID is an auth error (not a bad request), not retried', async () => {
    fakes.gemini.on(PROMPT, geminiInvalidKey());
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(PROMPT), 'gemini');
    expect(row.error).toBe('Gemini rejected the API key (API_KEY_INVALID)');
    expect(fakes.gemini.requests).toHaveLength(1);
  });

  it('429 per minute waits RetryInfo.retryDelay; a per-day quota is not retried', async () => {
    fakes.gemini.on(PROMPT, geminiQuota({ quotaId: 'GenerateRequestsPerMinutePerProjectPerModel', retryDelay: '2s' }), geminiNoSearch());
    const first = testEnvironment(fakes);
    expect((await checkPair(first.env, trackedPrompt(PROMPT), 'gemini')).row.status).toBe('no_search');
    expect(first.waits).toEqual([2_000]);

    fakes.reset();
    fakes.gemini.on(PROMPT, geminiQuota({ quotaId: 'GenerateRequestsPerDayPerProjectPerModel-FreeTier', retryDelay: '41s' }));
    const second = testEnvironment(fakes);
    const { row } = await checkPair(second.env, trackedPrompt(PROMPT), 'gemini');
    expect(row.error).toBe('Gemini daily quota exhausted');
    expect(second.waits).toEqual([]);
    expect(fakes.gemini.requests).toHaveLength(1);
  });
});
