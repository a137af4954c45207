/** The in-process scheduler with an injected clock: due prompts are checked once; restarts neither repeat nor forget. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CITATION_ENGINE_IDS as CITATION_ENGINE_IDS } from '../../shared/schema/citation-engines.js';
import { readCitationConfig } from '../../server/citations/config.js';
import { createCitationsRuntime, type CitationsRuntime } from '../../server/citations/runtime.js';
import { LowdbCitationStore } from '../../server/store/lowdb/citations.js';
import type { StoredPrompt } from '../../server/store/contracts/citations.js';
import { claudeAnswer } from '../helpers/fake-providers/claude.js';
import type { FakeReply } from '../helpers/fake-providers/fake-server.js';
import { geminiNoSearch } from '../helpers/fake-providers/gemini.js';
import { startProviderFakes, type ProviderFakes } from '../helpers/fake-providers/index.js';
import { openaiAnswer } from '../helpers/fake-providers/openai.js';
import { perplexityAnswer } from '../helpers/fake-providers/perplexity.js';
import { serpNoOverview } from '../helpers/fake-providers/serpapi.js';
import { until } from '../helpers/until.js';

const TEXT = 'best crm for a design studio';
const T0 = Date.parse('2026-09-01T06:00:00.000Z');
const HOUR = 3_600_000;
const ACCOUNT = 'acct_SCHEDULERTEST';
const PROMPT: StoredPrompt = {
  id: 'prm_SCHEDULER000001',
  project_id: null,
  account_id: ACCOUNT,
  text: TEXT,
  domain: 'acme.com',
  aliases: [],
  runs: null,
  created_at: new Date(T0 - HOUR).toISOString(),
};

describe('the citation scheduler', () => {
  let fakes: ProviderFakes;
  let dir: string;
  let store: LowdbCitationStore;
  let runtime: CitationsRuntime | null;
  let clock: number;

  beforeAll(async () => {
    fakes = await startProviderFakes();
  });
  afterAll(() => fakes.close());

  const script = (openai: FakeReply = openaiAnswer({ cited: [{ url: 'https://acme.com/' }] })) => {
    fakes.openai.on(TEXT, openai);
    fakes.perplexity.on(TEXT, perplexityAnswer(['https://example.com/']));
    fakes.gemini.on(TEXT, geminiNoSearch());
    fakes.claude.on(TEXT, claudeAnswer({ retrieved: [{ url: 'https://acme.com/' }], cited: [{ url: 'https://acme.com/' }] }));
    fakes.serpapi.on(`q:${TEXT}`, serpNoOverview(TEXT));
  };
  const requestCounts = () => [fakes.openai, fakes.perplexity, fakes.gemini, fakes.claude, fakes.serpapi].map((f) => f.requests.length);

  /** A fresh process: the store reopened from disk, a new runtime (scheduler, leases, budget). */
  const boot = async (env: Record<string, string | undefined> = {}) => {
    store = await LowdbCitationStore.open(dir);
    runtime = createCitationsRuntime({
      config: readCitationConfig(fakes.env({ CITATION_INTERVAL: '1h', ...env })),
      store: async () => store,
      now: () => new Date(clock),
      http: { sleep: async () => undefined, random: () => 0.5 },
    });
    return runtime;
  };
  const shutdown = async () => {
    await runtime?.scheduler.stop();
    await store.close();
    runtime = null;
  };

  beforeEach(async () => {
    fakes.reset();
    clock = T0;
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-scheduler-'));
    await boot();
    await store.createPrompt(PROMPT, 10);
  });
  afterEach(async () => {
    if (runtime) await shutdown();
    await rm(dir, { recursive: true, force: true });
  });

  it('checks a due prompt once per interval', async () => {
    script();
    const check = await runtime!.scheduler.tick();
    expect(check).toMatchObject({ trigger: 'schedule', account_id: null, prompt_count: 1 });
    await runtime!.runner.whenIdle();
    expect(requestCounts()).toEqual([1, 1, 1, 1, 1]);
    expect(Object.keys(await store.latestResults(PROMPT.id)).sort()).toEqual([...CITATION_ENGINE_IDS].sort());
    expect((await store.getCheck(check!.id))?.status).toBe('completed');

    expect(await runtime!.scheduler.tick()).toBeNull();
    clock = T0 + HOUR - 60_000;
    expect(await runtime!.scheduler.tick()).toBeNull();
    expect(requestCounts()).toEqual([1, 1, 1, 1, 1]);

    clock = T0 + HOUR + 60_000;
    expect(await runtime!.scheduler.tick()).not.toBeNull();
    await runtime!.runner.whenIdle();
    expect(requestCounts()).toEqual([2, 2, 2, 2, 2]);
  });

  it('a restart does not run again what was checked before it, and still runs what falls due', async () => {
    script();
    await runtime!.scheduler.start();
    await runtime!.runner.whenIdle();
    expect(requestCounts()).toEqual([1, 1, 1, 1, 1]);
    await shutdown();

    clock = T0 + 10 * 60_000;
    await (await boot()).scheduler.start();
    await runtime!.runner.whenIdle();
    expect(requestCounts()).toEqual([1, 1, 1, 1, 1]);
    await shutdown();

    clock = T0 + HOUR + 1;
    await (await boot()).scheduler.start();
    await runtime!.runner.whenIdle();
    expect(requestCounts()).toEqual([2, 2, 2, 2, 2]);
  });

  it('an engine given its key after a restart is asked at once, not an interval later', async () => {
    script();
    await shutdown();
    await (await boot({ GEMINI_API_KEY: undefined })).scheduler.start();
    await runtime!.runner.whenIdle();
    expect((await store.latestResults(PROMPT.id)).gemini?.status).toBe('not_configured');
    expect(requestCounts()).toEqual([1, 1, 0, 1, 1]);
    await shutdown();

    clock = T0 + 60_000;
    await (await boot()).scheduler.start();
    await runtime!.runner.whenIdle();
    expect(requestCounts()).toEqual([1, 1, 1, 1, 1]);
    expect((await store.latestResults(PROMPT.id)).gemini?.status).toBe('no_search');
  });

  it('resumes a check a crash interrupted: only the pairs without a row, under the same check id', async () => {
    script();
    const created_at = new Date(T0).toISOString();
    await store.putCheck({
      id: 'chk_CRASHEDCHECK0001',
      account_id: ACCOUNT,
      trigger: 'manual',
      status: 'running',
      created_at,
      finished_at: null,
      pairs: CITATION_ENGINE_IDS.map((engine) => ({ prompt_id: PROMPT.id, engine })),
      prompt_count: 1,
      skipped_prompts: 0,
    });
    for (const engine of ['chatgpt', 'perplexity'] as const) {
      await store.appendResult({
        account_id: ACCOUNT,
        prompt: TEXT,
        engine,
        cited: false,
        checked_at: new Date(T0 + 1_000).toISOString(),
        prompt_id: PROMPT.id,
        domain: 'acme.com',
        status: 'ok',
        cited_urls: [],
        position: null,
        runs: 1,
        cited_runs: 0,
        failed_runs: 0,
        retrieved: false,
        unresolved_citations: 0,
        model: null,
        check_id: 'chk_CRASHEDCHECK0001',
        calls: 1,
        project_id: null,
        mentioned: false,
        mentioned_runs: 0,
        visible_runs: 0,
        search_queries: [],
        competitors: [],
        surface: 'api',
      });
    }
    await shutdown();

    clock = T0 + 120_000;
    await (await boot()).scheduler.start();
    await runtime!.runner.whenIdle();
    expect(requestCounts()).toEqual([0, 0, 1, 1, 1]);
    expect(await store.getCheck('chk_CRASHEDCHECK0001')).toMatchObject({ status: 'completed' });
    expect(await store.resultCount('chk_CRASHEDCHECK0001')).toBe(5);
    expect(await store.unfinishedChecks()).toEqual([]);
  });

  it('a shutdown mid-check stores what finished; the next start runs only the rest', async () => {
    script({ hang: true });
    const check = await runtime!.scheduler.tick();
    await until('the four rows stored before the hanging engine', async () =>
      (await store.resultCount(check!.id)) === 4 ? true : undefined,
    );
    await shutdown(); // cancels the hanging OpenAI request
    store = await LowdbCitationStore.open(dir);
    expect(await store.getCheck(check!.id)).toMatchObject({ status: 'running' });
    expect((await store.latestResults(PROMPT.id)).chatgpt).toBeUndefined();
    await store.close();

    script(openaiAnswer({ cited: [{ url: 'https://acme.com/' }] }));
    clock = T0 + 60_000;
    await (await boot()).scheduler.start();
    await runtime!.runner.whenIdle();
    expect(requestCounts()).toEqual([2, 1, 1, 1, 1]);
    expect((await store.latestResults(PROMPT.id)).chatgpt).toMatchObject({ cited: true, check_id: check!.id });
    expect(await store.getCheck(check!.id)).toMatchObject({ status: 'completed' });
  });

  it('two overlapping checks never ask about the same prompt: the second skips it', async () => {
    script({ ...openaiAnswer({ cited: [] }), delayMs: 100 });
    const scheduled = await runtime!.scheduler.tick();
    const manual = await runtime!.scheduler.checkNow(ACCOUNT);
    expect(manual).toMatchObject({ status: 'completed', prompt_count: 0, skipped_prompts: 1 });
    await runtime!.runner.whenIdle();
    expect(requestCounts()).toEqual([1, 1, 1, 1, 1]);
    expect(await store.resultCount(scheduled!.id)).toBe(5);
  });
});
