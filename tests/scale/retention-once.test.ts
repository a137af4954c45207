/**
 * RETENTION_DAYS across processes (docs/operations.md#retention): two built servers start together on one
 * PostgreSQL database (and Redis), each looking at once whether the day's pass ran. Exactly one runs it: one
 * `retention pass` log line in both processes' logs, no failed pass, one maintenance_runs row for the day,
 * the old audits gone and the recent one kept.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalHash } from '../../server/audits/canonical-hash.js';
import { PostgresStore } from '../../server/store/postgres/store.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { servicesAvailable, startPostgres, startRedis, type PostgresServer, type RedisServer } from '../helpers/services/index.js';
import { extensionAudit } from '../server/helpers/extension-audit.js';

const DAY = 86_400_000;

describe.runIf(servicesAvailable('postgres') && servicesAvailable('redis'))('the daily retention pass, two processes', () => {
  let postgres: PostgresServer;
  let redis: RedisServer;
  let url: string;
  const ids: Record<'old1' | 'old2' | 'recent', string> = { old1: '', old2: '', recent: '' };
  let account: string;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    url = await postgres.createDatabase();
    const store = await PostgresStore.open(url, { poolSize: 2 });
    account = (await store.createAccount({ name: 'retained', plan: 'agency' })).id;
    for (const [name, age] of [
      ['old1', 40],
      ['old2', 31],
      ['recent', 5],
    ] as const) {
      const audit = { ...extensionAudit(), scanned_at: new Date(Date.now() - age * DAY).toISOString() };
      await store.putAudit(account, audit, canonicalHash(audit));
      ids[name] = audit.id;
    }
    await store.close();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill()));
    await redis?.stop();
    await postgres?.stop();
  });

  it('runs once: one pass logged by one of them, one row for the day, the old audits gone', async () => {
    const env = { DATABASE_URL: url, REDIS_URL: redis.url, RETENTION_DAYS: '30', LOG_LEVEL: 'info' };
    servers.push(...(await Promise.all(['A', 'B'].map((name) => startServerProcess({ name, env })))));
    // A SIGTERM waits for a look in progress, so once both exited each has finished its look.
    expect(await Promise.all(servers.map((s) => s.stop()))).toEqual([0, 0]);
    const passes = servers.flatMap((s) => s.logLines('retention pass'));
    expect(passes).toHaveLength(1);
    expect(passes[0]).toMatchObject({ audits: 2, citation_rows: 0 });
    expect(servers.flatMap((s) => s.logLines('retention pass failed; it runs again at the next look'))).toEqual([]);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const runs = await client.query<{ job: string }>('SELECT job FROM maintenance_runs WHERE day = current_date');
      expect(runs.rows).toEqual([{ job: 'retention' }]);
    } finally {
      await client.end();
    }
    const store = await PostgresStore.open(url, { poolSize: 2 });
    try {
      const left = (await store.listAudits(account, { limit: 10 })).audits.map((a) => a.id);
      expect(left).toEqual([ids.recent]);
    } finally {
      await store.close();
    }
  });
});
