import { PostgresStore } from '../server/store/postgres/postgres-store.js';
import { readDayTallies, readSourceTallies } from '../server/store/postgres/postgres-citation-rollups.js';
import { startPostgres } from '../tests/helpers/services/index.js';
import { PROJECT_ID } from './lib/citation-synth.js';
const server = await startPostgres({ durable: true, keepDataDir: '/var/tmp/citable-pg-year' });
const store = await PostgresStore.open(server.adminUrl.replace(/\/postgres$/, '/citable_bench_year'), { poolSize: 2 });
const explaining = { query: async (sql: string, values: unknown[]) => {
  await store.pool.query(sql, values);
  const plan = await store.pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, values);
  console.log(`\n-- ${sql.replace(/\s+/g, ' ').slice(0, 100)}\n${plan.rows.map((r) => r['QUERY PLAN'].slice(0, 200)).join('\n')}`);
  return store.pool.query(sql, values);
} } as never;
const w = { since: '2025-11-26', until: '2026-11-25' };
if (process.argv[2] !== 'sources') await readDayTallies(explaining, [PROJECT_ID], w);
if (process.argv[2] !== 'summary') await readSourceTallies(explaining, [PROJECT_ID], w, undefined, 50);
await store.close();
await server.stop();
