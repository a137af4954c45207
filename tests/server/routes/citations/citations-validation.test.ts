/** Clear 400s (and 401/403/404/409/429) on the citation routes; every error body is exactly {"error": "..."}. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCitationsApi, type CitationsTestApi } from '../../../citations/helpers/citations-api.js';
import { startProviderFakes, type ProviderFakes } from '../../../helpers/fake-providers/index.js';

describe('citation routes: validation, auth and limits', () => {
  let fakes: ProviderFakes;
  let api: CitationsTestApi;
  beforeAll(async () => {
    fakes = await startProviderFakes();
    // No engine configured: checks finish at once with not_configured rows and never reach a fake.
    api = await startCitationsApi(fakes, {
      env: {
        OPENAI_API_KEY: '',
        PERPLEXITY_API_KEY: '',
        GEMINI_API_KEY: '',
        ANTHROPIC_API_KEY: '',
        SERPAPI_API_KEY: '',
        CITATION_PROMPT_LIMIT: '3',
      },
    });
  });
  afterAll(async () => {
    await api.close({ removeData: true });
    await fakes.close();
  });

  const expectError = (res: { status: number; json: unknown }, status: number, message: RegExp) => {
    expect(res.status).toBe(status);
    expect(Object.keys(res.json as object)).toEqual(['error']);
    expect((res.json as { error: string }).error).toMatch(message);
  };

  it.each([
    [{ domain: 'acme.com' }, /text/],
    [{ text: '   ', domain: 'acme.com' }, /text must be 1 to 500 characters/],
    [{ text: 'x'.repeat(501), domain: 'acme.com' }, /^Invalid prompt: text: Too big/],
    [{ text: 'a\u0000b', domain: 'acme.com' }, /control characters/],
    [{ text: 'q' }, /domain/],
    [{ text: 'q', domain: 'github.io' }, /public suffix/],
    [{ text: 'q', domain: 'co.uk' }, /public suffix/],
    [{ text: 'q', domain: 'https://acme.com/' }, /without scheme, path/],
    [{ text: 'q', domain: 'localhost' }, /registrable host/],
    [{ text: 'q', domain: 'acme.com', aliases: ['ok.com', 'github.io'] }, /aliases\[1\] "github.io" is a public suffix/],
    [{ text: 'q', domain: 'acme.com', aliases: Array.from({ length: 11 }, (_, i) => `a${i}.com`) }, /aliases/],
    [{ text: 'q', domain: 'acme.com', runs: 6 }, /runs/],
    [{ text: 'q', domain: 'acme.com', runs: 1.5 }, /runs/],
    [{ text: 'q', domain: 'acme.com', domains: ['x'] }, /Unknown member "domains"/],
  ])('POST /prompts %j → 400', async (body, message) => {
    expectError(await api.request('POST', '/api/v1/prompts', { body }), 400, message);
  });

  it('POST /prompts refuses malformed JSON and other content types', async () => {
    expectError(
      await api.request('POST', '/api/v1/prompts', { rawBody: '{"text":', headers: { 'content-type': 'application/json' } }),
      400,
      /Malformed JSON/,
    );
    expectError(
      await api.request('POST', '/api/v1/prompts', { rawBody: 'text=x', headers: { 'content-type': 'text/plain' } }),
      415,
      /Content-Type/,
    );
  });

  it('refuses the same prompt twice (409) and the prompt beyond the limit (400)', async () => {
    const { key } = await api.newAccount('agency');
    for (const text of ['one', 'two', 'three'])
      expect((await api.request('POST', '/api/v1/prompts', { key, body: { text, domain: 'acme.com' } })).status).toBe(201);
    expectError(
      await api.request('POST', '/api/v1/prompts', { key, body: { text: 'one', domain: 'www.acme.com' } }),
      409,
      /already tracks this prompt for acme\.com/,
    );
    expectError(
      await api.request('POST', '/api/v1/prompts', { key, body: { text: 'four', domain: 'acme.com' } }),
      400,
      /at most 3 prompts/,
    );
  });

  it('DELETE /prompts/{id}: 404 for malformed and unknown ids', async () => {
    expectError(await api.request('DELETE', '/api/v1/prompts/nope'), 404, /Prompt not found/);
    expectError(await api.request('DELETE', '/api/v1/prompts/prm_0000000000000000'), 404, /Prompt not found/);
  });

  it.each([
    ['engine=bing', /engine must be one of chatgpt, perplexity, gemini, claude, google_ai_overviews/],
    ['prompt_id=42', /prompt_id/],
    ['domain=github.io', /public suffix/],
    ['since=yesterday', /since must be an ISO 8601/],
    ['since=2026-13-45', /since must be an ISO 8601/],
    ['limit=0', /limit/],
    ['limit=101', /limit/],
    ['history=maybe', /history must be true or false/],
    ['cursor=abc', /cursor is not valid/],
    ['engine=gemini&engine=claude', /given once/],
  ])('GET /citations?%s → 400', async (query, message) => {
    expectError(await api.request('GET', `/api/v1/citations?${query}`), 400, message);
  });

  it('a cursor from one listing mode is refused in the other', async () => {
    for (const text of ['c1', 'c2']) await api.request('POST', '/api/v1/prompts', { body: { text, domain: 'acme.com' } });
    await api.request('POST', '/api/v1/citations/checks');
    await api.idle();
    const page = await api.request('GET', '/api/v1/citations?limit=1');
    expect(page.json.next_cursor).toEqual(expect.any(String));
    expectError(await api.request('GET', `/api/v1/citations?history=true&cursor=${page.json.next_cursor}`), 400, /another history value/);
  });

  it.each([
    ['GET', '/api/v1/prompts'],
    ['POST', '/api/v1/prompts'],
    ['DELETE', '/api/v1/prompts/prm_0000000000000000'],
    ['GET', '/api/v1/citations'],
    ['POST', '/api/v1/citations/checks'],
    ['GET', '/api/v1/citations/checks/chk_0000000000000000'],
  ])('%s %s needs a key (401) and the Agency plan (403)', async (method, path) => {
    const body = method === 'POST' ? { text: 'q', domain: 'acme.com' } : undefined;
    const anonymous = await api.request(method, path, { key: null, body });
    expectError(anonymous, 401, /API key/);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="citable"');
    const pro = await api.newAccount('pro');
    expectError(await api.request(method, path, { key: pro.key, body }), 403, /Agency plan/);
  });

  it('POST /citations/checks: an account without prompts gets a completed check at once; unknown check ids are 404', async () => {
    const { key } = await api.newAccount('agency');
    const res = await api.request('POST', '/api/v1/citations/checks', { key });
    expect(res.status).toBe(202);
    expect(res.json.check).toMatchObject({ status: 'completed', prompt_count: 0, result_count: 0 });
    expect(res.headers.get('ratelimit-limit')).toBe('10');
    expectError(await api.request('GET', '/api/v1/citations/checks/chk_0000000000000000', { key }), 404, /Check not found/);
    expectError(await api.request('GET', '/api/v1/citations/checks/bogus', { key }), 404, /Check not found/);
  });

  it('POST /citations/checks is limited to 10 per hour per account', async () => {
    const { key } = await api.newAccount('agency');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await api.request('POST', '/api/v1/citations/checks', { key })).status);
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    const refused = await api.request('POST', '/api/v1/citations/checks', { key });
    expectError(refused, 429, /max 10 citation checks per hour/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
