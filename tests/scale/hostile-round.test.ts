/**
 * The hostile round on PostgreSQL and Redis, all on 127.0.0.1: two built API processes, A and B, on one database and
 * one Redis, allowed to reach loopback targets (AUDIT_ALLOW_PRIVATE=1, so monitors can audit the fixture site); and a
 * third, G, with the SSRF guard as in production, on a database and a Redis database of its own (so it never claims
 * A and B's monitors). An attacker account, with its own key, tries every way to another tenant's records through
 * REST and MCP on A and B; share tokens are guessed, altered and revoked; private and reserved addresses are offered
 * to audits, crawls, monitors and webhooks on G (the fixture site must see no connection); and the monitor fixes hold
 * across A and B: one account's slow monitors take one run slot in all, and its runs per minute stay within the
 * budget counted in the store. The caps found in the security round hold across A and B too (their counters are in
 * Redis or the database, not in a process): share links per audit, the throttle of GET /r/{token} per address,
 * webhook test pings per minute, and audit syncs per day.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../server/auth/api-key.js';
import { PostgresStore } from '../../server/store/postgres/store.js';
import { newCrawl } from '../crawls/helpers/crawl-records.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { servicesAvailable, startPostgres, startRedis, type PostgresServer, type RedisServer } from '../helpers/services/index.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { until } from '../helpers/until.js';
import { connectHttp } from '../mcp/helpers/mcp-clients.js';
import { extensionAudit } from '../server/helpers/extension-audit.js';
import { SAMPLE_PAGE } from '../server/helpers/fake-fetcher.js';
import { buildServerBundle, type ServerBundle } from './helpers/server-bundle.js';

const BUDGET = 5;
const SLOW = 4;
/** SYNC_AUDITS_PER_DAY of A and B: each test's account syncs fewer. */
const SYNCS_PER_DAY = 8;
const PRIVATE_TARGETS = (port: number) => [
  `http://127.0.0.1:${port}/`,
  `http://[::1]:${port}/`,
  `http://[::ffff:127.0.0.1]:${port}/`,
  `http://2130706433:${port}/`,
  `http://0x7f.0.0.1:${port}/`,
  'http://169.254.169.254/latest/meta-data/',
  'http://10.0.0.1/',
  `http://localhost:${port}/`,
];

