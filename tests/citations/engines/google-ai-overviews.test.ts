import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_KEYS, startProviderFakes, type ProviderFakes } from '../../helpers/fake-providers/index.js';
import {
  serpDeferredOverview,
  serpErrorIn200,
  serpInlineOverview,
  serpInvalidKey,
  serpNoOverview,
  serpOutOfSearches,
  serpOverviewError,
  serpOverviewFollowUp,
  serpTokenExpired,
} from '../../helpers/fake-providers/serpapi.js';
import { checkPair, testEnvironment, trackedPrompt } from '../helpers/check-env.js';

describe('google_ai_overviews: SerpApi', () => {
  let fakes: ProviderFakes;
  beforeAll(async () => {
    fakes = await startProviderFakes();
  });
  beforeEach(() => fakes.reset());
  afterAll(() => fakes.close());

  const Q = 'best crm for small business';
  const LINKS = ['https://www.example.com/crm', 'https://acme.com/crm-guide'];

  it('GET /search?engine=google with q, locale, output=json and the key as api_key; cites references in order', async () => {
    fakes.serpapi.on(`q:${Q}`, serpInlineOverview(Q, LINKS));
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(Q), 'google_ai_overviews');
    expect(row).toMatchObject({ status: 'ok', cited: true, position: 2, cited_urls: ['https://acme.com/crm-guide'], model: null });
    const [request] = fakes.serpapi.requests;
    expect(request!.method).toBe('GET');
    expect(request!.path).toBe('/search');
    expect(Object.fromEntries(request!.query)).toEqual({
      engine: 'google',
      q: Q,
      hl: 'en',
      gl: 'us',
      output: 'json',
      api_key: FAKE_KEYS.SERPAPI_API_KEY,
    });
  });

  it('loads a deferred overview with its page_token at once', async () => {
    fakes.serpapi.on(`q:${Q}`, serpDeferredOverview(Q, 'KIVu-nictZtok1')).on('token:KIVu-nictZtok1', serpOverviewFollowUp(LINKS));
    const { env } = testEnvironment(fakes);
    const result = await checkPair(env, trackedPrompt(Q), 'google_ai_overviews');
    expect(result.row).toMatchObject({ status: 'ok', cited: true, position: 2 });
    expect(result.calls).toBe(2);
    const second = fakes.serpapi.requests[1]!;
    expect(Object.fromEntries(second.query)).toEqual({
      engine: 'google_ai_overview',
      page_token: 'KIVu-nictZtok1',
      output: 'json',
      api_key: FAKE_KEYS.SERPAPI_API_KEY,
    });
  });

  it('an expired page_token gets one fresh search and a new token', async () => {
    fakes.serpapi
      .on(`q:${Q}`, serpDeferredOverview(Q, 'old'), serpDeferredOverview(Q, 'fresh'))
      .on('token:old', serpTokenExpired())
      .on('token:fresh', serpOverviewFollowUp(LINKS));
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(Q), 'google_ai_overviews');
    expect(row).toMatchObject({ status: 'ok', cited: true });
    expect(fakes.serpapi.requests.map((r) => r.query.get('page_token') ?? r.query.get('engine'))).toEqual([
      'google',
      'old',
      'google',
      'fresh',
    ]);
  });

  it('a token that expires twice is an error, not "not cited"', async () => {
    fakes.serpapi.on(`q:${Q}`, serpDeferredOverview(Q, 'tok')).on('token:tok', serpTokenExpired());
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(Q), 'google_ai_overviews');
    expect(row.status).toBe('error');
    expect(row.error).toContain('page_token expired');
    expect(fakes.serpapi.requests).toHaveLength(4);
  });

  it('no ai_overview: no_ai_overview', async () => {
    fakes.serpapi.on(`q:${Q}`, serpNoOverview(Q));
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(Q), 'google_ai_overviews');
    expect(row).toMatchObject({ status: 'no_ai_overview', cited: false, runs: 1 });
  });

  it('ai_overview.error ("try again later") is retried', async () => {
    fakes.serpapi.on(`q:${Q}`, serpOverviewError(Q), serpInlineOverview(Q, LINKS));
    const { env, waits } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(Q), 'google_ai_overviews');
    expect(row.status).toBe('ok');
    expect(waits).toHaveLength(1);
  });

  it('401 invalid key, 429 out of searches and a quota error inside a 200 are errors, none retried', async () => {
    for (const [reply, message] of [
      [serpInvalidKey(), 'SerpApi rejected the API key'],
      [serpOutOfSearches(), 'SerpApi searches exhausted: Your account has run out of searches.'],
      [serpErrorIn200(), 'SerpApi searches exhausted: Your searches for the month are exhausted.'],
    ] as const) {
      fakes.reset();
      fakes.serpapi.on(`q:${Q}`, reply);
      const { env, waits } = testEnvironment(fakes);
      const { row } = await checkPair(env, trackedPrompt(Q), 'google_ai_overviews');
      expect(row.status).toBe('error');
      expect(row.error).toContain(message);
      expect(row.error).not.toContain(FAKE_KEYS.SERPAPI_API_KEY);
      expect(fakes.serpapi.requests).toHaveLength(1);
      expect(waits).toEqual([]);
    }
  });
});
