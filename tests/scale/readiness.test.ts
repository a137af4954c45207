/**
 * GET /readyz of the built server on PostgreSQL and Redis (docs/operations.md#readiness): 200 with the
 * store, migrations and Redis checks ok; 503 naming the schema when the database lacks a migration; 503
 * naming Redis once Redis is gone, and the store once PostgreSQL is gone; /healthz stays 200 throughout.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../server/store/postgres/migrations/index.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { servicesAvailable, startPostgres, startRedis, type PostgresServer, type RedisServer } from '../helpers/services/index.js';

const LATEST = Math.max(...MIGRATIONS.map((m) => m.version));

describe.runIf(servicesAvailable('postgres') && servicesAvailable('redis'))('GET /readyz with PostgreSQL and Redis', () => {
  let postgres: PostgresServer;
  let redis: RedisServer;
  let server: ServerProcess;
  let url: string;
  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    url = await postgres.createDatabase();
    server = await startServerProcess({ env: { DATABASE_URL: url, REDIS_URL: redis.url } });
  }, 60_000);
  afterAll(async () => {
    await server?.kill();
    await redis?.stop();
    await postgres?.stop();
  });

  const ready = async () => {
    const res = await fetch(`${server.url}/readyz`);
    return { status: res.status, body: (await res.json()) as { ready: boolean; checks: Record<string, { ok: boolean; detail: string }> } };
  };

  it('is ready while everything answers', async () => {
    expect(await ready()).toEqual({
      status: 200,
      body: {
        ready: true,
        checks: {
          store: { ok: true, detail: 'PostgreSQL answers' },
          migrations: { ok: true, detail: `schema version ${LATEST}` },
          redis: { ok: true, detail: 'Redis answers' },
        },
      },
    });
  });

  it('says the schema is behind when a migration is missing', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('DELETE FROM schema_migrations WHERE version = $1', [LATEST]);
      const res = await ready();
      expect(res.status).toBe(503);
      expect(res.body.checks.migrations).toEqual({
        ok: false,
        detail: `schema version ${LATEST - 1}, this version of Citable needs ${LATEST}: a server of this version applies the migrations when it starts`,
      });
      expect(res.body.checks.store!.ok).toBe(true);
    } finally {
      await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, 'restored by the test')", [LATEST]);
      await client.end();
    }
    expect((await ready()).status).toBe(200);
  });

  it('names Redis when Redis is gone, then the store when PostgreSQL is gone; /healthz stays 200', async () => {
    await redis.stop();
    const noRedis = await ready();
    expect(noRedis.status).toBe(503);
    expect(noRedis.body.checks.redis!.ok).toBe(false);
    expect(noRedis.body.checks.redis!.detail).toMatch(/^Redis: /);
    expect(noRedis.body.checks.store!.ok).toBe(true);
    await postgres.stop();
    const noStore = await ready();
    expect(noStore.status).toBe(503);
    expect(noStore.body.checks.store!.ok).toBe(false);
    expect(noStore.body.checks.store!.detail).toMatch(/^PostgreSQL: /);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 30_000);
});
