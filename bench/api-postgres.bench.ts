/**
 * The API on PostgreSQL (DATABASE_URL), with 100,000 stored audits, on loopback, the same figures as
 * bench/api.bench.ts (lowdb):
 *  1. one server process: start-up until listening, RSS, GET /api/v1/audits/{id} with 50 connections
 *     at random ids of all stored audits (req/s, p50/p99), RSS after the load;
 *  2. two server processes sharing the database (and Redis, REDIS_URL, as a deployment of several
 *     processes would): the same load through a round-robin TCP proxy on one port (a separate process),
 *     and split directly over the two ports (25 connections each; req/s summed, the worse p99 shown).
 * PostgreSQL and Redis are real servers started here on 127.0.0.1 (Debian packages), PostgreSQL with
 * its default durability (fsync on). The load generator (autocannon), the proxy, the servers and
 * PostgreSQL share the machine's cores.
 *
 *   npx tsx bench/api-postgres.bench.ts [audits=100000] [seconds=15]
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { figure, printBenchResult } from './lib/bench-result.js';
import { seedPostgres } from './store-postgres-seed.js';
import { findPostgres, findRedis, startPostgres, startRedis, waitForPort, freePort } from '../tests/helpers/services/index.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const count = Number(process.argv[2] ?? 100_000);
const seconds = Number(process.argv[3] ?? 15);

if (!findPostgres() || !findRedis()) {
  const reason = 'PostgreSQL or Redis is not installed (apt-get install -y postgresql redis-server): skipped';
  console.log(reason);
  printBenchResult({ name: 'api-postgres', figures: [], notes: [reason] });
  process.exit(0);
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

interface Server {
  proc: ChildProcess;
  url: string;
  port: number;
  startupMs: number;
  ownStartupMs: number;
}

/** Starts `node dist/server.mjs` with its request log going to a file (as in production), until it listens. */
async function startServer(dir: string, name: string, env: Record<string, string>): Promise<Server> {
  const logFile = path.join(dir, `${name}.log`);
  const log = await open(logFile, 'w');
  const t0 = performance.now();
  const proc = spawn(process.execPath, [path.join(root, 'dist/server.mjs')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATA_DIR: path.join(dir, `data-${name}`),
      ...env,
    },
    stdio: ['ignore', log.fd, 'inherit'],
  });
  for (;;) {
    const line = (await readFile(logFile, 'utf8')).split('\n').find((l) => l.includes('"msg":"listening"'));
    if (line) {
      const entry = JSON.parse(line) as { url: string; startup_ms: number };
      await log.close();
      return {
        proc,
        url: entry.url,
        port: Number(new URL(entry.url).port),
        startupMs: performance.now() - t0,
        ownStartupMs: entry.startup_ms,
      };
    }
    if (proc.exitCode !== null) throw new Error(`${name} exited with ${proc.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  proc.kill('SIGTERM');
  await exited;
}

const load = (url: string, key: string, ids: string[], connections: number, duration: number) =>
  autocannon({
    url,
    connections,
    duration,
    headers: { authorization: `Bearer ${key}` },
    requests: [
      { method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/v1/audits/${ids[Math.floor(Math.random() * ids.length)]}` }) },
    ],
  });

