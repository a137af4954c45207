/**
 * CSV export of a crawl's pages (goal: 10,000 pages in ≤ 2 s, streamed): `GET /crawls/{id}/pages.csv`
 * on the real server (dist/server.mjs) on 127.0.0.1, its data directory holding a finished crawl of PAGES
 * pages written straight into the store. Run: npx tsx bench/crawl-export.bench.ts [pages] [runs]
 *
 * Figures (medians of RUNS downloads after one warm-up): request to the first byte, and request to the
 * last byte of the whole file; the rows are checked against the page count.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateApiKey } from '../server/auth/api-key.js';
import { LowdbStore } from '../server/store/lowdb/store.js';
import { startServerProcess } from '../tests/helpers/server-process.js';
import { seedFinishedCrawl } from '../tests/crawls/helpers/seed-crawl.js';
import { figure, printBenchResult } from './lib/bench-result.js';

const PAGES = Number(process.argv[2] ?? 10_000);
const RUNS = Number(process.argv[3] ?? 7);
const GOAL_MS = 2_000;

if (process.env.BENCH_SKIP_BUILD !== '1') {
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the build failed:\n${r.stdout}\n${r.stderr}`);
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'citable-csv-bench-'));
const store = await LowdbStore.open(dataDir);
const account = await store.createAccount({ name: 'Bench', plan: 'agency' });
const key = generateApiKey();
await store.createKey({ account_id: account.id, name: 'bench', prefix: key.prefix, hash: key.hash });
const seedStart = performance.now();
const crawlId = await seedFinishedCrawl(await store.crawls(), account.id, PAGES);
console.log(`seeded a crawl of ${PAGES.toLocaleString('en-GB')} pages in ${Math.round(performance.now() - seedStart)} ms`);
await store.close();

const server = await startServerProcess({ env: { DATA_DIR: dataDir }, keepRequestLog: false });

async function download(): Promise<{ first: number; last: number; rows: number }> {
  const start = performance.now();
  const res = await fetch(`${server.url}/api/v1/crawls/${crawlId}/pages.csv`, { headers: { authorization: `Bearer ${key.key}` } });
  if (res.status !== 200) throw new Error(`pages.csv answered ${res.status}`);
  const reader = res.body!.getReader();
  let first = 0;
  let rows = 0;
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    first ||= performance.now() - start;
    rows += decoder.decode(value, { stream: true }).split('\r\n').length - 1;
  }
  return { first, last: performance.now() - start, rows: rows - 1 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
try {
  const warm = await download();
  if (warm.rows !== PAGES) throw new Error(`the file has ${warm.rows} rows, not ${PAGES}`);
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await download());
  const first = median(runs.map((r) => r.first));
  const last = median(runs.map((r) => r.last));
  const pages = PAGES.toLocaleString('en-GB');
  console.log(
    `pages.csv of ${pages} pages: first byte ${Math.round(first)} ms, whole file ${Math.round(last)} ms (median of ${RUNS})  goal ≤ ${GOAL_MS} ms`,
  );
  printBenchResult({
    name: 'crawl-export',
    figures: [
      figure(`CSV export of a ${pages}-page crawl, whole file (median)`, last, 'ms', { max: GOAL_MS }),
      figure(`CSV export of a ${pages}-page crawl, first byte (median)`, first, 'ms'),
    ],
    notes: [`GET /crawls/{id}/pages.csv on the real server (embedded store) on loopback, streamed 500 rows a read; n=${RUNS}`],
  });
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
