/** End to end through the real API: prompts created, a check triggered, five rows per prompt from the provider fakes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citationCheckEnvelopeSchema, citationListSchema, type CitationResult } from '../../../../shared/schema/citation.js';
import { startCitationsApi, type CitationsTestApi } from '../../../citations/helpers/citations-api.js';
import { claudeAnswer, claudeOverloaded } from '../../../helpers/fake-providers/claude.js';
import { geminiAnswer, geminiNoSearch } from '../../../helpers/fake-providers/gemini.js';
import { FAKE_KEYS, startProviderFakes, type ProviderFakes } from '../../../helpers/fake-providers/index.js';
import { openaiAnswer, openaiNoSearch, openaiRateLimited } from '../../../helpers/fake-providers/openai.js';
import { perplexityAnswer, perplexityHtmlUnauthorized } from '../../../helpers/fake-providers/perplexity.js';
import { serpDeferredOverview, serpNoOverview, serpOverviewFollowUp } from '../../../helpers/fake-providers/serpapi.js';

const P1 = 'best project management tool for small agencies';
const P2 = 'how do I send invoices in Germany';

function script(fakes: ProviderFakes): void {
  // P1 (acme.com): cited on four engines, retrieved but not cited on Claude.
  fakes.openai.on(P1, openaiAnswer({ cited: [{ url: 'https://example.com/review' }, { url: 'https://www.acme.com/pricing' }] }));
  fakes.perplexity.on(P1, perplexityAnswer(['https://acme.com/', 'https://example.com/']));
  fakes.redirectTargets.set('AUZIYQacme', 'https://blog.acme.com/agencies?utm_source=gemini');
  fakes.redirectTargets.set('AUZIYQother', 'https://example.org/list');
  fakes.gemini.on(
    P1,
    geminiAnswer([
      { uri: fakes.redirectUri('AUZIYQother'), title: 'example.org' },
      { uri: fakes.redirectUri('AUZIYQacme'), title: 'acme.com' },
    ]),
  );
  fakes.claude.on(
    P1,
    claudeAnswer({
      retrieved: [{ url: 'https://acme.com/pm' }, { url: 'https://example.com/' }],
      cited: [{ url: 'https://example.com/' }],
    }),
  );
  fakes.serpapi
    .on(`q:${P1}`, serpDeferredOverview(P1, 'tokP1'))
    .on('token:tokP1', serpOverviewFollowUp(['https://example.net/', 'https://acme.com/guide']));
  // P2 (beta.de, alias beta.com): a rate limit then a citation via the alias, an HTML 401, no search, 529 then a citation, no AI Overview.
  fakes.openai.on(P2, openaiRateLimited(1), openaiAnswer({ cited: [{ url: 'https://beta.com/rechnung' }] }));
  fakes.perplexity.on(P2, perplexityHtmlUnauthorized());
  fakes.gemini.on(P2, geminiNoSearch());
  fakes.claude.on(
    P2,
    claudeOverloaded(),
    claudeAnswer({ retrieved: [{ url: 'https://www.beta.de/' }], cited: [{ url: 'https://www.beta.de/' }] }),
  );
  fakes.serpapi.on(`q:${P2}`, serpNoOverview(P2));
}

describe('citation tracking through the API', () => {
  let fakes: ProviderFakes;
  let api: CitationsTestApi;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    fakes = await startProviderFakes();
    script(fakes);
    let clock = Date.parse('2026-09-01T08:00:00.000Z');
    api = await startCitationsApi(fakes, { now: () => new Date((clock += 1_000)) }); // every reading later than the last
    for (const body of [
      { text: P1, domain: 'acme.com' },
      { text: P2, domain: 'www.beta.de', aliases: ['beta.com'] },
    ]) {
      const res = await api.request('POST', '/api/v1/prompts', { body });
      expect(res.status).toBe(201);
      expect(res.headers.get('location')).toBe(`/api/v1/prompts/${res.json.prompt.id}`);
      ids[body.text] = res.json.prompt.id;
    }
  });
  afterAll(async () => {
    await api.close({ removeData: true });
    await fakes.close();
  });

  it('lists the prompts as created (domain normalised)', async () => {
    const res = await api.request('GET', '/api/v1/prompts');
    expect(res.status).toBe(200);
    expect(res.json.prompts.map((p: { text: string; domain: string; aliases: string[] }) => [p.text, p.domain, p.aliases])).toEqual([
      [P1, 'acme.com', []],
      [P2, 'beta.de', ['beta.com']],
    ]);
  });

  it('POST /citations/checks answers 202 at once, and the check completes with five rows per prompt', async () => {
    const res = await api.request('POST', '/api/v1/citations/checks');
    expect(res.status).toBe(202);
    const { check } = citationCheckEnvelopeSchema.parse(res.json);
    expect(check).toMatchObject({ prompt_count: 2, skipped_prompts: 0 });
    expect(res.headers.get('location')).toBe(`/api/v1/citations/checks/${check.id}`);
    await api.idle();
    const done = await api.request('GET', `/api/v1/citations/checks/${check.id}`);
    expect(done.status).toBe(200);
    expect(done.json.check).toMatchObject({ id: check.id, status: 'completed', result_count: 10 });
    expect(done.json.check.finished_at).not.toBeNull();

    const list = await api.request('GET', '/api/v1/citations?limit=100');
    expect(list.status).toBe(200);
    const body = citationListSchema.parse(list.json);
    expect(body.next_cursor).toBeNull();
    const byKey = new Map(body.citations.map((r) => [`${r.prompt === P1 ? 'P1' : 'P2'}:${r.engine}`, r]));
    const brief = (r: CitationResult | undefined) => r && [r.status, r.cited, r.position];
    expect(Object.fromEntries([...byKey].map(([k, r]) => [k, brief(r)]))).toEqual({
      'P1:chatgpt': ['ok', true, 2],
      'P1:perplexity': ['ok', true, 1],
      'P1:gemini': ['ok', true, 2],
      'P1:claude': ['ok', false, null],
      'P1:google_ai_overviews': ['ok', true, 2],
      'P2:chatgpt': ['ok', true, 1],
      'P2:perplexity': ['error', false, null],
      'P2:gemini': ['no_search', false, null],
      'P2:claude': ['ok', true, 1],
      'P2:google_ai_overviews': ['no_ai_overview', false, null],
    });
    expect(byKey.get('P1:chatgpt')!.cited_urls).toEqual(['https://www.acme.com/pricing']);
    expect(byKey.get('P1:gemini')!.cited_urls).toEqual(['https://blog.acme.com/agencies']);
    expect(byKey.get('P1:claude')!.retrieved).toBe(true);
    expect(byKey.get('P2:perplexity')!.error).toContain('401 Authorization Required');
    expect(byKey.get('P2:chatgpt')).toMatchObject({
      domain: 'beta.de',
      prompt_id: ids[P2],
      runs: 1,
      cited_runs: 1,
      cited_urls: ['https://beta.com/rechnung'],
    });
    for (const row of body.citations) {
      expect(row.check_id).toBe(check.id);
      expect(JSON.stringify(row)).not.toContain('account_id');
    }
    // The provider keys went out, each once per request, and never came back in a row.
    expect(fakes.openai.requestsFor(P1)[0]!.headers.authorization).toBe(`Bearer ${FAKE_KEYS.OPENAI_API_KEY}`);
    expect(list.text).not.toContain(FAKE_KEYS.SERPAPI_API_KEY);
  });

  it('filters by engine, prompt_id and domain, and pages with a cursor', async () => {
    const gemini = await api.request('GET', '/api/v1/citations?engine=gemini');
    expect(gemini.json.citations.map((r: CitationResult) => r.prompt)).toEqual([P1, P2]);
    const p2 = await api.request('GET', `/api/v1/citations?prompt_id=${ids[P2]}`);
    expect(p2.json.citations).toHaveLength(5);
    const beta = await api.request('GET', '/api/v1/citations?domain=www.beta.de');
    expect(beta.json.citations.every((r: CitationResult) => r.domain === 'beta.de')).toBe(true);
    const first = await api.request('GET', '/api/v1/citations?limit=4');
    const second = await api.request('GET', `/api/v1/citations?limit=4&cursor=${first.json.next_cursor}`);
    const third = await api.request('GET', `/api/v1/citations?limit=4&cursor=${second.json.next_cursor}`);
    expect(third.json.next_cursor).toBeNull();
    const keys = [...first.json.citations, ...second.json.citations, ...third.json.citations].map(
      (r: CitationResult) => `${r.prompt_id}${r.engine}`,
    );
    expect(new Set(keys).size).toBe(10);
  });

  it('keeps history: a second check adds rows, the default still shows the latest per (prompt, engine)', async () => {
    fakes.openai.on(P1, openaiNoSearch());
    const res = await api.request('POST', '/api/v1/citations/checks');
    await api.idle();
    const latest = await api.request('GET', '/api/v1/citations?engine=chatgpt');
    expect(latest.json.citations.find((r: CitationResult) => r.prompt === P1)).toMatchObject({
      status: 'no_search',
      check_id: res.json.check.id,
    });
    const history = await api.request('GET', `/api/v1/citations?history=true&prompt_id=${ids[P1]}&engine=chatgpt`);
    expect(history.json.citations.map((r: CitationResult) => r.status)).toEqual(['no_search', 'ok']);
    const all = await api.request('GET', '/api/v1/citations?history=1&limit=100');
    expect(all.json.citations).toHaveLength(20);
    const since = await api.request(
      'GET',
      `/api/v1/citations?history=true&limit=100&since=${encodeURIComponent(res.json.check.created_at)}`,
    );
    expect(since.json.citations).toHaveLength(10);
    expect(since.json.citations.every((r: CitationResult) => r.check_id === res.json.check.id)).toBe(true);
  });

  it('keeps accounts apart: no rows, no prompts, no checks of another account', async () => {
    const other = await api.newAccount('agency');
    expect((await api.request('GET', '/api/v1/citations', { key: other.key })).json).toEqual({ citations: [], next_cursor: null });
    expect((await api.request('GET', '/api/v1/prompts', { key: other.key })).json).toEqual({ prompts: [] });
    expect((await api.request('DELETE', `/api/v1/prompts/${ids[P1]}`, { key: other.key })).status).toBe(404);
    const mine = await api.request('POST', '/api/v1/citations/checks');
    await api.idle();
    const peek = await api.request('GET', `/api/v1/citations/checks/${mine.json.check.id}`, { key: other.key });
    expect(peek.status).toBe(404);
    expect(peek.json).toEqual({ error: 'Check not found' });
  });

  it('deleting a prompt removes its rows from the listings', async () => {
    const res = await api.request('DELETE', `/api/v1/prompts/${ids[P2]}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const list = await api.request('GET', '/api/v1/citations?limit=100');
    expect(list.json.citations.every((r: CitationResult) => r.prompt === P1)).toBe(true);
    expect((await api.request('DELETE', `/api/v1/prompts/${ids[P2]}`)).status).toBe(404);
  });
});

describe('citation tracking with engines missing or configured differently', () => {
  let fakes: ProviderFakes;
  let api: CitationsTestApi;
  beforeAll(async () => {
    fakes = await startProviderFakes();
    api = await startCitationsApi(fakes, { env: { SERPAPI_API_KEY: undefined, ANTHROPIC_API_KEY: '', CITATION_RUNS: '1' } });
  });
  afterAll(async () => {
    await api.close({ removeData: true });
    await fakes.close();
  });

  it('an engine without a key says not_configured, and runs/cited_runs count the samples', async () => {
    const P = 'which bookkeeping app is best';
    fakes.openai.on(
      P,
      openaiAnswer({ cited: [{ url: 'https://acme.io/' }] }),
      openaiNoSearch(),
      openaiAnswer({ cited: [{ url: 'https://x.com/' }, { url: 'https://acme.io/a' }] }),
    );
    fakes.perplexity.on(P, perplexityAnswer(['https://acme.io/']));
    fakes.gemini.on(P, geminiNoSearch());
    const created = await api.request('POST', '/api/v1/prompts', { body: { text: P, domain: 'acme.io', runs: 3 } });
    expect(created.json.prompt.runs).toBe(3);
    await api.request('POST', '/api/v1/citations/checks');
    await api.idle();
    const rows: CitationResult[] = (await api.request('GET', '/api/v1/citations')).json.citations;
    const byEngine = Object.fromEntries(rows.map((r) => [r.engine, r]));
    expect(byEngine.google_ai_overviews).toMatchObject({
      status: 'not_configured',
      error: 'SERPAPI_API_KEY is not set',
      cited: false,
      runs: 0,
    });
    expect(byEngine.claude).toMatchObject({ status: 'not_configured', error: 'ANTHROPIC_API_KEY is not set' });
    expect(byEngine.chatgpt).toMatchObject({ status: 'ok', cited: true, runs: 3, cited_runs: 2, position: 1 });
    expect(byEngine.perplexity).toMatchObject({ runs: 3, cited_runs: 3 });
    expect(byEngine.gemini).toMatchObject({ status: 'no_search', runs: 3, cited_runs: 0 });
    expect(fakes.serpapi.requests).toHaveLength(0);
    expect(fakes.claude.requests).toHaveLength(0);
  });
});
