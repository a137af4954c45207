/**
 * Citation checks with two real API processes on one Redis (BullMQ) and one PostgreSQL: both start at
 * once with due prompts (each runs a due pass at start, and the queue's job scheduler adds more); every
 * (prompt, engine) is asked of its provider exactly once. The providers are the fakes on 127.0.0.1.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../server/auth/api-key.js';
import { PostgresStore } from '../../server/store/postgres/store.js';
import { DEFAULT_CITATION_ENGINE_IDS } from '../../shared/schema/citation-engines.js';
import { until } from '../helpers/until.js';
import { claudeAnswer } from '../helpers/fake-providers/claude.js';
import { geminiNoSearch } from '../helpers/fake-providers/gemini.js';
import { startProviderFakes, type ProviderFakes } from '../helpers/fake-providers/index.js';
import { openaiAnswer } from '../helpers/fake-providers/openai.js';
import { perplexityAnswer } from '../helpers/fake-providers/perplexity.js';
import { serpNoOverview } from '../helpers/fake-providers/serpapi.js';
import { servicesAvailable, startPostgres, startRedis, type PostgresServer, type RedisServer } from '../helpers/services/index.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { buildServerBundle, type ServerBundle } from './helpers/server-bundle.js';

const PROMPTS = 12;

describe.runIf(servicesAvailable('postgres', 'redis'))(
  'citation checks across two API processes (BullMQ)',
  () => {
    let bundle: ServerBundle;
    let pg: PostgresServer;
    let redis: RedisServer;
    let fakes: ProviderFakes;
    let databaseUrl: string;
    let dataDir: string;
    let processes: ServerProcess[] = [];
    let key: string;
    const texts = Array.from({ length: PROMPTS }, (_, i) => `which crm suits a studio of ${i + 2} people`);

    beforeAll(async () => {
      [bundle, pg, redis, fakes] = await Promise.all([buildServerBundle(), startPostgres(), startRedis(), startProviderFakes()]);
      databaseUrl = await pg.createDatabase();
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-scale-citations-'));
      for (const text of texts) {
        fakes.openai.on(text, { ...openaiAnswer({ cited: [{ url: 'https://acme.com/' }] }), delayMs: 50 });
        fakes.perplexity.on(text, perplexityAnswer(['https://example.com/']));
        fakes.gemini.on(text, geminiNoSearch());
        fakes.claude.on(text, claudeAnswer({ retrieved: [{ url: 'https://acme.com/' }], cited: [{ url: 'https://acme.com/' }] }));
        fakes.serpapi.on(`q:${text}`, serpNoOverview(text));
      }
      // The prompts exist before the processes start: both find them due at once.
      const store = await PostgresStore.open(databaseUrl, { poolSize: 2 });
      const account = await store.createAccount({ name: 'citations', plan: 'agency' });
      const k = generateApiKey();
      await store.createKey({ account_id: account.id, name: 'test', prefix: k.prefix, hash: k.hash });
      key = k.key;
      const citations = await store.citations();
      for (const [i, text] of texts.entries()) {
        const id = `prm_SCALE${String(i).padStart(11, '0')}`;
        await citations.createPrompt(
          {
            id,
            project_id: null,
            account_id: account.id,
            text,
            domain: 'acme.com',
            aliases: [],
            runs: null,
            created_at: new Date(Date.now() - 60_000 + i).toISOString(),
          },
          100,
        );
      }
      await store.close();
    }, 120_000);

    afterAll(async () => {
      await Promise.all(processes.map((p) => p.stop()));
      await Promise.all([
        pg?.stop(),
        redis?.stop(),
        fakes?.close(),
        bundle?.remove(),
        dataDir && rm(dataDir, { recursive: true, force: true }),
      ]);
    }, 60_000);

    const rowsPerPair = async () => {
      const store = await PostgresStore.open(databaseUrl, { poolSize: 1 });
      try {
        const { rows } = await store.pool.query<{ n: number }>(
          'SELECT count(*)::bigint AS n FROM citation_results GROUP BY prompt_id, engine',
        );
        const running = (await (await store.citations()).unfinishedChecks()).length;
        return { counts: rows.map((r) => r.n), running };
      } finally {
        await store.close();
      }
    };

    it('each due (prompt, engine) is asked exactly once, whichever process runs it', async () => {
      const env = {
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        DATA_DIR: dataDir,
        CITATION_INTERVAL: '1h',
        LOG_LEVEL: 'debug',
        ...fakes.env(),
      } as Record<string, string>;
      processes = await Promise.all([
        startServerProcess({ bundle: bundle.file, name: 'A', env }),
        startServerProcess({ bundle: bundle.file, name: 'B', env }),
      ]);
      const done = await until('a row per prompt and engine and no running check', async () => {
        const state = await rowsPerPair();
        return state.counts.length === PROMPTS * DEFAULT_CITATION_ENGINE_IDS.length && state.running === 0 ? state : undefined;
      });
      expect(done.counts.every((n) => n === 1)).toBe(true);
      for (const text of texts) {
        expect(fakes.openai.requestsFor(text)).toHaveLength(1);
        expect(fakes.perplexity.requestsFor(text)).toHaveLength(1);
        expect(fakes.gemini.requestsFor(text)).toHaveLength(1);
        expect(fakes.claude.requestsFor(text)).toHaveLength(1);
        expect(fakes.serpapi.requestsFor(`q:${text}`)).toHaveLength(1);
      }
      // A job logs after its row is stored, and the log reaches us through a pipe: wait for the lines too.
      const pairsRun = () => processes.map((p) => p.logs.filter((l) => l.msg === 'citation pair job' && l.outcome === 'checked').length);
      const ran = await until('every pair to run in one of the two processes', async () => {
        const counts = pairsRun();
        return counts[0]! + counts[1]! >= PROMPTS * DEFAULT_CITATION_ENGINE_IDS.length ? counts : undefined;
      });
      expect(ran[0]! + ran[1]!).toBe(PROMPTS * DEFAULT_CITATION_ENGINE_IDS.length);
      if (process.env.SCALE_VERBOSE) console.info(`citation pairs run by A / B: ${ran.join(' / ')}`);

      // The latest rows, through either process's API.
      for (const p of processes) {
        const res = await fetch(`${p.url}/api/v1/citations?limit=100`, { headers: { authorization: `Bearer ${key}` } });
        const body = (await res.json()) as { citations: Array<{ engine: string; cited: boolean }> };
        expect(body.citations).toHaveLength(PROMPTS * DEFAULT_CITATION_ENGINE_IDS.length);
        expect(body.citations.filter((c) => c.engine === 'chatgpt').every((c) => c.cited)).toBe(true);
      }
    });

    it('POST /citations/checks sent to both processes at once starts one check, run once', async () => {
      const post = (p: ServerProcess) =>
        fetch(`${p.url}/api/v1/citations/checks`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
      const answers = await Promise.all(processes.map(post));
      expect(answers.map((r) => r.status)).toEqual([202, 202]);
      const [first, second] = (await Promise.all(answers.map((r) => r.json()))) as Array<{ check: { id: string } }>;
      expect(first!.check.id).toBe(second!.check.id);
      await until('the check to complete', async () => {
        const res = await fetch(`${processes[1]!.url}/api/v1/citations/checks/${first!.check.id}`, {
          headers: { authorization: `Bearer ${key}` },
        });
        const { check } = (await res.json()) as { check: { status: string; result_count: number } };
        return check.status === 'completed' ? check : undefined;
      }).then((check) => expect(check.result_count).toBe(PROMPTS * DEFAULT_CITATION_ENGINE_IDS.length));
      for (const text of texts) expect(fakes.openai.requestsFor(text)).toHaveLength(2);
      expect((await rowsPerPair()).counts.every((n) => n === 2)).toBe(true);
    });
  },
  300_000,
);
