/**
 * Store growth on PostgreSQL: the time of one committed write (putAudit: one INSERT, committed with
 * fsync on) and of one read (getAuditJson by id and account) with 1,000 and with 100,000 stored audits,
 * plus the time to open each store (connect, check the schema). Target: 100,000 within 1.5x of 1,000.
 * Both databases live on one real PostgreSQL server started here (127.0.0.1, default durability) and are
 * measured in alternation, so noise falls on both sizes alike (as bench/store.bench.ts does for lowdb).
 *
 *   npx tsx bench/store-postgres.bench.ts [small=1000] [large=100000]
 */
import { PostgresStore } from '../server/store/postgres/store.js';
import { findPostgres, startPostgres } from '../tests/helpers/services/index.js';
import { printBenchResult } from './lib/bench-result.js';
import { measureStoreGrowth, type GrowthSubject } from './lib/store-growth.js';
import { seedPostgres } from './store-postgres-seed.js';

const sizes = [Number(process.argv[2] ?? 1000), Number(process.argv[3] ?? 100_000)];

if (!findPostgres()) {
  const reason = 'PostgreSQL is not installed (apt-get install -y postgresql): skipped';
  console.log(reason);
  printBenchResult({ name: 'store-postgres', figures: [], notes: [reason] });
  process.exit(0);
}

const pg = await startPostgres({ durable: true });
try {
  const subjects: GrowthSubject[] = [];
  const urls: string[] = [];
  for (const size of sizes) {
    const url = await pg.createDatabase(`citable_growth_${size}`);
    urls.push(url);
    process.stdout.write(`seeding ${size.toLocaleString('en')} audits... `);
    const seeded = await seedPostgres(url, size);
    process.stdout.write('done\n');
    subjects.push({ size, accountId: seeded.accountId, ids: seeded.ids, open: () => PostgresStore.open(url, { poolSize: 2 }) });
  }
  const admin = await PostgresStore.open(urls[0]!, { poolSize: 1 });
  const fsync = (
    await admin.pool.query<{ fsync: string; synchronous_commit: string }>(
      "SELECT current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS synchronous_commit",
    )
  ).rows[0]!;
  console.log(`PostgreSQL fsync=${fsync.fsync}, synchronous_commit=${fsync.synchronous_commit}`);
  await admin.pool.query('CHECKPOINT'); // seeded pages reach the disk now, not during the commits measured
  await admin.close();
  await measureStoreGrowth(subjects, {
    name: 'store-postgres',
    title: `Store growth on PostgreSQL ${findPostgres()!.version}`,
    write: 'committed write',
    read: 'read by id',
    open: 'open (connect, schema check, count)',
    notes: ['PostgreSQL with fsync on, on the same machine'],
  });
} finally {
  await pg.stop();
}