if (!process.env.BENCH_SKIP_BUILD) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
const dir = await mkdtemp(path.join(os.tmpdir(), 'citable-api-pg-bench-'));
const [pg, redis] = await Promise.all([startPostgres({ durable: true }), startRedis()]);
try {
  const databaseUrl = await pg.createDatabase('citable_bench');
  process.stdout.write(`seeding ${count.toLocaleString('en')} audits into PostgreSQL... `);
  const t0 = performance.now();
  const seeded = await seedPostgres(databaseUrl, count);
  process.stdout.write(`done in ${Math.round(performance.now() - t0)} ms\n`);

  // 1. One process.
  const one = await startServer(dir, 'one', { DATABASE_URL: databaseUrl });
  const rssAfterStart = await rssMb(one.proc.pid!);
  await load(one.url, seeded.key, seeded.ids, 50, 3); // warm-up: JIT, buffer cache
  const single = await load(one.url, seeded.key, seeded.ids, 50, seconds);
  const rssAfterLoad = await rssMb(one.proc.pid!);
  await stop(one.proc);

  // 2. Two processes, sharing PostgreSQL and Redis.
  const shared = { DATABASE_URL: databaseUrl, REDIS_URL: redis.url };
  const [a, b] = await Promise.all([startServer(dir, 'a', shared), startServer(dir, 'b', shared)]);
  const proxyPort = await freePort();
  const proxy = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'tests/helpers/services/round-robin-proxy.ts'),
      String(proxyPort),
      `127.0.0.1:${a.port}`,
      `127.0.0.1:${b.port}`,
    ],
    {
      cwd: root,
      stdio: 'ignore',
    },
  );
  await waitForPort(proxyPort, 20_000);
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  await load(proxyUrl, seeded.key, seeded.ids, 50, 3);
  const viaProxy = await load(proxyUrl, seeded.key, seeded.ids, 50, seconds);
  const [directA, directB] = await Promise.all([
    load(a.url, seeded.key, seeded.ids, 25, seconds),
    load(b.url, seeded.key, seeded.ids, 25, seconds),
  ]);
  proxy.kill('SIGTERM');
  await Promise.all([stop(a.proc), stop(b.proc)]);

  const direct = {
    rps: directA.requests.average + directB.requests.average,
    p50: Math.max(directA.latency.p50, directB.latency.p50),
    p99: Math.max(directA.latency.p99, directB.latency.p99),
    bad: directA.non2xx + directA.errors + directB.non2xx + directB.errors,
  };
  const rps = (n: number) => Math.round(n).toLocaleString('en');
  console.log(
    `\nAPI on PostgreSQL (${os.cpus().length} cores, Node ${process.version}; ${count.toLocaleString('en')} stored audits; GET /api/v1/audits/{id}, ${seconds} s each)`,
  );
  console.log('| setup | req/s | p50 / p99 | not 2xx + errors |');
  console.log('|---|---|---|---|');
  console.log(
    `| one process | ${rps(single.requests.average)} | ${single.latency.p50} ms / ${single.latency.p99} ms | ${single.non2xx + single.errors} |`,
  );
  console.log(
    `| two processes, round-robin proxy, 50 connections | ${rps(viaProxy.requests.average)} | ${viaProxy.latency.p50} ms / ${viaProxy.latency.p99} ms | ${viaProxy.non2xx + viaProxy.errors} |`,
  );
  console.log(
    `| two processes, 25 connections to each port | ${rps(direct.rps)} | ${direct.p50} ms / ${direct.p99} ms (worse of the two) | ${direct.bad} |`,
  );
  console.log(
    `\none process: start-up until listening ${Math.round(one.startupMs)} ms (the server's own ${one.ownStartupMs} ms), RSS ${rssAfterStart.toFixed(0)} MB after start-up, ${rssAfterLoad.toFixed(0)} MB after the load`,
  );
  printBenchResult({
    name: 'api-postgres',
    figures: [
      figure('one process: start-up until listening (whole process)', one.startupMs, 'ms', { max: 5000 }),
      figure('one process: RSS after start-up', rssAfterStart, 'MB', { max: 500, target: '< 500 MB' }),
      figure(`one process: GET /api/v1/audits/{id}, 50 connections, ${seconds} s`, single.requests.average, 'req/s', { min: 3000 }),
      figure('one process: latency p50', single.latency.p50, 'ms'),
      figure('one process: latency p99', single.latency.p99, 'ms', { max: 50 }),
      figure('one process: RSS after the load', rssAfterLoad, 'MB', { max: 500, target: '< 500 MB' }),
      figure('two processes via proxy: req/s', viaProxy.requests.average, 'req/s'),
      figure('two processes via proxy: latency p50', viaProxy.latency.p50, 'ms'),
      figure('two processes via proxy: latency p99', viaProxy.latency.p99, 'ms', { max: 50 }),
      figure('two processes direct (25 + 25 connections): req/s', direct.rps, 'req/s'),
      figure('two processes direct: latency p99 (worse of the two)', direct.p99, 'ms', { max: 50 }),
      figure(
        'responses not 2xx, and errors (all runs)',
        single.non2xx + single.errors + viaProxy.non2xx + viaProxy.errors + direct.bad,
        '',
        { max: 0, target: 'all 2xx' },
      ),
    ],
    notes: [
      `${count.toLocaleString('en')} stored audits in PostgreSQL ${findPostgres()!.version} (fsync on)`,
      'load generator, proxy, servers and PostgreSQL on the same cores',
    ],
  });
} finally {
  await Promise.all([pg.stop(), redis.stop()]);
  await rm(dir, { recursive: true, force: true });
}
