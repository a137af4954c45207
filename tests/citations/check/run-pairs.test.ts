import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CITATION_ENGINE_IDS as CITATION_ENGINE_IDS } from '../../../shared/schema/citation-engines.js';
import { citationResultSchema } from '../../../shared/schema/citation.js';
import { DailyBudget } from '../../../server/citations/check/daily-budget.js';
import { EngineGate } from '../../../server/citations/check/engine-gate.js';
import { runPairs } from '../../../server/citations/check/run-pairs.js';
import { startProviderFakes, type ProviderFakes } from '../../helpers/fake-providers/index.js';
import { openaiAnswer, openaiInvalidKey, openaiNoSearch } from '../../helpers/fake-providers/openai.js';
import { perplexityAnswer } from '../../helpers/fake-providers/perplexity.js';
import { checkPair, testEnvironment, trackedPrompt } from '../helpers/check-env.js';

describe('running pairs', () => {
  let fakes: ProviderFakes;
  beforeAll(async () => {
    fakes = await startProviderFakes();
  });
  beforeEach(() => fakes.reset());
  afterAll(() => fakes.close());

  it('runs N samples and stores runs / cited_runs', async () => {
    const P = 'runs prompt';
    fakes.openai.on(
      P,
      openaiAnswer({ cited: [{ url: 'https://example.com/' }] }),
      openaiAnswer({ cited: [{ url: 'https://example.com/' }, { url: 'https://acme.com/x' }] }),
      openaiNoSearch(),
    );
    const { env } = testEnvironment(fakes);
    const { row } = await checkPair(env, trackedPrompt(P, 'acme.com', { runs: 3 }), 'chatgpt');
    expect(row).toMatchObject({ status: 'ok', runs: 3, cited_runs: 1, cited: true, position: 2, failed_runs: 0 });
    expect(fakes.openai.requests).toHaveLength(3);
  });

  it('uses CITATION_RUNS when the prompt does not say', async () => {
    fakes.openai.on('default runs', openaiNoSearch());
    const { env } = testEnvironment(fakes, { env: { CITATION_RUNS: '2' } });
    const { row } = await checkPair(env, trackedPrompt('default runs'), 'chatgpt');
    expect(row.runs).toBe(2);
  });

  it('an engine without a key is not_configured, and no request is made', async () => {
    const { env } = testEnvironment(fakes, { env: { OPENAI_API_KEY: undefined } });
    const { row, calls } = await checkPair(env, trackedPrompt('x'), 'chatgpt');
    expect(row).toMatchObject({ status: 'not_configured', error: 'OPENAI_API_KEY is not set', cited: false, runs: 0 });
    expect(calls).toBe(0);
    expect(fakes.openai.requests).toHaveLength(0);
  });

  it('the daily budget counts requests per engine and UTC day; exhausted is an error row', async () => {
    fakes.openai.on('a', openaiNoSearch()).on('b', openaiNoSearch());
    let now = new Date('2026-09-01T23:59:00Z');
    const { env } = testEnvironment(fakes, { env: { CITATION_DAILY_BUDGET_CHATGPT: '1' }, now: () => now });
    expect((await checkPair(env, trackedPrompt('a'), 'chatgpt')).row.status).toBe('no_search');
    const refused = (await checkPair(env, trackedPrompt('b'), 'chatgpt')).row;
    expect(refused.status).toBe('error');
    expect(refused.error).toMatch(/^daily budget exhausted/);
    expect(fakes.openai.requests).toHaveLength(1);
    now = new Date('2026-09-02T00:01:00Z');
    expect((await checkPair(env, trackedPrompt('b'), 'chatgpt')).row.status).toBe('no_search');
  });

  it('the budget starts from what stored rows already spent today (a restart does not reset it)', async () => {
    const now = () => new Date('2026-09-01T10:00:00Z');
    const days: string[] = [];
    const budget = new DailyBudget(
      { chatgpt: 5, perplexity: 5, gemini: 5, claude: 5, google_ai_overviews: 5, google_ai_mode: 5 },
      now,
      async (engine, day) => {
        days.push(`${engine}@${day}`);
        return 5;
      },
    );
    const { env } = testEnvironment(fakes, { now });
    env.gate = new EngineGate(2, budget);
    const { row } = await checkPair(env, trackedPrompt('spent'), 'chatgpt');
    expect(row.error).toMatch(/^daily budget exhausted/);
    expect(days).toEqual(['chatgpt@2026-09-01']);
  });

  it('holds at most CITATION_CONCURRENCY requests in flight per engine', async () => {
    const { env } = testEnvironment(fakes, { env: { CITATION_CONCURRENCY: '2' } });
    const tasks = Array.from({ length: 6 }, (_, i) => {
      fakes.perplexity.on(`parallel ${i}`, { ...perplexityAnswer(['https://acme.com/']), delayMs: 40 });
      return { prompt: trackedPrompt(`parallel ${i}`), engine: 'perplexity' as const, checkId: 'chk_AAAAAAAAAAAAAAAA' };
    });
    const outcome = await runPairs(tasks, env);
    expect(outcome.results).toHaveLength(6);
    expect(fakes.perplexity.maxInFlight).toBe(2);
  });

  it('one engine failing, or one row failing to store, loses none of the other rows', async () => {
    const P = 'five engines';
    fakes.openai.on(P, openaiInvalidKey());
    fakes.perplexity.on(P, perplexityAnswer(['https://acme.com/']));
    const { env } = testEnvironment(fakes, {
      env: { GEMINI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined, SERPAPI_API_KEY: undefined },
    });
    const stored: string[] = [];
    const outcome = await runPairs(
      CITATION_ENGINE_IDS.map((engine) => ({ prompt: trackedPrompt(P), engine, checkId: 'chk_AAAAAAAAAAAAAAAA' })),
      env,
      {
        onRow: async ({ row }) => {
          if (row.engine === 'gemini') throw new Error('disk full');
          stored.push(`${row.engine}:${row.status}`);
        },
      },
    );
    expect(outcome.unsaved).toBe(1);
    expect(stored.sort()).toEqual(['chatgpt:error', 'claude:not_configured', 'google_ai_overviews:not_configured', 'perplexity:ok']);
    for (const { row } of outcome.results) expect(citationResultSchema.parse(row)).toEqual(row);
  });
});
