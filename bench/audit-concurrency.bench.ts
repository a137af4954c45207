/**
 * Audit latency under concurrency, through the real API: the built server (`node dist/server.mjs`,
 * audits in AUDIT_CONCURRENCY=4 worker threads) audits the loopback fixture sites of tests/fixtures/sites
 * (realistic pages with robots.txt, llms.txt, sitemaps and scripts). First one audit at a time (the
 * latency of a lone audit), then rounds of `inFlight` POST /audits sent at once: per-audit latency as
 * the client sees it (queueing included), audits per second, and the server's memory from
 * /proc/<pid>/status (VmRSS sampled every 50 ms, and the kernel's peak VmHWM).
 *
 *   npx tsx bench/audit-concurrency.bench.ts [rounds=5] [inFlight=20]
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateApiKey } from '../server/auth/api-key.js';
import { LowdbStore } from '../server/store/lowdb/store.js';
import { startFixtureSite, type FixtureSite } from '../tests/helpers/fixture-server.js';
import { FIXTURE_SITES } from '../tests/fixtures/sites/index.js';
import type { SiteRoutes } from '../tests/fixtures/sites/types.js';
import { figure, printBenchResult } from './lib/bench-result.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const rounds = Number(process.argv[2] ?? 5);
const inFlight = Number(process.argv[3] ?? 20);
const LONE = 10;

const memory = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)![1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
};
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

if (!process.env.BENCH_SKIP_BUILD) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });

// Every fixture site on its own port; the audits cycle through them.
const sites: Array<{ site: FixtureSite; url: string }> = [];
for (const { site: define, path: page } of Object.values(FIXTURE_SITES)) {
  const routes: SiteRoutes = {};
  const site = await startFixtureSite(routes);
  Object.assign(routes, define(site.url));
  sites.push({ site, url: `${site.url}${page}` });
}

// 10 POST /audits per minute per account: one account per 10 audits.
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-concurrency-bench-'));
const needed = Math.ceil((LONE + rounds * inFlight) / 10) + 1;
const keys: string[] = [];
{
  const store = await LowdbStore.open(dataDir);
  for (let i = 0; i < needed; i++) {
    const account = await store.createAccount({ name: `bench ${i}`, plan: 'agency' });
    const key = generateApiKey();
    await store.createKey({ account_id: account.id, name: 'bench', prefix: key.prefix, hash: key.hash });
    keys.push(key.key);
  }
  await store.close();
}
let posted = 0;
const nextKey = () => keys[Math.floor(posted++ / 10)]!;

const logFile = path.join(dataDir, 'server.log');
const log = await open(logFile, 'w');
const server = spawn(process.execPath, [path.join(root, 'dist/server.mjs')], {
  cwd: root,
  env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', AUDIT_ALLOW_PRIVATE: '1', LOG_LEVEL: 'info' },
  stdio: ['ignore', log.fd, 'inherit'],
});
let base = '';
while (!base) {
  const line = (await readFile(logFile, 'utf8')).split('\n').find((l) => l.includes('"msg":"listening"'));
  if (line) base = (JSON.parse(line) as { url: string }).url;
  else await new Promise((resolve) => setTimeout(resolve, 10));
}

const statuses = new Map<number, number>();
async function audit(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/audits`, {
    method: 'POST',
    headers: { authorization: `Bearer ${nextKey()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  await res.arrayBuffer();
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  return performance.now() - started;
}

try {
  await audit(sites[0]!.url); // warm-up: first requests, page cache, JIT
  const rssAtStart = (await memory(server.pid!)).rss;
  posted = Math.ceil(posted / 10) * 10;

  const lone: number[] = [];
  for (let i = 0; i < LONE; i++) lone.push(await audit(sites[i % sites.length]!.url));
  lone.sort((a, b) => a - b);

  const samples: number[] = [];
  const sampler = setInterval(() => void memory(server.pid!).then((m) => samples.push(m.rss)), 50);
  const latencies: number[] = [];
  let wall = 0;
  for (let round = 0; round < rounds; round++) {
    const t0 = performance.now();
    latencies.push(
      ...(await Promise.all(Array.from({ length: inFlight }, (_, i) => audit(sites[(round * inFlight + i) % sites.length]!.url)))),
    );
    wall += performance.now() - t0;
  }
  clearInterval(sampler);
  const { peak } = await memory(server.pid!);
  latencies.sort((a, b) => a - b);
  const throughput = latencies.length / (wall / 1000);
  const notCreated = [...statuses].filter(([s]) => s !== 201).reduce((n, [, c]) => n + c, 0);

  console.log(
    `\nAudit latency under concurrency (${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node ${process.version}; ${sites.length} loopback fixture sites)`,
  );
  console.log('| measure | figure |');
  console.log('|---|---|');
  console.log(
    `| one audit at a time (${LONE}): p50 / max | ${lone[Math.floor(lone.length / 2)]!.toFixed(0)} ms / ${lone.at(-1)!.toFixed(0)} ms |`,
  );
  console.log(
    `| ${inFlight} in flight (${rounds} rounds, ${latencies.length} audits): p50 / p95 / max | ${pct(latencies, 50).toFixed(0)} ms / ${pct(latencies, 95).toFixed(0)} ms / ${latencies.at(-1)!.toFixed(0)} ms |`,
  );
  console.log(`| throughput with ${inFlight} in flight | ${throughput.toFixed(2)} audits/s |`);
  console.log(
    `| server RSS: after start-up and one audit / sampled max under load / peak (VmHWM) | ${rssAtStart.toFixed(0)} / ${Math.max(...samples).toFixed(0)} / ${peak.toFixed(0)} MB |`,
  );
  console.log(`| answers | ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')} |`);
  printBenchResult({
    name: 'audit-concurrency',
    figures: [
      figure('one audit at a time, p50', pct(lone, 50), 'ms'),
      figure(`${inFlight} audits in flight, per-audit p50`, pct(latencies, 50), 'ms'),
      figure(`${inFlight} audits in flight, per-audit p95`, pct(latencies, 95), 'ms'),
      figure(`${inFlight} audits in flight, per-audit max`, latencies.at(-1)!, 'ms'),
      figure(`throughput, ${inFlight} in flight`, throughput, 'audits/s'),
      figure('server RSS after start-up and one audit', rssAtStart, 'MB'),
      figure('server RSS peak (VmHWM) under load', peak, 'MB', { max: 600, target: '< 600 MB' }),
      figure('audits not answered 201', notCreated, '', { max: 0, target: 'none' }),
    ],
    notes: [
      `${sites.length} loopback fixture sites, AUDIT_CONCURRENCY=4 (the default): ${inFlight - 4} of ${inFlight} wait in line, and their wait is part of their latency`,
    ],
  });
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  await log.close();
  await Promise.all(sites.map(({ site }) => site.close()));
  await rm(dataDir, { recursive: true, force: true });
}