async function call(base: string, key: string | null, method: string, pathname: string, body?: unknown) {
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

describe.runIf(servicesAvailable('postgres', 'redis'))(
  'the hostile round on PostgreSQL and Redis (three API processes)',
  () => {
    let bundle: ServerBundle;
    let pg: PostgresServer;
    let redis: RedisServer;
    let site: FixtureSite;
    let databaseUrl: string;
    let guardedDatabaseUrl: string;
    let dataDir: string;
    let processes: ServerProcess[];
    let guarded: ServerProcess;
    let release: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));

    const newAccount = async (database = databaseUrl) => {
      const store = await PostgresStore.open(database, { poolSize: 1 });
      try {
        const account = await store.createAccount({ name: 'hostile round', plan: 'agency' });
        const k = generateApiKey();
        await store.createKey({ account_id: account.id, name: 'test', prefix: k.prefix, hash: k.hash });
        return { accountId: account.id, key: k.key };
      } finally {
        await store.close();
      }
    };

    beforeAll(async () => {
      const page = { headers: { 'content-type': 'text/html; charset=utf-8' }, body: SAMPLE_PAGE };
      const slow = async (_req: http.IncomingMessage, res: http.ServerResponse) => {
        await held;
        res.writeHead(200, page.headers).end(page.body);
      };
      [bundle, pg, redis, site] = await Promise.all([
        buildServerBundle(),
        startPostgres(),
        startRedis(),
        startFixtureSite({
          '/': page,
          '/budget': page,
          '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
          ...Object.fromEntries(Array.from({ length: SLOW }, (_, n) => [`/slow/${n}`, slow])),
        }),
      ]);
      [databaseUrl, guardedDatabaseUrl] = await Promise.all([pg.createDatabase(), pg.createDatabase('citable_guarded')]);
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-scale-hostile-'));
      const env = {
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        DATA_DIR: dataDir,
        DATABASE_POOL_SIZE: '4',
        MONITOR_TICK: '500ms',
        MONITOR_RUNS_PER_MINUTE: String(BUDGET),
        AUDIT_CONCURRENCY: '4',
        SYNC_AUDITS_PER_DAY: String(SYNCS_PER_DAY),
      };
      const open = { ...env, AUDIT_ALLOW_PRIVATE: '1' };
      const guardedEnv = { ...env, DATABASE_URL: guardedDatabaseUrl, REDIS_URL: `${redis.url}/1`, DATA_DIR: path.join(dataDir, 'g') };
      processes = await Promise.all(['A', 'B'].map((name) => startServerProcess({ bundle: bundle.file, name, env: open })));
      guarded = await startServerProcess({ bundle: bundle.file, name: 'G', env: guardedEnv });
    }, 180_000);

    afterAll(async () => {
      release();
      await Promise.all([...(processes ?? []), ...(guarded ? [guarded] : [])].map((p) => p.stop()));
      await Promise.all([
        pg?.stop(),
        redis?.stop(),
        site?.close(),
        bundle?.remove(),
        dataDir && rm(dataDir, { recursive: true, force: true }),
      ]);
    }, 60_000);

    it("an attacker's key reaches none of another tenant's records, through REST on every process", async () => {
      const victim = await newAccount();
      const attacker = await newAccount();
      const [a] = processes;
      const audit = extensionAudit();
      expect((await call(a!.url, victim.key, 'PUT', `/api/v1/audits/${audit.id}`, { audit })).status).toBe(201);
      const store = await PostgresStore.open(databaseUrl, { poolSize: 1 });
      const crawl = newCrawl(victim.accountId);
      try {
        expect(await (await store.crawls()).createCrawl(crawl, 2)).toBe('created');
      } finally {
        await store.close();
      }
      const monitor = (await call(a!.url, victim.key, 'POST', '/api/v1/monitors', { url: `${site.url}/`, kind: 'audit', every: 'week' }))
        .json.monitor;
      const share = (await call(a!.url, victim.key, 'POST', `/api/v1/audits/${audit.id}/share`, {})).json.share;
      const webhooks = (await call(a!.url, victim.key, 'GET', '/api/v1/webhooks')).json;

      const notFound: Array<[string, string, unknown?]> = [
        ['GET', `/api/v1/audits/${audit.id}`],
        ['GET', `/api/v1/audits/${audit.id}/report`],
        ['GET', `/api/v1/audits/${audit.id}/diff`],
        ['GET', `/api/v1/audits/${audit.id}/fixes`],
        ['POST', `/api/v1/audits/${audit.id}/share`, {}],
        ['GET', `/api/v1/crawls/${crawl.id}`],
        ['GET', `/api/v1/crawls/${crawl.id}/pages`],
        ['GET', `/api/v1/crawls/${crawl.id}/report`],
        ['DELETE', `/api/v1/crawls/${crawl.id}`],
        ['POST', `/api/v1/monitors/${monitor.id}/run`],
        ['PATCH', `/api/v1/monitors/${monitor.id}`, { paused: true }],
        ['DELETE', `/api/v1/monitors/${monitor.id}`],
        ['DELETE', `/api/v1/shares/${share.id}`],
      ];
      for (const p of processes) {
        for (const [method, pathname, body] of notFound) {
          const res = await call(p.url, attacker.key, method, pathname, body);
          expect(res.status, `${p.name} ${method} ${pathname}`).toBe(404);
        }
        // The attacker's own lists hold nothing of the victim's.
        expect((await call(p.url, attacker.key, 'GET', '/api/v1/audits?limit=100')).json.audits).toEqual([]);
        expect((await call(p.url, attacker.key, 'GET', `/api/v1/audits?url=${encodeURIComponent(audit.url)}`)).json.audits).toEqual([]);
        expect((await call(p.url, attacker.key, 'GET', '/api/v1/crawls')).json.crawls).toEqual([]);
        expect((await call(p.url, attacker.key, 'GET', '/api/v1/monitors')).json.monitors).toEqual([]);
        expect((await call(p.url, attacker.key, 'GET', '/api/v1/shares')).json.shares).toEqual([]);
        // Storing under the victim's audit id never replaces it (and never answers 5xx).
        const forged = extensionAudit(audit.id); // the same bytes under the same id, from another account
        expect([404, 409]).toContain((await call(p.url, attacker.key, 'PUT', `/api/v1/audits/${audit.id}`, { audit: forged })).status);
      }
      // The victim's records are as they were.
      expect((await call(a!.url, victim.key, 'GET', `/api/v1/audits/${audit.id}`)).json.audit).toEqual(audit);
      expect(
        (await call(a!.url, victim.key, 'GET', '/api/v1/monitors')).json.monitors.map((m: { id: string; paused: boolean }) => [
          m.id,
          m.paused,
        ]),
      ).toEqual([[monitor.id, false]]);
      expect((await call(a!.url, victim.key, 'GET', `/api/v1/crawls/${crawl.id}`)).json.crawl.status).toBe('queued');
      expect((await call(a!.url, victim.key, 'GET', '/api/v1/webhooks')).json).toEqual(webhooks);
      expect((await call(a!.url, null, 'GET', new URL(share.url).pathname)).status).toBe(200);
    });

    it('through MCP on every process: get_audit and get_crawl of another tenant are tool errors naming no data', async () => {
      const victim = await newAccount();
      const attacker = await newAccount();
      const audit = extensionAudit();
      expect((await call(processes[0]!.url, victim.key, 'PUT', `/api/v1/audits/${audit.id}`, { audit })).status).toBe(201);
      const store = await PostgresStore.open(databaseUrl, { poolSize: 1 });
      const crawl = newCrawl(victim.accountId);
      try {
        await (await store.crawls()).createCrawl(crawl, 2);
      } finally {
        await store.close();
      }
      for (const p of processes) {
        const client = await connectHttp(p.url, attacker.key);
        try {
          const read = await client.callTool({ name: 'get_audit', arguments: { id: audit.id } });
          expect(read.isError, p.name).toBe(true);
          expect(JSON.stringify(read.content)).not.toContain(audit.url);
          const crawlRead = await client.callTool({ name: 'get_crawl', arguments: { id: crawl.id } });
          expect(crawlRead.isError, p.name).toBe(true);
          expect(JSON.stringify(crawlRead.content)).not.toContain('shop.example');
          const fixes = await client.callTool({ name: 'get_fixes', arguments: { audit_id: audit.id } });
          expect(fixes.isError, p.name).toBe(true);
        } finally {
          await client.close();
        }
      }
    });

    it('share tokens: an altered or unknown token finds nothing; a revoked one is gone on every process at once', async () => {
      const victim = await newAccount();
      const audit = extensionAudit();
      await call(processes[0]!.url, victim.key, 'PUT', `/api/v1/audits/${audit.id}`, { audit });
      const share = (await call(processes[1]!.url, victim.key, 'POST', `/api/v1/audits/${audit.id}/share`, {})).json.share;
      const token = new URL(share.url).pathname.split('/').pop()!;
      const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      for (const p of processes) {
        expect((await call(p.url, null, 'GET', `/r/${token}`)).status, p.name).toBe(200);
        for (const guess of [altered, token.toLowerCase(), `${token}x`, token.slice(0, 16), '0'.repeat(32), '../audits']) {
          const res = await call(p.url, null, 'GET', `/r/${guess}`);
          expect(res.status, `${p.name} /r/${guess}`).toBe(404);
          expect(res.text).not.toContain(audit.url);
        }
      }
      expect((await call(processes[0]!.url, victim.key, 'DELETE', `/api/v1/shares/${share.id}`)).status).toBe(204);
      for (const p of processes) expect((await call(p.url, null, 'GET', `/r/${token}`)).status, p.name).toBe(404);
    });

    it('SSRF with the guard on (G): private and reserved addresses are refused for audits, crawls, monitors and webhooks', async () => {
      const attacker = await newAccount(guardedDatabaseUrl);
      const before = site.connections;
      for (const target of PRIVATE_TARGETS(site.port)) {
        const audit = await call(guarded.url, attacker.key, 'POST', '/api/v1/audits', { url: target });
        expect([400, 422, 429], `audit ${target}`).toContain(audit.status);
        const monitor = await call(guarded.url, attacker.key, 'POST', '/api/v1/monitors', { url: target, kind: 'audit', every: 'hour' });
        expect([400, 422], `monitor ${target}`).toContain(monitor.status);
        const webhook = await call(guarded.url, attacker.key, 'POST', '/api/v1/webhooks', { url: target, events: ['audit.completed'] });
        expect([400, 422], `webhook ${target}`).toContain(webhook.status);
        const crawl = await call(guarded.url, attacker.key, 'POST', '/api/v1/crawls', { url: target });
        if (crawl.status === 202) {
          // Queued for a worker (REDIS_URL): none runs here, so it must not have fetched anything; cancel it.
          expect((await call(guarded.url, attacker.key, 'DELETE', `/api/v1/crawls/${crawl.json.crawl.id}`)).status).toBe(200);
        } else expect([400, 422, 429], `crawl ${target}`).toContain(crawl.status);
      }
      expect(site.connections - before).toBe(0);
    });

    it("one account's slow monitors take one run slot across A and B: another account's monitor runs while they hang", async () => {
      const slowAccount = await newAccount();
      const other = await newAccount();
      const [a, b] = processes;
      for (let n = 0; n < SLOW; n++) {
        const created = await call((n % 2 ? b : a)!.url, slowAccount.key, 'POST', '/api/v1/monitors', {
          url: `${site.url}/slow/${n}`,
          kind: 'audit',
          every: 'hour',
        });
        expect(created.status).toBe(201);
      }
      await until('a slow page to be asked for', async () => (site.requests.some((r) => r.path.startsWith('/slow/')) ? true : undefined));
      const mine = (await call(b!.url, other.key, 'POST', '/api/v1/monitors', { url: `${site.url}/`, kind: 'audit', every: 'hour' })).json
        .monitor;
      await until(
        "the other account's monitor to run",
        async () => {
          const { monitors } = (await call(a!.url, other.key, 'GET', '/api/v1/monitors')).json;
          return monitors.find((m: { id: string; last_result_id: string | null }) => m.id === mine.id)?.last_result_id ? true : undefined;
        },
        { timeoutMs: 20_000, everyMs: 100 },
      );
      // Two processes, two monitor slots each: before, all four slow monitors ran at once and the other one waited.
      expect(new Set(site.requests.filter((r) => r.path.startsWith('/slow/')).map((r) => r.path)).size).toBe(1);
      release();
    }, 60_000);

    it('the run budget holds across processes: monitors created on A and B start at most the budget a minute', async () => {
      const flooder = await newAccount();
      const [a, b] = processes;
      const created: string[] = [];
      for (let i = 0; i < 3 * BUDGET; i++) {
        const res = await call((i % 2 ? b : a)!.url, flooder.key, 'POST', '/api/v1/monitors', {
          url: `${site.url}/budget`,
          kind: 'audit',
          every: 'hour',
        });
        expect(res.status).toBe(201);
        created.push(res.json.monitor.id);
      }
      const ran = async () =>
        (await call(a!.url, flooder.key, 'GET', '/api/v1/monitors')).json.monitors.filter(
          (m: { last_run_at: string | null; running: boolean }) => m.last_run_at || m.running,
        ).length as number;
      await until('the budget to be spent', async () => ((await ran()) >= BUDGET ? true : undefined), { timeoutMs: 20_000, everyMs: 100 });
      // Both processes look every 500 ms: a few passes later, still no more than this minute's budget (two, if a minute turned).
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(await ran()).toBeLessThanOrEqual(2 * BUDGET);
      expect(created).toHaveLength(3 * BUDGET);
    }, 60_000);

    it('share links per audit, webhook test pings and syncs per day are capped across A and B, not per process', async () => {
      const tenant = await newAccount();
      const at = (i: number) => processes[i % 2]!.url;
      const audit = extensionAudit();
      expect((await call(at(0), tenant.key, 'PUT', `/api/v1/audits/${audit.id}`, { audit })).status).toBe(201);
      for (let i = 0; i < 20; i++) expect((await call(at(i), tenant.key, 'POST', `/api/v1/audits/${audit.id}/share`, {})).status).toBe(201);
      for (const p of processes) {
        const refused = await call(p.url, tenant.key, 'POST', `/api/v1/audits/${audit.id}/share`, {});
        expect(refused.status, p.name).toBe(400);
        expect(refused.json.error).toMatch(/at most 20 live share links/);
      }

      const webhook = (await call(at(0), tenant.key, 'POST', '/api/v1/webhooks', { url: `${site.url}/hook`, events: ['audit.completed'] }))
        .json.webhook;
      const pings = [];
      for (let i = 0; i < 14; i++) pings.push((await call(at(i), tenant.key, 'POST', `/api/v1/webhooks/${webhook.id}/test`)).status);
      expect(pings.filter((status) => status === 202)).toHaveLength(10);
      expect(pings.slice(10)).toEqual([429, 429, 429, 429]);

      const synced = [];
      for (let i = 0; i < SYNCS_PER_DAY + 2; i++) {
        const next = extensionAudit();
        synced.push(await call(at(i), tenant.key, 'PUT', `/api/v1/audits/${next.id}`, { audit: next }));
      }
      // The account synced one audit above: SYNCS_PER_DAY - 1 more are stored, then both processes refuse.
      expect(synced.map((r) => r.status)).toEqual([...Array<number>(SYNCS_PER_DAY - 1).fill(201), 429, 429, 429]);
      expect(synced.at(-1)!.json.error).toMatch(/^Sync cap reached: at most 8 audit syncs per account in 24 hours/);
    });

    it('GET /r/{token} is throttled per address across A and B: 120 a minute in all, not 120 on each', async () => {
      const owner = await newAccount();
      const audit = extensionAudit();
      await call(processes[0]!.url, owner.key, 'PUT', `/api/v1/audits/${audit.id}`, { audit });
      const token = new URL(
        (await call(processes[0]!.url, owner.key, 'POST', `/api/v1/audits/${audit.id}/share`, {})).json.share.url,
      ).pathname
        .split('/')
        .pop()!;
      let answered = 0;
      let refused: { status: number; json: any } | null = null;
      for (let i = 0; i < 250 && !refused; i++) {
        const res = await call(processes[i % 2]!.url, null, 'GET', `/r/${token}`);
        if (res.status === 200) answered++;
        else refused = res;
      }
      // The share-token test above read /r/ from this address too, within the same minute: at most 120 in all.
      expect(answered).toBeGreaterThan(90);
      expect(answered).toBeLessThanOrEqual(120);
      expect(refused).toMatchObject({
        status: 429,
        json: { error: expect.stringMatching(/120 share-link requests per minute from one address/) },
      });
      for (const p of processes) expect((await call(p.url, null, 'GET', `/r/${token}`)).status, p.name).toBe(429);
    });
  },
  300_000,
);
