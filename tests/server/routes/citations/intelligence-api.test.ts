/**
 * Projects and citation intelligence end to end (docs/api-decisions.md#projects-and-citation-intelligence): the real API on 127.0.0.1, a
 * check against the provider fakes answering in each provider's shape, then the rows, the summary, the
 * sources and the runs, with the figures worked out by hand below.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  citationRunListSchema,
  citationSourcesSchema,
  citationSummaryEnvelopeSchema,
} from '../../../../shared/schema/citation-intelligence.js';
import { citationListSchema } from '../../../../shared/schema/citation.js';
import { projectEnvelopeSchema } from '../../../../shared/schema/project.js';
import type { PairStored } from '../../../../server/citations/check/pair-stored.js';
import { claudeAnswer } from '../../../helpers/fake-providers/claude.js';
import { startProviderFakes, type ProviderFakes } from '../../../helpers/fake-providers/index.js';
import { openaiAnswer } from '../../../helpers/fake-providers/openai.js';
import { perplexityAnswer } from '../../../helpers/fake-providers/perplexity.js';
import { serpAiMode } from '../../../helpers/fake-providers/serpapi.js';
import { startCitationsApi, type CitationsTestApi } from '../../../citations/helpers/citations-api.js';

const P = 'best crm for small agencies';
const TODAY = new Date().toISOString().slice(0, 10);

describe('projects, mentions, summary, sources and runs through the API', () => {
  let fakes: ProviderFakes;
  let api: CitationsTestApi;
  let key: string;
  const stored: PairStored[] = [];
  beforeAll(async () => {
    fakes = await startProviderFakes();
    api = await startCitationsApi(fakes, {
      env: { CITATION_ENGINES: 'chatgpt,perplexity,claude,google_ai_mode' },
      onPairStored: (e) => void stored.push(e),
    });
  });
  beforeEach(async () => {
    fakes.reset();
    stored.length = 0;
    ({ key } = await api.newAccount('agency'));
  });
  afterAll(async () => {
    await api.close({ removeData: true });
    await fakes.close();
  });

  const project = {
    name: 'Acme',
    domain: 'acme.com',
    brand: { name: 'Acme', aliases: ['Acme CRM'] },
    competitors: [
      { name: 'Globex', domains: ['globex.com'] },
      { name: 'Initech', domains: ['initech.io'], aliases: ['Initech Cloud'] },
    ],
  };

  /** chatgpt names ACME’s and Globex and cites g2 then acme; perplexity names nobody and cites globex and g2;
   *  claude names and cites Initech; AI Mode names Acme CRM and cites acme first. */
  function script(): void {
    fakes.openai.on(
      P,
      openaiAnswer({
        text: 'For agencies, ACME’s pipeline view and Globex stand out.',
        cited: [{ url: 'https://www.g2.com/categories/crm' }, { url: 'https://acme.com/pricing' }],
      }),
    );
    fakes.perplexity.on(P, perplexityAnswer(['https://globex.com/crm', 'https://www.g2.com/categories/crm']));
    fakes.claude.on(
      P,
      claudeAnswer({
        retrieved: [{ url: 'https://initech.io/agencies' }],
        cited: [{ url: 'https://initech.io/agencies', title: 'Initech Cloud' }],
      }),
    );
    fakes.serpapi.on(
      `mode:${P}`,
      serpAiMode(
        P,
        ['Acme CRM is built for small agencies; see acme.com/agency for details.'],
        ['https://acme.com/agency', 'https://www.capterra.com/crm'],
      ),
    );
  }

  async function checkNow(): Promise<void> {
    expect((await api.request('POST', '/api/v1/citations/checks', { key })).status).toBe(202);
    await api.idle();
  }

  async function newProjectWithPrompt(): Promise<{ projectId: string; promptId: string }> {
    const created = await api.request('POST', '/api/v1/projects', { key, body: project });
    expect(created.status).toBe(201);
    const { project: p } = projectEnvelopeSchema.parse(created.json);
    const prompt = await api.request('POST', '/api/v1/prompts', { key, body: { text: P, project_id: p.id } });
    expect(prompt.status).toBe(201);
    return { projectId: p.id, promptId: (prompt.json as { prompt: { id: string } }).prompt.id };
  }

  it('rows gain mentioned, mentioned_runs, visible_runs, search_queries, competitors and surface', async () => {
    const { projectId } = await newProjectWithPrompt();
    script();
    await checkNow();
    const { citations } = citationListSchema.parse((await api.request('GET', '/api/v1/citations', { key })).json);
    const by = Object.fromEntries(citations.map((r) => [r.engine, r]));
    expect(Object.keys(by)).toEqual(['chatgpt', 'perplexity', 'claude', 'google_ai_mode']);
    expect(by.chatgpt).toMatchObject({
      project_id: projectId,
      cited: true,
      position: 2,
      mentioned: true,
      mentioned_runs: 1,
      visible_runs: 1,
      surface: 'api',
    });
    expect(by.chatgpt!.search_queries).toEqual(['best project management tool small agencies']);
    expect(by.chatgpt!.competitors).toEqual([
      { name: 'Globex', mentioned_runs: 1, cited_runs: 0, visible_runs: 1 },
      { name: 'Initech', mentioned_runs: 0, cited_runs: 0, visible_runs: 0 },
    ]);
    expect(by.perplexity).toMatchObject({ cited: false, mentioned: false, visible_runs: 0, search_queries: [] });
    expect(by.perplexity!.competitors[0]).toEqual({ name: 'Globex', mentioned_runs: 0, cited_runs: 1, visible_runs: 1 });
    expect(by.claude!.competitors[1]).toEqual({ name: 'Initech', mentioned_runs: 1, cited_runs: 1, visible_runs: 1 });
    // "acme.com/agency" in the AI Mode text is a link, not a mention; "Acme CRM" is.
    expect(by.google_ai_mode).toMatchObject({ surface: 'serp', cited: true, position: 1, mentioned: true, search_queries: [P] });
    expect(fakes.serpapi.requests[0]!.query.get('engine')).toBe('google_ai_mode');
  });

  it('GET /citations/summary: the contract formulas over the window', async () => {
    const { projectId } = await newProjectWithPrompt();
    script();
    await checkNow();
    const res = await api.request('GET', `/api/v1/citations/summary?project_id=${projectId}`, { key });
    expect(res.status).toBe(200);
    const { summary } = citationSummaryEnvelopeSchema.parse(res.json);
    // 4 runs; brand visible in chatgpt and AI Mode (both mentioned and cited); Globex visible twice, Initech once.
    expect(summary).toMatchObject({
      runs: 4,
      visible_runs: 2,
      mentioned_runs: 2,
      cited_runs: 2,
      visibility: 0.5,
      citation_rate: 0.5,
      share_of_voice: 0.4,
      avg_position: 1.5,
    });
    expect(summary.competitors).toEqual([
      { name: 'Globex', visible_runs: 2, visibility: 0.5, share_of_voice: 0.4 },
      { name: 'Initech', visible_runs: 1, visibility: 0.25, share_of_voice: 0.2 },
    ]);
    expect(summary.by_engine.map((e) => [e.engine, e.runs, e.visibility, e.share_of_voice, e.avg_position])).toEqual([
      ['chatgpt', 1, 1, 0.5, 2],
      ['perplexity', 1, 0, 0, null],
      ['claude', 1, 0, 0, null],
      ['google_ai_mode', 1, 1, 1, 1],
    ]);
    expect(summary.series).toHaveLength(30);
    expect(summary.series.at(-1)).toEqual({ date: TODAY, runs: 4, visibility: 0.5, share_of_voice: 0.4 });
    expect(summary.series[0]).toMatchObject({ runs: 0, visibility: 0, share_of_voice: 0 });

    const chatgpt = citationSummaryEnvelopeSchema.parse(
      (await api.request('GET', `/api/v1/citations/summary?project_id=${projectId}&engine=chatgpt&since=${TODAY}&until=${TODAY}`, { key }))
        .json,
    ).summary;
    expect(chatgpt).toMatchObject({
      runs: 1,
      visibility: 1,
      share_of_voice: 0.5,
      series: [{ date: TODAY, runs: 1, visibility: 1, share_of_voice: 0.5 }],
    });
    // The whole account (no project_id) counts the same prompt.
    expect(citationSummaryEnvelopeSchema.parse((await api.request('GET', '/api/v1/citations/summary', { key })).json).summary.runs).toBe(4);
  });

  it('a single prompt, and a window without runs', async () => {
    const { promptId } = await newProjectWithPrompt();
    script();
    await checkNow();
    const one = citationSummaryEnvelopeSchema.parse(
      (await api.request('GET', `/api/v1/citations/summary?prompt_id=${promptId}`, { key })).json,
    ).summary;
    expect(one).toMatchObject({ runs: 4, visibility: 0.5, share_of_voice: 0.4, avg_position: 1.5 });
    const empty = citationSummaryEnvelopeSchema.parse(
      (await api.request('GET', `/api/v1/citations/summary?since=2020-01-01&until=2020-01-31`, { key })).json,
    ).summary;
    expect(empty).toMatchObject({ runs: 0, visibility: 0, citation_rate: 0, share_of_voice: 0, avg_position: null, by_engine: [] });
    expect(empty.series).toHaveLength(31);
  });

  it('GET /citations/sources: registrable domains, kinds, engines and top URLs', async () => {
    const { projectId } = await newProjectWithPrompt();
    script();
    await checkNow();
    const res = await api.request('GET', `/api/v1/citations/sources?project_id=${projectId}`, { key });
    expect(res.status).toBe(200);
    const { sources } = citationSourcesSchema.parse(res.json);
    expect(sources.map((s) => [s.domain, s.kind, s.competitor, s.citations, s.runs, s.engines])).toEqual([
      ['acme.com', 'owned', null, 2, 2, ['chatgpt', 'google_ai_mode']],
      ['g2.com', 'third_party', null, 2, 2, ['chatgpt', 'perplexity']],
      ['capterra.com', 'third_party', null, 1, 1, ['google_ai_mode']],
      ['globex.com', 'competitor', 'Globex', 1, 1, ['perplexity']],
      ['initech.io', 'competitor', 'Initech', 1, 1, ['claude']],
    ]);
    expect(sources[0]!.top_urls).toEqual([
      { url: 'https://acme.com/agency', citations: 1 },
      { url: 'https://acme.com/pricing', citations: 1 },
    ]);
    const limited = citationSourcesSchema.parse(
      (await api.request('GET', `/api/v1/citations/sources?project_id=${projectId}&engine=perplexity&limit=1`, { key })).json,
    );
    expect(limited.sources.map((s) => s.domain)).toEqual(['g2.com']); // g2 and globex tie at 1: by name
  });

  it('GET /citations/runs: answer texts, URLs and searches, paged by runs', async () => {
    await newProjectWithPrompt();
    script();
    await checkNow();
    const first = citationRunListSchema.parse((await api.request('GET', '/api/v1/citations/runs?limit=3', { key })).json);
    expect(first.runs).toHaveLength(3);
    expect(first.next_cursor).not.toBeNull();
    const rest = citationRunListSchema.parse(
      (await api.request('GET', `/api/v1/citations/runs?limit=3&cursor=${first.next_cursor}`, { key })).json,
    );
    expect(rest.runs).toHaveLength(1);
    expect(rest.next_cursor).toBeNull();
    const runs = [...first.runs, ...rest.runs];
    expect(runs.map((r) => r.engine).sort()).toEqual(['chatgpt', 'claude', 'google_ai_mode', 'perplexity']);
    const claude = runs.find((r) => r.engine === 'claude')!;
    expect(claude.answer).toBe("I'll search for current options.Initech Cloud is a frequent pick for agencies overall.");
    expect(claude).toMatchObject({
      retrieved_urls: ['https://initech.io/agencies'],
      cited_urls: ['https://initech.io/agencies'],
      search_queries: ['best project management tool small agencies'],
    });
    expect(claude.competitors).toEqual([
      { name: 'Globex', mentioned: false, cited: false },
      { name: 'Initech', mentioned: true, cited: true },
    ]);
    const chatgpt = runs.find((r) => r.engine === 'chatgpt')!;
    expect(chatgpt.cited_urls).toEqual(['https://www.g2.com/categories/crm', 'https://acme.com/pricing']);
    expect(chatgpt.answer).toContain('ACME’s pipeline view');
    expect((await api.request('GET', '/api/v1/citations/runs?cursor=bogus', { key })).status).toBe(400);
  });

  it('deleting the prompt takes its runs out of the summary and sources; PATCH replaces competitors', async () => {
    const { projectId, promptId } = await newProjectWithPrompt();
    script();
    await checkNow();
    const patched = await api.request('PATCH', `/api/v1/projects/${projectId}`, {
      key,
      body: { competitors: [{ name: 'Initech', domains: ['initech.io'] }] },
    });
    expect(patched.status).toBe(200);
    const summary = citationSummaryEnvelopeSchema.parse(
      (await api.request('GET', `/api/v1/citations/summary?project_id=${projectId}`, { key })).json,
    ).summary;
    expect(summary.competitors.map((c) => c.name)).toEqual(['Initech']);
    expect(summary.share_of_voice).toBe(0.6667); // 2 / (2 + 1): Globex no longer counts
    expect((await api.request('DELETE', `/api/v1/prompts/${promptId}`, { key })).status).toBe(204);
    expect(
      citationSummaryEnvelopeSchema.parse((await api.request('GET', `/api/v1/citations/summary?project_id=${projectId}`, { key })).json)
        .summary.runs,
    ).toBe(0);
    expect(
      citationSourcesSchema.parse((await api.request('GET', `/api/v1/citations/sources?project_id=${projectId}`, { key })).json).sources,
    ).toEqual([]);
  });

  it('onPairStored tells monitors when a pair became cited or stopped being cited', async () => {
    await newProjectWithPrompt();
    script();
    await checkNow();
    expect(
      stored
        .filter((e) => e.transition)
        .map((e) => [e.row.engine, e.transition])
        .sort(),
    ).toEqual([
      ['chatgpt', 'citation.gained'],
      ['google_ai_mode', 'citation.gained'],
    ]);
    stored.length = 0;
    fakes.openai.on(P, openaiAnswer({ text: 'Globex leads.', cited: [{ url: 'https://globex.com/' }] }));
    await checkNow();
    expect(stored.filter((e) => e.transition).map((e) => [e.row.engine, e.transition])).toEqual([['chatgpt', 'citation.lost']]);
    expect(stored).toHaveLength(4);
  });

  it('projects: CRUD, defaults, validation, other accounts and cascade', async () => {
    const created = await api.request('POST', '/api/v1/projects', {
      key,
      body: { name: ' Umbrella ', domain: 'WWW.Umbrella.com', aliases: ['umbrella.co.uk', 'umbrella.com'] },
    });
    expect(created.status).toBe(201);
    const { project: p } = projectEnvelopeSchema.parse(created.json);
    expect(p).toMatchObject({
      name: 'Umbrella',
      domain: 'umbrella.com',
      aliases: ['umbrella.co.uk'],
      brand: { name: 'Umbrella', aliases: [], case_sensitive: [] },
      competitors: [],
    });
    expect(p.id).toMatch(/^prj_[A-Za-z0-9]{16}$/);
    expect(created.headers.get('location')).toBe(`/api/v1/projects/${p.id}`);
    expect((await api.request('GET', `/api/v1/projects/${p.id}`, { key })).json).toEqual({ project: p });
    expect(((await api.request('GET', '/api/v1/projects', { key })).json as { projects: unknown[] }).projects).toEqual([p]);
    const other = await api.newAccount('agency');
    expect((await api.request('GET', `/api/v1/projects/${p.id}`, { key: other.key })).status).toBe(404);
    for (const body of [
      { name: 'x', domain: 'github.io' },
      { name: '', domain: 'a.com' },
      { name: 'x', domain: 'a.com', competitors: Array.from({ length: 21 }, (_, i) => ({ name: `c${i}`, domains: [] })) },
      {
        name: 'x',
        domain: 'a.com',
        competitors: [
          { name: 'A', domains: [] },
          { name: 'a', domains: [] },
        ],
      },
      { name: 'x', domain: 'a.com', brand: { name: 'Notion', case_sensitive: ['notion'] } },
      { name: 'x', domain: 'a.com', colour: 'red' },
    ]) {
      const res = await api.request('POST', '/api/v1/projects', { key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json as object)).toEqual(['error']);
    }
    expect((await api.request('PATCH', `/api/v1/projects/${p.id}`, { key, body: {} })).status).toBe(400);
    const prompt = await api.request('POST', '/api/v1/prompts', { key, body: { text: 'umbrella insurance', project_id: p.id } });
    expect(prompt.json).toMatchObject({ prompt: { domain: 'umbrella.com', aliases: ['umbrella.co.uk'], project_id: p.id } });
    expect(
      (await api.request('POST', '/api/v1/prompts', { key, body: { text: 'other', project_id: p.id, domain: 'other.com' } })).status,
    ).toBe(400);
    expect((await api.request('POST', '/api/v1/prompts', { key: other.key, body: { text: 'other', project_id: p.id } })).status).toBe(400);
    expect((await api.request('DELETE', `/api/v1/projects/${p.id}`, { key })).status).toBe(204);
    expect(((await api.request('GET', '/api/v1/prompts', { key })).json as { prompts: unknown[] }).prompts).toEqual([]);
    expect((await api.request('GET', `/api/v1/projects/${p.id}`, { key })).status).toBe(404);
  });

  it('summary and sources refuse days that do not exist and unknown projects', async () => {
    for (const q of [
      'since=2026-02-30',
      'until=2026-13-01',
      'since=2026-03-02&until=2026-03-01',
      'since=2020-01-01&until=2026-01-01',
      'engine=bing',
      'project_id=nope',
    ]) {
      const res = await api.request('GET', `/api/v1/citations/summary?${q}`, { key });
      expect(res.status, q).toBe(400);
    }
    expect((await api.request('GET', '/api/v1/citations/summary?project_id=prj_0000000000000000', { key })).status).toBe(404);
    expect((await api.request('GET', '/api/v1/citations/sources?since=2026-02-29', { key })).status).toBe(400);
    expect((await api.request('GET', '/api/v1/citations/sources?limit=501', { key })).status).toBe(400);
  });
});
