/**
 * The API under load, on loopback, with 100,000 stored audits:
 *  - start-up of the built server (`node dist/server.mjs`) until it listens, and its RSS (targets: ≤ 5 s, < 500 MB);
 *  - GET /api/v1/audits/{id} with 50 concurrent connections, random ids out of all stored audits
 *    (targets: ≥ 3,000 requests/s, p99 ≤ 50 ms), request logging on as in production;
 *  - RSS after the load.
 *
 *   npx tsx bench/api.bench.ts [audits=100000] [seconds=15]
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { seedDataDir } from './store-seed.js';
import { figure, printBenchResult } from './lib/bench-result.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const count = Number(process.argv[2] ?? 100_000);
const seconds = Number(process.argv[3] ?? 15);

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-api-bench-'));
try {
  process.stdout.write(`seeding ${count.toLocaleString('en')} audits... `);
  const seeded = await seedDataDir(dataDir, count);
  execFileSync('sync');
  process.stdout.write('done\n');

  // The request log goes to a file, as in production: a pipe drained by this (busy) process would throttle the server.
  const logFile = path.join(dataDir, 'server.log');
  const log = await open(logFile, 'w');
  const t0 = performance.now();
  const server = spawn(
    process.execPath,
    [
      ...(process.env.CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF}`] : []),
      ...(process.env.TRACE_GC ? ['--trace-gc'] : []),
      ...(process.env.SERVER_NODE_FLAGS ? process.env.SERVER_NODE_FLAGS.split(' ') : []),
      path.join(root, 'dist/server.mjs'),
    ],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        ...(process.env.AUDIT_CACHE_MB ? { AUDIT_CACHE_MB: process.env.AUDIT_CACHE_MB } : {}),
      },
      stdio: ['ignore', log.fd, 'inherit'],
    },
  );
  let listening: { url: string; startup_ms: number; audits: number } | undefined;
  while (!listening) {
    for (const line of (await readFile(logFile, 'utf8')).split('\n')) {
      if (line.includes('"msg":"listening"')) listening = JSON.parse(line);
    }
    if (!listening) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const startupMs = performance.now() - t0;
  const rssAfterStart = await rssMb(server.pid!);

  const ids = process.env.HOT_IDS ? seeded.ids.slice(0, Number(process.env.HOT_IDS)) : seeded.ids;
  const run = (duration: number) =>
    autocannon({
      url: listening.url,
      connections: 50,
      duration,
      headers: { authorization: `Bearer ${seeded.key}` },
      requests: [
        { method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/v1/audits/${ids[Math.floor(Math.random() * ids.length)]}` }) },
      ],
    });
  await run(3); // warm-up: JIT, page cache
  const result = await run(seconds);
  const rssAfterLoad = await rssMb(server.pid!);
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  await log.close();
  if (process.env.TRACE_GC) await (await import('node:fs/promises')).copyFile(logFile, process.env.TRACE_GC);

  console.log(`\nAPI on loopback (${os.cpus().length} cores, Node ${process.version}; ${count.toLocaleString('en')} stored audits)`);
  console.log('| measure | figure | target |');
  console.log('|---|---|---|');
  console.log(
    `| start-up until listening (whole process) | ${Math.round(startupMs)} ms (server's own: ${listening.startup_ms} ms, ${listening.audits.toLocaleString('en')} audits indexed) | ≤ 5,000 ms |`,
  );
  console.log(`| RSS after start-up | ${rssAfterStart.toFixed(0)} MB | < 500 MB |`);
  console.log(
    `| GET /api/v1/audits/{id}, 50 connections, ${seconds} s | ${Math.round(result.requests.average).toLocaleString('en')} req/s | ≥ 3,000 req/s |`,
  );
  console.log(`| latency p50 / p99 | ${result.latency.p50} ms / ${result.latency.p99} ms | p99 ≤ 50 ms |`);
  console.log(`| responses: 2xx / other / errors | ${result['2xx']} / ${result.non2xx} / ${result.errors} | all 2xx |`);
  console.log(`| RSS after the load | ${rssAfterLoad.toFixed(0)} MB | < 500 MB |`);
  printBenchResult({
    name: 'api',
    figures: [
      figure('start-up until listening (whole process)', startupMs, 'ms', { max: 5000 }),
      figure('RSS after start-up', rssAfterStart, 'MB', { max: 500, target: '< 500 MB' }),
      figure(`GET /api/v1/audits/{id}, 50 connections, ${seconds} s`, result.requests.average, 'req/s', { min: 3000 }),
      figure('latency p99', result.latency.p99, 'ms', { max: 50 }),
      figure('responses not 2xx, and errors', result.non2xx + result.errors, '', { max: 0, target: 'all 2xx' }),
      figure('RSS after the load', rssAfterLoad, 'MB', { max: 500, target: '< 500 MB' }),
    ],
    notes: [`${count.toLocaleString('en')} stored audits`],
  });
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
