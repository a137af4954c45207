/**
 * Two real API processes (the built server) sharing one PostgreSQL database (DATABASE_URL) and one Redis
 * (REDIS_URL), all on 127.0.0.1, servers started by the test (tests/helpers/services/). Requests reach
 * the processes through a round-robin TCP proxy on one port (each new connection goes to the next
 * process), or are sent to each process in turn.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../server/auth/api-key.js';
import { main } from '../../server/cli/main.js';
import { memoryIo } from '../cli/cli-io.js';
import { until } from '../helpers/until.js';
import { PostgresStore } from '../../server/store/postgres/store.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { expectRateLimitedAnswer } from '../helpers/rate-limited-answer.js';
import { servicesAvailable, startPostgres, startRedis, type PostgresServer, type RedisServer } from '../helpers/services/index.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../helpers/services/round-robin-proxy.js';
import { extensionAudit } from '../server/helpers/extension-audit.js';
import { SAMPLE_PAGE } from '../server/helpers/fake-fetcher.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { buildServerBundle, type ServerBundle } from './helpers/server-bundle.js';

const KEY = /cit_[0-9A-Za-z]{32}/;

async function call(base: string, key: string, method: string, pathname: string, body?: unknown) {
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text ? (JSON.parse(text) as any) : undefined };
}

describe.runIf(servicesAvailable('postgres', 'redis'))(
  'two API processes, one PostgreSQL, one Redis',
  () => {
    let bundle: ServerBundle;
    let pg: PostgresServer;
    let redis: RedisServer;
    let site: FixtureSite;
    let databaseUrl: string;
    let dataDir: string;
    let env: Record<string, string>;
    let a: ServerProcess;
    let b: ServerProcess;
    let proxy: RoundRobinProxy;
    let key: string;

    /** A new account with its key, written straight to the shared database (as `citable accounts create` does). */
    const newAccount = async () => {
      const store = await PostgresStore.open(databaseUrl, { poolSize: 1 });
      try {
        const account = await store.createAccount({ name: 'scale test', plan: 'agency' });
        const k = generateApiKey();
        await store.createKey({ account_id: account.id, name: 'test', prefix: k.prefix, hash: k.hash });
        return { accountId: account.id, key: k.key };
      } finally {
        await store.close();
      }
    };

    beforeAll(async () => {
      [bundle, pg, redis, site] = await Promise.all([
        buildServerBundle(),
        startPostgres(),
        startRedis(),
        startFixtureSite({
          '/': { headers: { 'content-type': 'text/html; charset=utf-8' }, body: SAMPLE_PAGE },
          '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
        }),
      ]);
      databaseUrl = await pg.createDatabase();
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-scale-'));
      env = { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, AUDIT_ALLOW_PRIVATE: '1', DATA_DIR: dataDir, DATABASE_POOL_SIZE: '8' };
      // Both start at once on an empty database.
      [a, b] = await Promise.all([
        startServerProcess({ bundle: bundle.file, name: 'A', env }),
        startServerProcess({ bundle: bundle.file, name: 'B', env }),
      ]);
      proxy = await startRoundRobinProxy([a, b].map((p) => ({ host: '127.0.0.1', port: Number(new URL(p.url).port) })));
    }, 120_000);

    afterAll(async () => {
      await proxy?.close();
      await Promise.all([a?.stop(), b?.stop()]);
      await Promise.all([
        pg?.stop(),
        redis?.stop(),
        site?.close(),
        bundle?.remove(),
        dataDir && rm(dataDir, { recursive: true, force: true }),
      ]);
    }, 60_000);

    it('starting at once on an empty database, they make one first account: one key printed, valid on both', async () => {
      const printed = [a, b].map((p) => KEY.exec(p.banner.join('\n'))?.[0]).filter(Boolean);
      expect(printed).toHaveLength(1);
      key = printed[0]!;
      for (const p of [a, b]) {
        expect(p.logs.find((l) => l.msg === 'listening')).toMatchObject({
          store: 'postgres',
          rate_limits: 'redis',
          citation_queue: 'bullmq',
        });
        expect((await call(p.url, key, 'GET', '/api/v1/audits')).status).toBe(200);
      }
      const store = await PostgresStore.open(databaseUrl, { poolSize: 1 });
      expect(await store.listAccounts()).toHaveLength(1);
      await store.close();
    });

    it('the rate limit holds across both: of 50 parallel POST /audits through one port, exactly 10 get 201', async () => {
      const { key: own } = await newAccount();
      const before = [a, b].map((p) => p.requests('POST', '/api/v1/audits').length);
      const results = await Promise.all(
        Array.from({ length: 50 }, () => call(proxy.url, own, 'POST', '/api/v1/audits', { url: `${site.url}/` })),
      );
      const created = results.filter((r) => r.status === 201);
      const limited = results.filter((r) => r.status === 429);
      expect(created).toHaveLength(10);
      expect(limited).toHaveLength(40);
      for (const r of limited) {
        expectRateLimitedAnswer(r);
      }
      expect(created.map((r) => Number(r.headers.get('ratelimit-remaining'))).sort((x, y) => x - y)).toEqual([
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
      ]);
      // Both processes answered part of the burst (the proxy alternates connections between them).
      const served = [a, b].map((p, i) => p.requests('POST', '/api/v1/audits').length - before[i]!);
      expect(served[0]! + served[1]!).toBe(50);
      expect(served[0]).toBeGreaterThan(0);
      expect(served[1]).toBeGreaterThan(0);
      expect(proxy.connections.every((n) => n > 0)).toBe(true);
      // The 10 audits are stored once, and either process lists them.
      for (const p of [a, b]) expect((await call(p.url, own, 'GET', '/api/v1/audits?limit=100')).json.audits).toHaveLength(10);
    });

    it('requests alternated between the two processes share the limit too (sent to each port in turn)', async () => {
      const { key: own } = await newAccount();
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => call([a, b][i % 2]!.url, own, 'POST', '/api/v1/audits', { url: `${site.url}/` })),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(10);
      expect(results.filter((r) => r.status === 429)).toHaveLength(40);
    });

    it('PUT of one audit raced on both processes: one 201, the others 200; other content 409 on either', async () => {
      const audit = extensionAudit();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => call([a, b][i % 2]!.url, key, 'PUT', `/api/v1/audits/${audit.id}`, { audit })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      const changed = { ...audit, score: (audit.score + 1) % 100 };
      for (const p of [a, b]) expect((await call(p.url, key, 'PUT', `/api/v1/audits/${audit.id}`, { audit: changed })).status).toBe(409);
      for (const p of [a, b]) expect((await call(p.url, key, 'GET', `/api/v1/audits/${audit.id}`)).json.audit).toEqual(audit);
    });

    it('a process killed (SIGKILL) during a stream of writes loses no acknowledged write', async () => {
      const { key: own } = await newAccount();
      const acknowledged = new Map<string, number>();
      const byVictim: string[] = [];
      let cutOff = 0; // writes to the victim whose connection died with it: never acknowledged
      let stopped = false;
      const writer = (target: ServerProcess) => async () => {
        while (!stopped) {
          const audit = extensionAudit();
          try {
            const res = await call(target.url, own, 'PUT', `/api/v1/audits/${audit.id}`, { audit });
            if (res.status === 201) {
              acknowledged.set(audit.id, audit.score);
              if (target === a) byVictim.push(audit.id);
            } else if (res.status === 429) return; // the account's 120 per minute, shared by both
          } catch {
            if (target === a) {
              cutOff++;
              return; // the connection died with the process: never acknowledged
            }
          }
        }
      };
      const writers = [...Array.from({ length: 4 }, writer(a)), ...Array.from({ length: 2 }, writer(b))];
      while (byVictim.length < 25) await new Promise((resolve) => setTimeout(resolve, 5));
      await a.kill();
      const killedAt = acknowledged.size;
      while (acknowledged.size < killedAt + 10 && !stopped) await new Promise((resolve) => setTimeout(resolve, 5)); // B keeps writing
      stopped = true;
      await Promise.all(writers);
      expect(byVictim.length).toBeGreaterThanOrEqual(25);
      expect(cutOff).toBeGreaterThan(0); // the kill did land in the middle of writes
      if (process.env.SCALE_VERBOSE)
        console.info(`kill test: ${acknowledged.size} acknowledged (${byVictim.length} by the killed process), ${cutOff} cut off`);

      // Every acknowledged audit is there: through the survivor, and through a new process in the victim's place.
      a = await startServerProcess({ bundle: bundle.file, name: 'A (restarted)', env });
      for (const p of [b, a]) {
        for (const [id, score] of acknowledged) {
          const res = await call(p.url, own, 'GET', `/api/v1/audits/${id}`);
          expect(res.status).toBe(200);
          expect(res.json.audit.score).toBe(score);
        }
      }
      const listed = new Set<string>();
      let cursor: string | null = null;
      do {
        const page: any = (await call(b.url, own, 'GET', `/api/v1/audits?limit=100${cursor ? `&cursor=${cursor}` : ''}`)).json;
        for (const s of page.audits) listed.add(s.id);
        cursor = page.next_cursor;
      } while (cursor);
      for (const id of acknowledged.keys()) expect(listed.has(id)).toBe(true);
    });

    it('a key revoked with the CLI is refused by both processes (they cache keys, told by LISTEN/NOTIFY)', async () => {
      const { accountId, key: own } = await newAccount();
      for (const p of [a, b]) expect((await call(p.url, own, 'GET', '/api/v1/audits')).status).toBe(200); // now cached in both
      const io = memoryIo({ DATABASE_URL: databaseUrl });
      expect(await main(['keys', 'list', '--account', accountId, '--json'], io)).toBe(0);
      const id = (JSON.parse(io.out()) as Array<{ id: string }>)[0]!.id;
      expect(await main(['keys', 'revoke', id], memoryIo({ DATABASE_URL: databaseUrl }))).toBe(0);
      for (const p of [a, b]) {
        const refused = await until(`${p.url} to refuse the revoked key`, async () => {
          const res = await call(p.url, own, 'GET', '/api/v1/audits');
          return res.status === 401 ? res : undefined;
        });
        expect(refused.json).toEqual({ error: 'This API key has been revoked' });
      }
    });

    it('both stop cleanly on SIGTERM', async () => {
      expect(await a.stop()).toBe(0);
      expect(await b.stop()).toBe(0);
    });
  },
  300_000,
);
