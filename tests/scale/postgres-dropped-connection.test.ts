/**
 * A PostgreSQL connection that drops while checked out (the server restarted, a proxy cut it) must fail the work
 * on it, not the process: node-postgres emits 'error' on the client as well as rejecting its query, and an
 * 'error' event nobody listens to is thrown. A worker mid-transaction used to crash this way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, inTransaction } from '../../server/store/postgres/infra/pool.js';
import { servicesAvailable, startPostgres, type PostgresServer } from '../helpers/services/index.js';

describe.runIf(servicesAvailable('postgres'))('PostgreSQL: a connection dropped mid-transaction', () => {
  let server: PostgresServer;
  let url: string;
  const uncaught: Error[] = [];
  const record = (error: Error) => uncaught.push(error);

  beforeAll(async () => {
    server = await startPostgres();
    url = await server.createDatabase();
    process.on('uncaughtException', record);
  }, 60_000);
  afterAll(async () => {
    process.off('uncaughtException', record);
    await server?.stop();
  });

  it('rejects the transaction, raises nothing uncaught, and the pool serves the next query', async () => {
    const pool = createPool(url, { applicationName: 'citable-dropped' });
    const admin = createPool(url, { applicationName: 'citable-admin' });
    try {
      const work = inTransaction(pool, async (client) => client.query('SELECT pg_sleep(30)'));
      const outcome = work.then(
        () => 'committed',
        (error: Error) => error.message,
      );
      // Wait until the sleeping query is running, then cut its connection from the server side.
      for (let i = 0; i < 100; i++) {
        const { rowCount } = await admin.query(
          "SELECT 1 FROM pg_stat_activity WHERE application_name = 'citable-dropped' AND query LIKE '%pg_sleep%'",
        );
        if (rowCount) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'citable-dropped'");
      expect(await outcome).toMatch(/terminat|Connection terminated|ECONNRESET/i);
      await new Promise((r) => setTimeout(r, 200)); // let any late 'error' event fire
      expect(uncaught.map((e) => e.message)).toEqual([]);
      expect((await pool.query('SELECT 41 + 1 AS answer')).rows[0]).toEqual({ answer: 42 });
    } finally {
      await Promise.all([pool.end(), admin.end()]);
    }
  });
});
