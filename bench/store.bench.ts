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
import { canonicalHash } from '../server/audits/canonical-hash.js';
import { LowdbStore } from '../server/store/lowdb/lowdb-store.js';
import { extensionAudit } from '../tests/server/helpers/extension-audit.js';
import { seedDataDir, type SeededDataDir } from './store-seed.js';
import { figure, printBenchResult } from './lib/bench-result.js';

const sizes = [Number(process.argv[2] ?? 1000), Number(process.argv[3] ?? 100_000)];
const WRITES = 300;
const READS = 1000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;
const ms = (x: number) => `${x.toFixed(2)} ms`;

interface Subject { size: number; seeded: SeededDataDir; store: LowdbStore; openMs: number; writes: number[]; reads: number[]; readIds: string[] }

const dirs: string[] = [];
const subjects: Subject[] = [];
try {
  for (const size of sizes) {
    const dir = await mkdtemp(path.join(os.tmpdir(), `citable-store-bench-${size}-`));
    dirs.push(dir);
    process.stdout.write(`seeding ${size.toLocaleString('en')} audits... `);
    const seeded = await seedDataDir(dir, size);
    process.stdout.write('done\n');
    subjects.push({ size, seeded, store: null as unknown as LowdbStore, openMs: 0, writes: [], reads: [], readIds: [] });
  }
  execFileSync('sync'); // the seeded files reach the disk now, not during the fsyncs measured below

  for (const s of subjects) {
    const t0 = performance.now();
    s.store = await LowdbStore.open(s.seeded.dataDir, { cacheBytes: 0 }); // no cache: every read is a file read
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
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
}

console.log(`\nStore growth (${os.cpus().length} cores, Node ${process.version}; ${WRITES} durable writes and ${READS} uncached reads per size, alternating)`);
console.log('| stored audits | open (load index) | write median | write p90 | read median | read p90 |');
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
  name: 'store',
  figures: [
    ...subjects.flatMap((s) => [
      figure(`${s.size.toLocaleString('en')} audits: durable write (median)`, median(s.writes), 'ms'),
      figure(`${s.size.toLocaleString('en')} audits: uncached read (median)`, median(s.reads), 'ms'),
      figure(`${s.size.toLocaleString('en')} audits: open (load the index)`, s.openMs, 'ms'),
    ]),
    figure(`write time, ${large.size.toLocaleString('en')} / ${small.size.toLocaleString('en')} audits`, writeRatio, 'x', { max: 1.5 }),
    figure(`read time, ${large.size.toLocaleString('en')} / ${small.size.toLocaleString('en')} audits`, readRatio, 'x', { max: 1.5 }),
  ],
});
