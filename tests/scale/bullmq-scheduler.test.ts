/**
 * The BullMQ citation scheduler (REDIS_URL) with two scheduler instances, as two server processes have,
 * sharing one real Redis and one real PostgreSQL database: each due (prompt, engine) is asked exactly
 * once, manual checks are not duplicated, and a stopped instance's unfinished pair is finished by the
 * other. (The same with two real server processes: cluster.test.ts.)
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CITATION_ENGINE_IDS } from '../../shared/schema/citation-engines.js';
import { readCitationConfig } from '../../server/citations/config.js';
import { createBullmqScheduler } from '../../server/citations/queue/bullmq-scheduler.js';
import { createCitationsRuntime, type CitationsRuntime } from '../../server/citations/runtime.js';
import type { StoredPrompt } from '../../server/store/contracts/citations.js';
import { PostgresStore } from '../../server/store/postgres/store.js';
import { until } from '../helpers/until.js';
import { claudeAnswer } from '../helpers/fake-providers/claude.js';
import type { FakeReply } from '../helpers/fake-providers/fake-server.js';
import { geminiNoSearch } from '../helpers/fake-providers/gemini.js';
import { startProviderFakes, type ProviderFakes } from '../helpers/fake-providers/index.js';
import { openaiAnswer } from '../helpers/fake-providers/openai.js';
import { perplexityAnswer } from '../helpers/fake-providers/perplexity.js';
import { serpNoOverview } from '../helpers/fake-providers/serpapi.js';
import { servicesAvailable, startPostgres, startRedis, type PostgresServer, type RedisServer } from '../helpers/services/index.js';

const T0 = Date.parse('2026-09-01T06:00:00.000Z');
const HOUR = 3_600_000;
const ACCOUNT = 'acct_QUEUETEST000';

const promptNo = (n: number): StoredPrompt => ({
  id: `prm_QUEUE${String(n).padStart(11, '0')}`,
  project_id: null,
  account_id: ACCOUNT,
  text: `best crm for studio number ${n}`,
  domain: 'acme.com',
  aliases: [],
  runs: null,
  created_at: new Date(T0 - HOUR + n).toISOString(),
});

interface Instance {
  store: PostgresStore;
  runtime: CitationsRuntime;
}

describe.runIf(servicesAvailable('postgres', 'redis'))('BullMQ citation scheduler: two instances, one Redis, one PostgreSQL', () => {
  let pg: PostgresServer;
  let redis: RedisServer;
  let fakes: ProviderFakes;
  let databaseUrl: string;
  let clock: number;
  let instances: Instance[] = [];

  beforeAll(async () => {
    [pg, redis, fakes] = await Promise.all([startPostgres(), startRedis(), startProviderFakes()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([pg?.stop(), redis?.stop(), fakes?.close()]);
  });
  beforeEach(async () => {
    fakes.reset();
    clock = T0;
    databaseUrl = await pg.createDatabase();
    const flush = new Redis(redis.url);
    await flush.flushall();
    flush.disconnect();
  });
  afterEach(async () => {
    for (const instance of instances.splice(0)) await shutdown(instance);
  });

  /** A server process's citation half: its own store connection, runtime and scheduler (not started). */
  const boot = async (): Promise<Instance> => {
    const store = await PostgresStore.open(databaseUrl, { poolSize: 4 });
    const config = readCitationConfig(fakes.env({ CITATION_INTERVAL: '1h' }));
    const runtime = createCitationsRuntime({
      config,
      store: () => store.citations(),
      now: () => new Date(clock),
      http: { sleep: async () => undefined, random: () => 0.5 },
      createScheduler: (parts) => createBullmqScheduler({ ...parts, redisUrl: redis.url, intervalMs: config.intervalMs, tickMs: 60_000 }),
    });
    const instance = { store, runtime };
    instances.push(instance);
    return instance;
  };
  const shutdown = async (instance: Instance) => {
    instances = instances.filter((i) => i !== instance);
    await instance.runtime.scheduler.stop();
    await instance.store.close();
  };

  const script = (text: string, openai: FakeReply[] = [openaiAnswer({ cited: [{ url: 'https://acme.com/' }] })]) => {
    fakes.openai.on(text, ...openai);
    fakes.perplexity.on(text, perplexityAnswer(['https://example.com/']));
    fakes.gemini.on(text, geminiNoSearch());
    fakes.claude.on(text, claudeAnswer({ retrieved: [{ url: 'https://acme.com/' }], cited: [{ url: 'https://acme.com/' }] }));
    fakes.serpapi.on(`q:${text}`, serpNoOverview(text));
  };
  const requestsFor = (text: string) => [
    fakes.openai.requestsFor(text).length,
    fakes.perplexity.requestsFor(text).length,
    fakes.gemini.requestsFor(text).length,
    fakes.claude.requestsFor(text).length,
    fakes.serpapi.requestsFor(`q:${text}`).length,
  ];
  const rowCount = async (store: PostgresStore) => Number((await store.pool.query('SELECT count(*) AS n FROM citation_results')).rows[0].n);
  const pairRowCounts = async (store: PostgresStore) =>
    (await store.pool.query<{ n: number }>('SELECT count(*)::bigint AS n FROM citation_results GROUP BY prompt_id, engine')).rows.map(
      (r) => r.n,
    );
  const settled = async (store: PostgresStore, rows: number) => {
    const citations = await store.citations();
    await until(`${rows} result rows and no unfinished check`, async () =>
      (await rowCount(store)) >= rows && (await citations.unfinishedChecks()).length === 0 ? true : undefined,
    );
  };

  it('both instances start and pass over the same due prompts at once: every (prompt, engine) is asked exactly once', async () => {
    const prompts = Array.from({ length: 8 }, (_, i) => promptNo(i + 1));
    const [a, b] = [await boot(), await boot()];
    const citations = await a.store.citations();
    for (const p of prompts) {
      script(p.text);
      await citations.createPrompt(p, 100);
    }
    await Promise.all([a.runtime.scheduler.start(), b.runtime.scheduler.start(), a.runtime.scheduler.tick(), b.runtime.scheduler.tick()]);
    await Promise.all([a.runtime.scheduler.tick(), b.runtime.scheduler.tick()]);
    await settled(a.store, prompts.length * DEFAULT_CITATION_ENGINE_IDS.length);

    for (const p of prompts) expect(requestsFor(p.text)).toEqual([1, 1, 1, 1, 1]);
    expect(await rowCount(a.store)).toBe(40);
    expect(new Set(await pairRowCounts(a.store))).toEqual(new Set([1]));
    for (const p of prompts)
      expect(Object.keys(await citations.latestResults(p.id)).sort()).toEqual([...DEFAULT_CITATION_ENGINE_IDS].sort());
    const checks = (await a.store.pool.query<{ body: { status: string; pairs: unknown[] } }>('SELECT body FROM citation_checks')).rows.map(
      (r) => r.body,
    );
    expect(checks.every((c) => c.status === 'completed')).toBe(true);
    expect(checks.reduce((n, c) => n + c.pairs.length, 0)).toBe(40); // no pair belongs to two checks

    // Nothing is due again before the interval; after it, each pair once more.
    expect(await Promise.all([a.runtime.scheduler.tick(), b.runtime.scheduler.tick()])).toEqual([null, null]);
    clock = T0 + HOUR + 60_000;
    await Promise.all([a.runtime.scheduler.tick(), b.runtime.scheduler.tick(), a.runtime.scheduler.tick()]);
    await settled(a.store, 80);
    for (const p of prompts) expect(requestsFor(p.text)).toEqual([2, 2, 2, 2, 2]);
    expect(new Set(await pairRowCounts(a.store))).toEqual(new Set([2]));
  });

  it('a manual check asked of both instances at once is one check, and a scheduled pass skips its prompts', async () => {
    const p = promptNo(1);
    script(p.text, [{ ...openaiAnswer({ cited: [] }), delayMs: 300 }]);
    const [a, b] = [await boot(), await boot()];
    await (await a.store.citations()).createPrompt(p, 100);
    const [first, second] = await Promise.all([a.runtime.scheduler.checkNow(ACCOUNT), b.runtime.scheduler.checkNow(ACCOUNT)]);
    expect(first.id).toBe(second.id);
    expect(first).toMatchObject({ trigger: 'manual', status: 'running', prompt_count: 1, skipped_prompts: 0 });
    await Promise.all([a.runtime.scheduler.start(), b.runtime.scheduler.start()]); // their passes find the prompt leased
    await settled(a.store, 5);
    expect(requestsFor(p.text)).toEqual([1, 1, 1, 1, 1]);
    expect(await (await a.store.citations()).getCheck(first.id)).toMatchObject({ status: 'completed' });
    expect(await (await a.store.citations()).resultCount(first.id)).toBe(5);
    const scheduled = (await a.store.pool.query("SELECT count(*)::bigint AS n FROM citation_checks WHERE body->>'trigger' = 'schedule'"))
      .rows[0].n;
    expect(scheduled).toBe(0);

    const again = await b.runtime.scheduler.checkNow(ACCOUNT); // the first one is over: a new check
    expect(again.id).not.toBe(first.id);
    await settled(a.store, 10);
    expect(requestsFor(p.text)).toEqual([2, 2, 2, 2, 2]);
  });

  it('an instance stopped mid-check hands its unfinished pair back: the other instance runs it, every pair has one row', async () => {
    const p = promptNo(1);
    script(p.text, [{ hang: true }, openaiAnswer({ cited: [{ url: 'https://acme.com/' }] })]);
    const a = await boot();
    await (await a.store.citations()).createPrompt(p, 100);
    await a.runtime.scheduler.start();
    await until('the four rows stored before the hanging engine', async () => ((await rowCount(a.store)) === 4 ? true : undefined)); // OpenAI hangs
    const [check] = await (await a.store.citations()).unfinishedChecks();
    expect(check).toMatchObject({ status: 'running', trigger: 'schedule' });
    await shutdown(a); // cancels the hanging request: its job goes back to the queue

    const b = await boot();
    clock = T0 + 60_000;
    await b.runtime.scheduler.start();
    await settled(b.store, 5);
    expect(requestsFor(p.text)).toEqual([2, 1, 1, 1, 1]); // the cancelled request, then the rerun
    const citations = await b.store.citations();
    expect((await citations.latestResults(p.id)).chatgpt).toMatchObject({ cited: true, check_id: check!.id });
    expect(await citations.getCheck(check!.id)).toMatchObject({ status: 'completed' });
    expect(await citations.resultCount(check!.id)).toBe(5);
    expect(new Set(await pairRowCounts(b.store))).toEqual(new Set([1]));
  });
});
