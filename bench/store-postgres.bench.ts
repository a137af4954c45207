/**
 * Store growth on PostgreSQL: the time of one committed write (putAudit: one INSERT, committed with
 * fsync on) and of one read (getAuditJson by id and account) with 1,000 and with 100,000 stored audits,
 * plus the time to open each store (connect, check the schema). Target: 100,000 within 1.5x of 1,000.
 * Both databases live on one real PostgreSQL server started here (127.0.0.1, default durability) and are
 * measured in alternation, so noise falls on both sizes alike (as bench/store.bench.ts does for lowdb).
 *
 *   npx tsx bench/store-postgres.bench.ts [small=1000] [large=100000]
 */
import os from 'node:os';
import { canonicalHash } from '../server/audits/canonical-hash.js';
import { PostgresStore } from '../server/store/postgres/postgres-store.js';
import { extensionAudit } from '../tests/server/helpers/extension-audit.js';
import { findPostgres, startPostgres } from '../tests/helpers/services/index.js';
import { figure, printBenchResult } from './lib/bench-result.js';
import { seedPostgres, type SeededDatabase } from './store-postgres-seed.js';

const sizes = [Number(process.argv[2] ?? 1000), Number(process.argv[3] ?? 100_000)];
const WRITES = 300;
const READS = 1000;

if (!findPostgres()) {
  const reason = 'PostgreSQL is not installed (apt-get install -y postgresql): skipped';
  console.log(reason);
  printBenchResult({ name: 'store-postgres', figures: [], notes: [reason] });
  process.exit(0);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;
const ms = (x: number) => `${x.toFixed(2)} ms`;

interface Subject { size: number; url: string; seeded: SeededDatabase; store: PostgresStore; openMs: number; writes: number[]; reads: number[]; readIds: string[] }

const pg = await startPostgres({ durable: true });
const subjects: Subject[] = [];
try {
  for (const size of sizes) {
    const url = await pg.createDatabase(`citable_growth_${size}`);
    process.stdout.write(`seeding ${size.toLocaleString('en')} audits... `);
    const seeded = await seedPostgres(url, size);
    process.stdout.write('done\n');
    subjects.push({ size, url, seeded, store: null as unknown as PostgresStore, openMs: 0, writes: [], reads: [], readIds: [] });
  }
  const admin = await PostgresStore.open(subjects[0]!.url, { poolSize: 1 });
  const fsync = (await admin.pool.query<{ fsync: string; synchronous_commit: string }>("SELECT current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS synchronous_commit")).rows[0]!;
  console.log(`PostgreSQL fsync=${fsync.fsync}, synchronous_commit=${fsync.synchronous_commit}`);
  await admin.pool.query('CHECKPOINT'); // seeded pages reach the disk now, not during the commits measured
  await admin.close();

  for (const s of subjects) {
    const t0 = performance.now();
    s.store = await PostgresStore.open(s.url, { poolSize: 2 });
    await s.store.countAudits();
    s.openMs = performance.now() - t0;
    s.readIds = [...s.seeded.ids].sort(() => Math.random() - 0.5).slice(0, READS);
  }
  for (let i = 0; i < READS; i++) {
    for (const s of subjects) {
      const t = performance.now();
      await s.store.getAuditJson(s.seeded.accountId, s.readIds[i % s.readIds.length]!);
      s.reads.push(performance.now() - t);
    }
  }
  for (let i = 0; i < WRITES; i++) {
    for (const s of subjects) {
      const audit = extensionAudit();
      const hash = canonicalHash(audit);
      const t = performance.now();
      await s.store.putAudit(s.seeded.accountId, audit, hash);
      s.writes.push(performance.now() - t);
    }
  }
  for (const s of subjects) await s.store.close();
} finally {
  await pg.stop();
}

console.log(`\nStore growth on PostgreSQL ${findPostgres()!.version} (${os.cpus().length} cores, Node ${process.version}; ${WRITES} committed writes and ${READS} reads per size, alternating)`);
console.log('| stored audits | open (connect, schema check, count) | write median | write p90 | read median | read p90 |');
console.log('|---|---|---|---|---|---|');
for (const s of subjects) {
  console.log(`| ${s.size.toLocaleString('en')} | ${ms(s.openMs)} | ${ms(median(s.writes))} | ${ms(p90(s.writes))} | ${ms(median(s.reads))} | ${ms(p90(s.reads))} |`);
}
const [small, large] = subjects as [Subject, Subject];
const writeRatio = median(large.writes) / median(small.writes);
const readRatio = median(large.reads) / median(small.reads);
const ok = writeRatio <= 1.5 && readRatio <= 1.5;
console.log(`\nratio ${large.size.toLocaleString('en')} / ${small.size.toLocaleString('en')}: write ${writeRatio.toFixed(2)}x, read ${readRatio.toFixed(2)}x (target ≤ 1.5x): ${ok ? 'OK' : 'ABOVE TARGET'}`);
printBenchResult({
  name: 'store-postgres',
  figures: [
    ...subjects.flatMap((s) => [
      figure(`${s.size.toLocaleString('en')} audits: committed write (median)`, median(s.writes), 'ms'),
      figure(`${s.size.toLocaleString('en')} audits: read by id (median)`, median(s.reads), 'ms'),
      figure(`${s.size.toLocaleString('en')} audits: open`, s.openMs, 'ms'),
    ]),
    figure(`write time, ${large.size.toLocaleString('en')} / ${small.size.toLocaleString('en')} audits`, writeRatio, 'x', { max: 1.5 }),
    figure(`read time, ${large.size.toLocaleString('en')} / ${small.size.toLocaleString('en')} audits`, readRatio, 'x', { max: 1.5 }),
  ],
  notes: ['PostgreSQL with fsync on, on the same machine'],
});
