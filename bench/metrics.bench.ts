/**
 * Operations figures (docs/operations.md, docs/performance.md):
 *  - GET /metrics with 10,000 series in the registry (requests and store operations spread over many routes
 *    and operations, filled through the recording functions), 200 scrapes one after the other, in process:
 *    median and p95 (target: ≤ 20 ms);
 *  - the cost of scraping every 5 s: GET /api/v1/audits/{id} on the built server with 10,000 stored audits,
 *    50 connections, runs alternating without and with a scraper (target: throughput lower by ≤ 2 %);
 *  - `citable backup` of 100,000 stored audits while the same load runs (targets: ≤ 10 s, p99 ≤ 50 ms).
 *
 *   npx tsx bench/metrics.bench.ts [series=10000] [audits=100000] [seconds=10] [rounds=3]
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, open, readFile, rm, type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createApp } from '../server/app/create-app.js';
import { listen } from '../server/app/listen.js';
import { observeRequest } from '../server/middleware/http-metrics.js';
import { observeStoreOperation } from '../server/app/timed-store.js';
import { metricsRegistry } from '../server/metrics/registry.js';
import { writeExposition } from '../server/metrics/exposition.js';
import { LowdbStore } from '../server/store/lowdb/store.js';
import { fakeFetcher } from '../tests/server/helpers/fake-fetcher.js';
import { seedDataDir, type SeededDataDir } from './store-seed.js';
import { figure, printBenchResult, type BenchFigure } from './lib/bench-result.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const [series, audits, seconds, rounds] = [10_000, 100_000, 10, 3].map((d, i) => Number(process.argv[2 + i] ?? d)) as [
  number,
  number,
  number,
  number,
];

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const median = (values: number[]) => quantile(values, 0.5);

/** Fills the registry until its exposition has `target` series, then times scrapes of the in-process app. */
async function scrapeTimes(
  target: number,
): Promise<{ series: number; medianMs: number; p95Ms: number; cpuMs: number; changedCpuMs: number; promClientCpuMs: number }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-metrics-bench-'));
  const store = await LowdbStore.open(dataDir);
  const citable = createApp({ store, fetcher: fakeFetcher() });
  const { server, url } = await listen(citable.app.callback(), { host: '127.0.0.1', port: 0, tlsCert: null, tlsKey: null });
  const count = async () => (await (await fetch(`${url}/metrics`)).text()).split('\n').filter((l) => l && !l.startsWith('#')).length;
  // A histogram label set is 17 series (14 buckets, sum, count) plus its counter's one.
  const observe = (n: number) =>
    n % 2
      ? observeRequest('GET', `/api/v1/bench/route-${n}/:id`, 200, 0.004)
      : observeStoreOperation('lowdb', `bench.operation${n}`, 0.001);
  let filled = 0;
  for (; (await count()) < target; filled += 50) for (let n = filled; n < filled + 50; n++) observe(n);
  const found = await count();
  for (let i = 0; i < 20; i++) await fetch(`${url}/metrics`).then((r) => r.text()); // warm-up
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    await fetch(`${url}/metrics`).then((r) => r.text());
    times.push(performance.now() - t0);
  }
  server.close();
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
  const cpuMs = await expositionCpuMs(() => undefined);
  const changedCpuMs = await expositionCpuMs(() => {
    for (let n = 0; n < filled; n++) observe(n);
  });
  const promClientCpuMs = await expositionCpuMs(
    () => undefined,
    () => metricsRegistry.metrics(),
  );
  return { series: found, medianMs: median(times), p95Ms: quantile(times, 0.95), cpuMs, changedCpuMs, promClientCpuMs };
}

/**
 * The CPU time this process spends writing the exposition (the registry's text as GET /metrics writes it, no
 * HTTP), median of 200: what a scrape costs the server whatever else runs on the machine, where the wall-clock
 * time above also counts the time spent waiting for a core. `between` runs before each (untimed): nothing, or
 * an observation of every label set, so that every series changed since the last scrape.
 */
async function expositionCpuMs(between: () => void, write = () => writeExposition(metricsRegistry)): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    between();
    const before = process.cpuUsage();
    await write();
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1000);
  }
  return median(times);
}

/** The built server on the seeded directory, its request log in a file as in production. */
async function startServer(dataDir: string): Promise<{ proc: ChildProcess; url: string; log: FileHandle }> {
  const logFile = path.join(dataDir, 'server.log');
  const log = await open(logFile, 'w');
  const proc = spawn(process.execPath, [path.join(root, 'dist/server.mjs')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', log.fd, 'inherit'],
  });
  for (;;) {
    const line = (await readFile(logFile, 'utf8')).split('\n').find((l) => l.includes('"msg":"listening"'));
    if (line) return { proc, url: (JSON.parse(line) as { url: string }).url, log };
    if (proc.exitCode !== null) throw new Error('the server exited before listening');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const load = (url: string, seeded: SeededDataDir, duration: number) =>
  autocannon({
    url,
    connections: 50,
    duration,
    headers: { authorization: `Bearer ${seeded.key}` },
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: `/api/v1/audits/${seeded.ids[Math.floor(Math.random() * seeded.ids.length)]}` }),
      },
    ],
  });

