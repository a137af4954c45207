/**
 * Log uploads scaled out (docs/operations.md#log-uploads-with-workers): an API that only spools and queues
 * uploads (REDIS_URL, PostgreSQL) and `citable worker` processes that read them from the shared spool
 * directory, all on 127.0.0.1. A worker SIGKILLed mid-file: another takes the ingest over from its last
 * committed chunk, and the stored traffic adds up to what `citable logs` counts in the same file, every line
 * once; the API process committed nothing itself. A worker stopped with SIGTERM mid-file hands the ingest back.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLog } from '../../bench/lib/log-synth.js';
import { createApp } from '../../server/app/create-app.js';
import { listen } from '../../server/app/listen.js';
import { generateApiKey } from '../../server/auth/api-key.js';
import { main } from '../../server/cli/main.js';
import { silentLogger } from '../../server/logging/logger.js';
import { createNodeFetcher } from '../../server/net/node-fetcher.js';
import type { TrafficStore } from '../../server/store/contracts/traffic.js';
import { PostgresStore } from '../../server/store/postgres/store.js';
import { openIngestQueue } from '../../server/traffic/ingest-queue.js';
import { createTrafficService, type TrafficService } from '../../server/traffic/traffic-service.js';
import type { Traffic } from '../../shared/schema/traffic.js';
import { memoryIo } from '../cli/cli-io.js';
import { stopChild } from '../helpers/services/child-processes.js';
import { servicesAvailable, startPostgres, startRedis, type PostgresServer, type RedisServer } from '../helpers/services/index.js';
import { until } from '../helpers/until.js';
import { startCrawlWorker, type WorkerProcess } from './helpers/crawl-worker.js';

/** Small chunks, so a file of a few MB is many commits and a kill lands mid-file. */
const CHUNK_BYTES = 64 * 1024;
const LOG_BYTES = 6 * 1024 * 1024;

