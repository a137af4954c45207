/**
 * The store-growth measurement both stores share (bench/store.bench.ts for lowdb, bench/store-postgres.bench.ts
 * for PostgreSQL): open each seeded store, then time reads and durable writes of the two sizes in
 * alternation (so noise falls on both alike), print the table and the ratio, and emit the BENCH_RESULT line.
 */
import os from 'node:os';
import { canonicalHash } from '../../server/audits/canonical-hash.js';
import type { Store } from '../../server/store/contracts/store.js';
import { extensionAudit } from '../../tests/server/helpers/extension-audit.js';
import { figure, printBenchResult } from './bench-result.js';

export interface GrowthSubject {
  size: number;
  accountId: string;
  ids: string[];
  open: () => Promise<Store>;
}

export interface GrowthLabels {
  name: string;
  /** e.g. "Store growth" / "Store growth on PostgreSQL 15". */
  title: string;
  /** What one timed write and one timed read are, e.g. "durable write", "read by id". */
  write: string;
  read: string;
  open: string;
  notes?: string[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;
const ms = (x: number) => `${x.toFixed(2)} ms`;

export async function measureStoreGrowth(
  subjects: GrowthSubject[],
  labels: GrowthLabels,
  counts = { writes: 300, reads: 1000 },
): Promise<void> {
  const runs = [];
  for (const s of subjects) {
    const t0 = performance.now();
    const store = await s.open();
    await store.countAudits();
    runs.push({
      size: s.size,
      accountId: s.accountId,
      store,
      openMs: performance.now() - t0,
      writes: [] as number[],
      reads: [] as number[],
      readIds: [...s.ids].sort(() => Math.random() - 0.5).slice(0, counts.reads),
    });
  }
  try {
    for (let i = 0; i < counts.reads; i++) {
      for (const r of runs) {
        const t = performance.now();
        await r.store.getAuditJson(r.accountId, r.readIds[i % r.readIds.length]!);
        r.reads.push(performance.now() - t);
      }
    }
    for (let i = 0; i < counts.writes; i++) {
      for (const r of runs) {
        const audit = extensionAudit();
        const hash = canonicalHash(audit);
        const t = performance.now();
        await r.store.putAudit(r.accountId, audit, hash);
        r.writes.push(performance.now() - t);
      }
    }
  } finally {
    for (const r of runs) await r.store.close();
  }

  console.log(
    `\n${labels.title} (${os.cpus().length} cores, Node ${process.version}; ${counts.writes} × ${labels.write} and ${counts.reads} × ${labels.read} per size, alternating)`,
  );
  console.log(`| stored audits | ${labels.open} | write median | write p90 | read median | read p90 |`);
  console.log('|---|---|---|---|---|---|');
  for (const r of runs) {
    console.log(
      `| ${r.size.toLocaleString('en')} | ${ms(r.openMs)} | ${ms(median(r.writes))} | ${ms(p90(r.writes))} | ${ms(median(r.reads))} | ${ms(p90(r.reads))} |`,
    );
  }
  const [small, large] = runs as [(typeof runs)[0], (typeof runs)[0]];
  const writeRatio = median(large.writes) / median(small.writes);
  const readRatio = median(large.reads) / median(small.reads);
  const ok = writeRatio <= 1.5 && readRatio <= 1.5;
  const sizes = `${large.size.toLocaleString('en')} / ${small.size.toLocaleString('en')}`;
  console.log(
    `\nratio ${sizes}: write ${writeRatio.toFixed(2)}x, read ${readRatio.toFixed(2)}x (target ≤ 1.5x): ${ok ? 'OK' : 'ABOVE TARGET'}`,
  );
  printBenchResult({
    name: labels.name,
    figures: [
      ...runs.flatMap((r) => [
        figure(`${r.size.toLocaleString('en')} audits: ${labels.write} (median)`, median(r.writes), 'ms'),
        figure(`${r.size.toLocaleString('en')} audits: ${labels.read} (median)`, median(r.reads), 'ms'),
        figure(`${r.size.toLocaleString('en')} audits: open`, r.openMs, 'ms'),
      ]),
      figure(`write time, ${sizes} audits`, writeRatio, 'x', { max: 1.5 }),
      figure(`read time, ${sizes} audits`, readRatio, 'x', { max: 1.5 }),
    ],
    ...(labels.notes ? { notes: labels.notes } : {}),
  });
}