/** Throughput with a scraper every 5 s against without, in pairs run in alternating order (A B, B A, ...). */
async function scrapeCost(url: string, seeded: SeededDataDir): Promise<{ without: number[]; withScraper: number[]; losses: number[] }> {
  const without: number[] = [];
  const withScraper: number[] = [];
  const losses: number[] = [];
  const scraped = async () => {
    let scrapes = 0;
    const scrape = () =>
      void fetch(`${url}/metrics`)
        .then((r) => r.text())
        .then(() => scrapes++);
    scrape(); // the first at once, then every 5 s
    const timer = setInterval(scrape, 5_000);
    const result = (await load(url, seeded, seconds)).requests.average;
    clearInterval(timer);
    if (scrapes === 0) throw new Error('no scrape answered');
    return result;
  };
  const plain = async () => (await load(url, seeded, seconds)).requests.average;
  for (let round = 0; round < rounds; round++) {
    let off: number;
    let on: number;
    if (round % 2 === 0) {
      off = await plain();
      on = await scraped();
    } else {
      on = await scraped();
      off = await plain();
    }
    without.push(off);
    withScraper.push(on);
    losses.push((1 - on / off) * 100);
  }
  return { without, withScraper, losses };
}

/** `citable backup` (the built CLI) while the load runs; the load's p99 during the backup. */
async function backupUnderLoad(url: string, seeded: SeededDataDir, dataDir: string) {
  const out = path.join(os.tmpdir(), `citable-bench-backup-${process.pid}.tar`);
  const running = load(url, seeded, seconds + 5);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const t0 = performance.now();
  // A child process, awaited without blocking: the load generator runs on this event loop.
  const backup = spawn(process.execPath, [path.join(root, 'bin/citable.cjs'), 'backup', '--out', out], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve) => backup.on('exit', resolve));
  if (code !== 0) throw new Error(`citable backup exited ${code}`);
  const backupS = (performance.now() - t0) / 1000;
  const result = await running;
  await rm(out, { force: true });
  return { backupS, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
const figures: BenchFigure[] = [];
const scrape = await scrapeTimes(series);
console.log(
  `GET /metrics with ${scrape.series.toLocaleString('en')} series: median ${scrape.medianMs.toFixed(2)} ms, p95 ${scrape.p95Ms.toFixed(2)} ms; the exposition's CPU time ${scrape.cpuMs.toFixed(2)} ms (${scrape.changedCpuMs.toFixed(2)} ms with every series changed; prom-client's own ${scrape.promClientCpuMs.toFixed(2)} ms)`,
);
figures.push(
  figure(`GET /metrics, ${scrape.series.toLocaleString('en')} series, median`, scrape.medianMs, 'ms', { max: 20 }),
  figure(`GET /metrics, ${scrape.series.toLocaleString('en')} series, p95`, scrape.p95Ms, 'ms'),
  figure('the exposition alone (no HTTP): CPU time per scrape, median', scrape.cpuMs, 'ms'),
  figure('the same with every series changed since the last scrape', scrape.changedCpuMs, 'ms'),
  figure("prom-client's own registry.metrics(), for comparison", scrape.promClientCpuMs, 'ms'),
);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-metrics-bench-api-'));
try {
  process.stdout.write(`seeding ${audits.toLocaleString('en')} audits... `);
  const seeded = await seedDataDir(dataDir, audits);
  execFileSync('sync');
  process.stdout.write('done\n');
  const { proc, url, log } = await startServer(dataDir);
  await load(url, seeded, 3); // warm-up
  const cost = await scrapeCost(url, seeded);
  const loss = median(cost.losses);
  console.log(
    `req/s without a scraper: ${cost.without.map(Math.round).join(', ')}; with one every 5 s: ${cost.withScraper.map(Math.round).join(', ')}; loss per pair: ${cost.losses.map((l) => l.toFixed(1)).join(', ')} %`,
  );
  figures.push(
    figure('GET /audits/{id} req/s without a scraper (median of runs)', median(cost.without), 'req/s'),
    figure('throughput lost to a scrape every 5 s (median of paired runs)', loss, '%', { max: 2 }),
    // What a scrape every 5 s can take from a server whose core is busy: the exposition's CPU time over 5 s
    // (the paired runs above measure it, but on a shared machine their noise is larger than the cost).
    figure('a scrape every 5 s: its CPU time over 5 s (every series changed), in % of a core', (scrape.changedCpuMs / 5_000) * 100, '%'),
  );
  // The same load without a backup, just before: what the p99 during the backup compares with on this machine.
  const baselineP99 = (await load(url, seeded, seconds)).latency.p99;
  const backup = await backupUnderLoad(url, seeded, dataDir);
  console.log(
    `backup of ${audits.toLocaleString('en')} audits under load: ${backup.backupS.toFixed(1)} s; the load's p99 ${backup.p99} ms (${baselineP99} ms without a backup just before)`,
  );
  figures.push(
    figure(`citable backup of ${audits.toLocaleString('en')} audits, under load`, backup.backupS, 's', { max: 10 }),
    figure('GET /audits/{id} p99 during the backup', backup.p99, 'ms', { max: 50 }),
    figure('GET /audits/{id} p99, the same load without a backup', baselineP99, 'ms'),
    figure('responses not 2xx during the backup', backup.non2xx, '', { max: 0, target: 'all 2xx' }),
  );
  proc.kill('SIGTERM');
  await new Promise((resolve) => proc.on('exit', resolve));
  await log.close();
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
printBenchResult({
  name: 'metrics',
  figures,
  notes: [`${rounds} alternating rounds of ${seconds} s, 50 connections; ${audits.toLocaleString('en')} stored audits for the backup`],
});
