/**
 * The connection pool of the PostgreSQL store. bigint columns (epoch milliseconds, sequence numbers)
 * come back as JavaScript numbers: every value they hold stays far below 2^53.
 */
import pg from 'pg';

const INT8_OID = 20;

export interface PoolOptions {
  /** Connections this process may hold (DATABASE_POOL_SIZE). */
  max?: number;
  /** Names the connections in pg_stat_activity. */
  applicationName?: string;
}

export function createPool(url: string, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'citable',
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server dropped (restart, network) errors here; the pool replaces it. Without a
  // listener the error would crash the process.
  pool.on('error', () => undefined);
  // The same for a connection that drops while checked out (a worker mid-transaction when PostgreSQL restarts): its
  // query rejects, which the caller handles; the client's own 'error' event must not crash the process too.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** A 64-bit advisory lock key for a name (the same name gives the same lock in every process). */
export const LOCK_KEY_SQL = 'hashtextextended($1::text, 0)';