describe.runIf(servicesAvailable('postgres', 'redis'))('log uploads read by citable worker processes (PostgreSQL, Redis)', () => {
  let pg: PostgresServer;
  let redis: RedisServer;
  let databaseUrl: string;
  let store: PostgresStore;
  let traffic: TrafficService;
  let dir: string;
  let spoolDir: string;
  let base: string;
  let key: string;
  let close: () => Promise<void>;
  /** Chunks the API process committed itself (it must commit none: the workers read the uploads). */
  let apiCommits = 0;
  const workers: WorkerProcess[] = [];

  const startWorker = async (): Promise<WorkerProcess> => {
    const worker = await startCrawlWorker({
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      LOG_SPOOL_DIR: spoolDir,
      LOG_CHUNK_BYTES: String(CHUNK_BYTES),
      DATA_DIR: dir,
    });
    workers.push(worker);
    return worker;
  };
  const api = async (method: string, url: string, body?: BodyInit, json = true) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(json && body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body } : {}),
    });
    return { status: res.status, json: (await res.json()) as any };
  };

  beforeAll(async () => {
    [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-traffic-workers-'));
    spoolDir = path.join(dir, 'spool');
    databaseUrl = await pg.createDatabase('traffic');
    store = await PostgresStore.open(databaseUrl);
    const account = await store.createAccount({ name: 'logs', plan: 'agency' });
    const generated = generateApiKey();
    await store.createKey({ account_id: account.id, name: 'test', prefix: generated.prefix, hash: generated.hash });
    key = generated.key;
    const stored = await store.traffic();
    const counting: TrafficStore = Object.assign(Object.create(stored) as TrafficStore, {
      commitChunk: (chunk: Parameters<TrafficStore['commitChunk']>[0]) => (apiCommits++, stored.commitChunk(chunk)),
    });
    const queue = openIngestQueue(redis.url, silentLogger);
    traffic = createTrafficService({
      traffic: async () => counting,
      spoolDir,
      maxUploadBytes: 1024 ** 3,
      now: () => new Date(),
      logger: silentLogger,
      chunkBytes: CHUNK_BYTES,
      queue,
    });
    const citable = createApp({ store, traffic, fetcher: createNodeFetcher({ allowPrivate: true }), config: { auditAllowPrivate: true } });
    const { server, url } = await listen(citable.app.callback(), { host: '127.0.0.1', port: 0, tlsCert: null, tlsKey: null });
    base = url;
    close = async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await traffic.stop();
    };
  }, 120_000);

  afterAll(async () => {
    for (const w of workers) await stopChild(w.child, 'SIGTERM').catch(() => undefined);
    await close?.();
    await store?.close();
    await Promise.all([redis?.stop(), pg?.stop()]);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A generated combined log (browsers, search engines, AI agents of every purpose, some spoofed), and what the CLI counts in it. */
  const logAndCount = async (name: string, seed: number) => {
    const file = path.join(dir, name);
    await writeLog(createWriteStream(file), LOG_BYTES, seed);
    const io = memoryIo({ DATA_DIR: dir });
    expect(await main(['logs', file, '--json'], io)).toBe(0);
    return { file, cli: (JSON.parse(io.out()) as { traffic: Traffic }).traffic };
  };

  const newProject = async (name: string) =>
    (await api('POST', '/api/v1/projects', JSON.stringify({ name, domain: `${name}.example` }))).json.project.id as string;

  const ingestOf = async (projectId: string, id: string) => (await store.traffic()).getIngest(projectId, id);

  /** Uploads the file; resolves once a worker has committed some of it but not all. */
  const uploadAndWaitMidFile = async (projectId: string, file: string) => {
    const sent = await api('POST', `/api/v1/projects/${projectId}/logs`, await readFile(file), false);
    expect(sent.status).toBe(202);
    const id = sent.json.ingest.id as string;
    await until('a worker to commit a first chunk', async () => ((await ingestOf(projectId, id))!.offset > 0 ? true : undefined), {
      timeoutMs: 60_000,
      everyMs: 10,
    });
    const midway = (await ingestOf(projectId, id))!;
    expect(midway.status).toBe('ingesting');
    return { id, midway };
  };

  const doneIngest = (projectId: string, id: string) =>
    until(
      `ingest ${id} to be done`,
      async () => {
        const ingest = (await ingestOf(projectId, id))!;
        expect(ingest.status).not.toBe('failed');
        return ingest.status === 'done' ? ingest : undefined;
      },
      { timeoutMs: 120_000, everyMs: 100 },
    );

  /** The stored traffic adds up to the CLI's count of the same file: every line once. */
  const expectSameTotals = async (projectId: string, cli: Traffic) => {
    const t = (await api('GET', `/api/v1/projects/${projectId}/traffic`)).json.traffic as Traffic;
    expect(t.parsed).toBe(cli.parsed);
    const totals = (x: Traffic) =>
      x.agents.map((a) => ({
        agent: a.agent,
        hits: a.hits,
        verified: a.verified,
        spoofed: a.spoofed,
        unverified: a.unverified,
        statuses: a.statuses,
      }));
    expect(totals(t)).toEqual(totals(cli));
    expect(t.purposes).toEqual(cli.purposes);
    expect(t.referrals.map((r) => [r.engine, r.visits])).toEqual(cli.referrals.map((r) => [r.engine, r.visits]));
    expect(t.series.map((s) => [s.date, s.hits_by_purpose, s.referrals])).toEqual(
      cli.series.map((s) => [s.date, s.hits_by_purpose, s.referrals]),
    );
  };

  it('a worker SIGKILLed mid-file: another reads on from the last committed chunk, and every line counts once', async () => {
    const { file, cli } = await logAndCount('killed.log', 11);
    expect(cli.lines).toBeGreaterThan(20_000);
    expect(cli.agents.some((a) => a.spoofed > 0)).toBe(true);
    const projectId = await newProject('killed');
    const doomed = await startWorker();
    const { id, midway } = await uploadAndWaitMidFile(projectId, file);
    doomed.child.kill('SIGKILL');
    await new Promise((resolve) => doomed.child.once('exit', resolve));
    const stopped = (await ingestOf(projectId, id))!;
    expect(stopped.offset).toBeGreaterThanOrEqual(midway.offset);
    expect(stopped.lines).toBeLessThan(cli.lines); // killed mid-file
    const next = await startWorker();
    const done = await doneIngest(projectId, id);
    expect(done.lines).toBe(cli.lines);
    expect(done.problems).toEqual(cli.problems);
    const takenOver = next.lines.find((l) => l.ingest_id === id && l.msg === 'ingest taken over');
    expect(Number(takenOver?.offset)).toBeGreaterThan(0);
    // The worker logs it just after it marks the ingest done: it may come a moment after the store says so.
    await until(
      'the worker to log "ingest done"',
      async () => (next.lines.some((l) => l.ingest_id === id && l.msg === 'ingest done') ? true : undefined),
      {
        timeoutMs: 10_000,
        everyMs: 20,
      },
    );
    expect(doomed.lines.some((l) => l.ingest_id === id && l.msg === 'ingest started')).toBe(true);
    await expectSameTotals(projectId, cli);
    expect(apiCommits).toBe(0); // the API process spooled and queued, and read nothing
    expect(await readdir(spoolDir)).toEqual([]); // the spool file is removed once done
  }, 240_000);

  it('a worker stopped with SIGTERM mid-file hands the ingest back; another reads it to its end', async () => {
    const { file, cli } = await logAndCount('stopped.log', 12);
    const projectId = await newProject('stopped');
    for (const w of workers.splice(0)) await stopChild(w.child, 'SIGTERM'); // the SIGKILLed one is gone already
    const leaving = await startWorker();
    const { id } = await uploadAndWaitMidFile(projectId, file);
    await stopChild(leaving.child, 'SIGTERM');
    const handedBack = leaving.lines.find((l) => l.ingest_id === id && l.msg === 'ingest handed back');
    expect(Number(handedBack?.lines)).toBeLessThan(cli.lines);
    const next = await startWorker();
    expect((await doneIngest(projectId, id)).lines).toBe(cli.lines);
    expect(next.lines.some((l) => l.ingest_id === id && l.msg === 'ingest taken over')).toBe(true);
    await expectSameTotals(projectId, cli);
    expect(apiCommits).toBe(0);
  }, 240_000);
});
