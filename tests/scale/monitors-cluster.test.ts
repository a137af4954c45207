/**
 * Monitors and webhooks with two real API processes (the built server) on one PostgreSQL and one Redis,
 * all on 127.0.0.1: one monitor runs once per due time, whichever process runs the shared BullMQ pass;
 * each event reaches each webhook once; and when Redis loses its data (FLUSHALL) mid-run, both the
 * monitors' and the citation schedule's repeatable jobs are noticed missing, recreated from the store
 * with a warning, and keep running: a monitor due after the flush runs once, a prompt tracked after the
 * flush is checked once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../server/auth/api-key.js';
import { MONITOR_DUE_PASS, MONITOR_QUEUE_NAME, MONITOR_QUEUE_PREFIX } from '../../server/monitors/bullmq-monitor-scheduler.js';
import { PostgresStore } from '../../server/store/postgres/store.js';
import { DEFAULT_CITATION_ENGINE_IDS } from '../../shared/schema/citation-engines.js';
import { until } from '../helpers/until.js';
import { claudeAnswer } from '../helpers/fake-providers/claude.js';
import { geminiNoSearch } from '../helpers/fake-providers/gemini.js';
import { startProviderFakes, type ProviderFakes } from '../helpers/fake-providers/index.js';
import { openaiAnswer } from '../helpers/fake-providers/openai.js';
import { perplexityAnswer } from '../helpers/fake-providers/perplexity.js';
import { serpNoOverview } from '../helpers/fake-providers/serpapi.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { servicesAvailable, startPostgres, startRedis, type PostgresServer, type RedisServer } from '../helpers/services/index.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { SAMPLE_PAGE } from '../server/helpers/fake-fetcher.js';
import { startReceiver, type Receiver } from '../webhooks/helpers/receiver.js';
import { buildServerBundle, type ServerBundle } from './helpers/server-bundle.js';

const PROMPT = 'which crm suits a studio after the flush';

describe.runIf(servicesAvailable('postgres', 'redis'))(
  'monitors and webhooks across two API processes (PostgreSQL, Redis)',
  () => {
    let bundle: ServerBundle;
    let pg: PostgresServer;
    let redis: RedisServer;
    let site: FixtureSite;
    let receiver: Receiver;
    let fakes: ProviderFakes;
    let databaseUrl: string;
    let dataDir: string;
    let processes: ServerProcess[] = [];
    let db: PostgresStore;
    let key: string;
    let monitorId: string;

    beforeAll(async () => {
      [bundle, pg, redis, site, receiver, fakes] = await Promise.all([
        buildServerBundle(),
        startPostgres(),
        startRedis(),
        startFixtureSite({ '/': { headers: { 'content-type': 'text/html; charset=utf-8' }, body: SAMPLE_PAGE } }),
        startReceiver(),
        startProviderFakes(),
      ]);
      fakes.openai.on(PROMPT, openaiAnswer({ cited: [{ url: 'https://acme.com/' }] }));
      fakes.perplexity.on(PROMPT, perplexityAnswer(['https://example.com/']));
      fakes.gemini.on(PROMPT, geminiNoSearch());
      fakes.claude.on(PROMPT, claudeAnswer({ retrieved: [], cited: [] }));
      fakes.serpapi.on(`q:${PROMPT}`, serpNoOverview(PROMPT));
      databaseUrl = await pg.createDatabase();
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-scale-monitors-'));
      db = await PostgresStore.open(databaseUrl, { poolSize: 2 });
      const account = await db.createAccount({ name: 'monitors', plan: 'agency' });
      const k = generateApiKey();
      await db.createKey({ account_id: account.id, name: 'test', prefix: k.prefix, hash: k.hash });
      key = k.key;
      const env = {
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        DATA_DIR: dataDir,
        AUDIT_ALLOW_PRIVATE: '1',
        MONITOR_TICK: '300ms',
        SCHEDULE_CHECK_INTERVAL: '1s',
        CITATION_INTERVAL: '1h',
        LOG_LEVEL: 'debug',
        ...fakes.env(),
      } as Record<string, string>;
      processes = await Promise.all([
        startServerProcess({ bundle: bundle.file, name: 'A', env }),
        startServerProcess({ bundle: bundle.file, name: 'B', env }),
      ]);
    }, 120_000);

    afterAll(async () => {
      await Promise.all(processes.map((p) => p.stop()));
      await db?.close();
      await Promise.all([
        pg?.stop(),
        redis?.stop(),
        site?.close(),
        receiver?.close(),
        fakes?.close(),
        bundle?.remove(),
        dataDir && rm(dataDir, { recursive: true, force: true }),
      ]);
    }, 60_000);

    const call = async (p: ServerProcess, method: string, pathname: string, body?: unknown) => {
      const res = await fetch(`${p.url}${pathname}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, json: (await res.json().catch(() => undefined)) as any };
    };
    const monitorAudits = async () =>
      (await db.pool.query<{ n: number }>('SELECT count(*)::bigint AS n FROM audits WHERE url = $1', [`${site.url}/`])).rows[0]!.n;
    const makeDue = () => db.pool.query('UPDATE monitors SET next_run_ms = $2 WHERE id = $1', [monitorId, Date.now()]);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500)); // five ticks of both processes
    const deliveredEvents = () =>
      receiver.requests.map((r) => JSON.parse(r.body) as { id: string; type: string; data: { monitor_id?: string } });

    it('one monitor runs once per due time; each event reaches the webhook once', async () => {
      expect(
        (
          await call(processes[0]!, 'POST', '/api/v1/webhooks', {
            url: receiver.url,
            events: ['audit.completed', 'citation.gained', 'citation.lost'],
          })
        ).status,
      ).toBe(201);
      const created = await call(processes[1]!, 'POST', '/api/v1/monitors', { url: `${site.url}/`, kind: 'audit', every: 'hour' });
      expect(created.status).toBe(201);
      monitorId = created.json.monitor.id;
      await until("the monitor's first audit", async () => ((await monitorAudits()) === 1 ? true : undefined)); // the first run, at creation
      await settle();
      expect(await monitorAudits()).toBe(1);
      for (let due = 2; due <= 3; due++) {
        await makeDue();
        await until(`the monitor's audit number ${due}`, async () => ((await monitorAudits()) === due ? true : undefined));
        await settle();
        expect(await monitorAudits()).toBe(due);
      }
      const events = await until('three delivered audit.completed events', async () =>
        deliveredEvents().length >= 3 ? deliveredEvents() : undefined,
      );
      await settle();
      expect(deliveredEvents()).toHaveLength(3);
      expect(new Set(events.map((e) => e.id)).size).toBe(3);
      expect(events.every((e) => e.type === 'audit.completed' && e.data.monitor_id === monitorId)).toBe(true);
      for (const p of processes)
        expect(p.logs.find((l) => l.msg === 'listening')).toMatchObject({ monitor_scheduler: 'bullmq', citation_queue: 'bullmq' });
    });

    it('after FLUSHALL the schedules come back from the store, with a warning, and run once', async () => {
      const monitorQueue = new Queue(MONITOR_QUEUE_NAME, { connection: { url: redis.url }, prefix: MONITOR_QUEUE_PREFIX });
      const citationQueue = new Queue('citations', { connection: { url: redis.url }, prefix: 'citable:bull' });
      try {
        expect(await monitorQueue.getJobScheduler(MONITOR_DUE_PASS)).toBeDefined();
        expect(await citationQueue.getJobScheduler('citations-due-pass')).toBeDefined();
        const audits = await monitorAudits();

        // A prompt tracked now is due at the next citation pass; then Redis loses everything.
        const prompt = await call(processes[0]!, 'POST', '/api/v1/prompts', { text: PROMPT, domain: 'acme.com' });
        expect(prompt.status).toBe(201);
        const flush = new Redis(redis.url);
        await flush.flushall();
        flush.disconnect();
        const flushedAt = Date.now();
        expect(await monitorQueue.getJobScheduler(MONITOR_DUE_PASS)).toBeUndefined();

        const warned = (scheduler: string) =>
          processes
            .flatMap((p) => p.logLines('schedule missing in Redis (Redis lost its data?): recreated it from the store'))
            .filter((l) => l.scheduler === scheduler);
        await until('both schedulers to warn that their due-pass schedule was recreated', async () =>
          warned(MONITOR_DUE_PASS).length > 0 && warned('citations-due-pass').length > 0 ? true : undefined,
        );
        expect(warned(MONITOR_DUE_PASS)[0]).toMatchObject({ level: 'warn', queue: 'monitors' });
        expect(await monitorQueue.getJobScheduler(MONITOR_DUE_PASS)).toBeDefined();
        expect(await citationQueue.getJobScheduler('citations-due-pass')).toBeDefined();

        // The citation pass ran again: the new prompt is checked once per engine, after the flush.
        const rows = await until('a row per engine for the new prompt', async () => {
          const { rows } = await db.pool.query<{ engine: string; checked_ms: number }>(
            'SELECT engine, checked_ms FROM citation_results WHERE prompt_id = $1',
            [prompt.json.prompt.id],
          );
          return rows.length === DEFAULT_CITATION_ENGINE_IDS.length ? rows : undefined;
        });
        expect(new Set(rows.map((r) => r.engine)).size).toBe(DEFAULT_CITATION_ENGINE_IDS.length);
        expect(rows.every((r) => r.checked_ms >= flushedAt)).toBe(true);

        // The monitor keeps its schedule: due again, it runs once.
        await makeDue();
        await until("the monitor's next audit", async () => ((await monitorAudits()) === audits + 1 ? true : undefined));
        await settle();
        expect(await monitorAudits()).toBe(audits + 1);
        const { rows: left } = await db.pool.query<{ n: number }>(
          'SELECT count(*)::bigint AS n FROM citation_results WHERE prompt_id = $1',
          [prompt.json.prompt.id],
        );
        expect(left[0]!.n).toBe(DEFAULT_CITATION_ENGINE_IDS.length);
      } finally {
        await monitorQueue.close();
        await citationQueue.close();
      }
    });
  },
  300_000,
);
