/**
 * Store growth: the time of one persisted write (putAudit: audit file + journal line, both fsynced) and
 * of one read (getAuditJson of an audit not in the cache: one file read) with 1,000 and with 100,000
 * stored audits, plus the time to open each store (load the journal index). Target: 100,000 within 1.5x
 * of 1,000. Both stores are open at once and measured in alternation, so disk noise (fsync latency
 * varies a lot on shared machines) falls on both sizes alike.
 *
 *   npx tsx bench/store.bench.ts [small=1000] [large=100000]
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LowdbStore } from '../server/store/lowdb/store.js';
import { seedDataDir } from './store-seed.js';
import { measureStoreGrowth, type GrowthSubject } from './lib/store-growth.js';

const sizes = [Number(process.argv[2] ?? 1000), Number(process.argv[3] ?? 100_000)];

const dirs: string[] = [];
try {
  const subjects: GrowthSubject[] = [];
  for (const size of sizes) {
    const dir = await mkdtemp(path.join(os.tmpdir(), `citable-store-bench-${size}-`));
    dirs.push(dir);
    process.stdout.write(`seeding ${size.toLocaleString('en')} audits... `);
    const seeded = await seedDataDir(dir, size);
    process.stdout.write('done\n');
    // No cache: every read is a file read.
    subjects.push({ size, accountId: seeded.accountId, ids: seeded.ids, open: () => LowdbStore.open(seeded.dataDir, { cacheBytes: 0 }) });
  }
  execFileSync('sync'); // the seeded files reach the disk now, not during the fsyncs measured below
  await measureStoreGrowth(subjects, {
    name: 'store',
    title: 'Store growth',
    write: 'durable write',
    read: 'uncached read',
    open: 'open (load index)',
  });
} finally {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
}
