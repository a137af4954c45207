// scratch: load the kept PG year and split CPU between the API and PostgreSQL
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generateApiKey } from '../server/auth/api-key.js';
import { PostgresStore } from '../server/store/postgres/postgres-store.js';
import { startPostgres } from '../tests/helpers/services/index.js';
import { load, startBenchServer, windows } from './lib/citation-bench-server.js';
import { PROJECT_ID } from './lib/citation-synth.js';
const root = path.resolve('.');
if (!process.env.NOBUILD) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
const pgs = await startPostgres({ durable: true, keepDataDir: '/var/tmp/citable-pg-year' });
const url = pgs.adminUrl.replace(/\/postgres$/, '/citable_bench_year');
const store = await PostgresStore.open(url, { poolSize: 2 });
const key = generateApiKey();
await store.pool.query("DELETE FROM api_keys WHERE id = 'key_bench00001'");
await store.pool.query("INSERT INTO api_keys (id, account_id, name, prefix, hash, created_at) VALUES ('key_bench00001', 'acct_benchAccount', 'bench', $1, $2, now()::text)", [key.prefix, key.hash]);
await store.close();
const dir = await mkdtemp(path.join(os.tmpdir(), 'x-'));
const server = await startBenchServer(dir, { DATABASE_URL: url, DATA_DIR: path.join(dir, 'data') });
const cpu = () => {
  let pgT = 0;
  for (const pid of execFileSync('pgrep', ['-f', 'citable-pg-year|citable_bench_year'], { encoding: 'utf8' }).trim().split('\n')) {
    try { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); pgT += Number(f[11]) + Number(f[12]); } catch {}
  }
  const f = readFileSync(`/proc/${server.proc.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { pg: pgT, api: Number(f[11]) + Number(f[12]) };
};
const qs = windows('2026-11-25', 365).map((w) => `?project_id=${PROJECT_ID}&${w}`);
for (const route of (process.env.ROUTES ?? 'summary,sources').split(',')) {
  await load(server.url, key.key, route, qs, 2);
  const a = cpu();
  const r = await load(server.url, key.key, route, qs, Number(process.env.SECS ?? 10));
  const b = cpu();
  const n = r.rps * Number(process.env.SECS ?? 10);
  console.log(route, Math.round(r.rps), 'req/s p50', r.p50, 'p99', r.p99, `| per request CPU: api ${((b.api - a.api) * 10 / n).toFixed(2)} ms, pg ${((b.pg - a.pg) * 10 / n).toFixed(2)} ms`, os.loadavg()[0]);
}
await server.stop();
await pgs.stop();
