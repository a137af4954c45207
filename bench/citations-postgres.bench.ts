/**
 * Citation intelligence on PostgreSQL, the same questions as bench/citations.bench.ts:
 *  1. storage per run: a sample of rows with three runs each through PostgresCitationStore.appendResult
 *     (citation_results with its runs json, TOAST-compressed, and the rollup rows it adds);
 *  2. a year of daily checks of 500 prompts on six engines, three runs each (3.3 million runs): the
 *     1.1 million rows and their rollups generated inside PostgreSQL with the same cardinalities as the
 *     embedded benchmark (1,600 cited domains, 3,100 cited pages per engine and day), then the built
 *     server on DATABASE_URL: GET /citations/summary and /citations/sources with 10 connections on
 *     varied windows (targets: p99 ≤ 100 ms each).
 *
 *   npx tsx bench/citations-postgres.bench.ts [prompts=500] [days=365] [seconds=10] [sampleRows=1000]
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import pg from 'pg';
import os from 'node:os';
import path from 'node:path';
import { generateApiKey } from '../server/auth/api-key.js';
import { rowTally } from '../server/citations/intelligence/row-tally.js';
import { PostgresStore } from '../server/store/postgres/store.js';
import { migrate } from '../server/store/postgres/infra/migrate.js';
import { MIGRATIONS } from '../server/store/postgres/migrations/index.js';
import { createPool } from '../server/store/postgres/infra/pool.js';
import { readSourceTallies } from '../server/store/postgres/citations-rollups.js';
import { findPostgres, startPostgres } from '../tests/helpers/services/index.js';
import { figure, printBenchResult } from './lib/bench-result.js';
import { BENCH_ACCOUNT, ENGINES, PROJECT_ID, promptId, RUNS_PER_ROW, synthRow } from './lib/citation-synth.js';
import { SEEDED_VERSION, seedYear } from './lib/citation-pg-seed.js';
import { addDays } from '../server/store/rollup/days.js';
import { firstAnswer, load, root, rssMb, startBenchServer, windows } from './lib/citation-bench-server.js';

const prompts = Number(process.argv[2] ?? 500);
const days = Number(process.argv[3] ?? 365);
const seconds = Number(process.argv[4] ?? 10);
const sampleRows = Number(process.argv[5] ?? 1000);
const ACCOUNT = BENCH_ACCOUNT;
/**
 * CITATIONS_PG_BENCH_DIR=<dir>: keep PostgreSQL's data there; a later run with the same sizes reuses the seeded year (seeding takes
 * minutes).
 */
const keptDir = process.env.CITATIONS_PG_BENCH_DIR;
let LAST_DAY = new Date().toISOString().slice(0, 10);
let FIRST_DAY = addDays(LAST_DAY, -(days - 1));

if (!findPostgres()) {
  const reason = 'PostgreSQL is not installed (apt-get install -y postgresql): skipped';
  console.log(reason);
  printBenchResult({ name: 'citations-postgres', figures: [], notes: [reason] });
  process.exit(0);
}

execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
const pgServer = await startPostgres({ durable: true, ...(keptDir ? { keepDataDir: keptDir } : {}) });
const dir = await mkdtemp(path.join(os.tmpdir(), 'citable-citations-pg-bench-'));
try {
  // ---- 1. Storage per run through appendResult ----
  const sampleUrl = await pgServer.createDatabase('citable_sample');
  const sampleStore = await PostgresStore.open(sampleUrl, { poolSize: 2 });
  const citations = await sampleStore.citations();
  for (let p = 0; p < 10; p++) {
    await citations.createPrompt(
      {
        id: promptId(p),
        project_id: PROJECT_ID,
        account_id: ACCOUNT,
        text: `best tool for agencies ${p}`,
        domain: 'acme.example',
        aliases: [],
        runs: 3,
        created_at: '2025-01-01T00:00:00.000Z',
      },
      100,
    );
  }
  const size = () => rowAndRollupBytes(sampleStore.pool);
  const before = await size();
  let rawAnswers = 0;
  const appending = performance.now();
  for (let i = 0; i < sampleRows; i++) {
    const e = i % ENGINES.length;
    const d = Math.floor(i / 60) % days;
    const day = addDays(FIRST_DAY, d);
    const s = synthRow(i % 10, e, d, day, ACCOUNT, true);
    rawAnswers += s.runs.reduce((sum, r) => sum + Buffer.byteLength(r.answer), 0);
    const row = {
      prompt: `best tool for agencies ${i % 10}`,
      engine: ENGINES[e]!,
      cited: s.cited,
      checked_at: `${day}T00:00:00.000Z`,
      prompt_id: promptId(i % 10),
      domain: 'acme.example',
      status: 'ok' as const,
      cited_urls: s.citedUrls,
      position: s.position,
      runs: RUNS_PER_ROW,
      cited_runs: s.tally.cited,
      failed_runs: 0,
      retrieved: s.cited,
      unresolved_citations: 0,
      model: null,
      check_id: `chk_bench${String(i).padStart(11, '0')}`,
      project_id: PROJECT_ID,
      mentioned: s.tally.mentioned > 0,
      mentioned_runs: s.tally.mentioned,
      visible_runs: s.tally.visible,
      search_queries: [],
      competitors: [],
      surface: 'api' as const,
      account_id: ACCOUNT,
      calls: 1,
    };
    await citations.appendResult({ ...row, tally: rowTally(row, s.runs) }, s.runs);
  }
  const appendMs = (performance.now() - appending) / sampleRows;
  await sampleStore.pool.query('VACUUM ANALYZE');
  const grown = await size();
  const bytesPerRun = (grown.total - before.total) / (sampleRows * RUNS_PER_ROW);
  const rowBytesPerRun = (grown.rows - before.rows) / (sampleRows * RUNS_PER_ROW);
  const toast = (
    await sampleStore.pool.query<{ stored: string; raw: string }>(
      'SELECT sum(pg_column_size(runs))::bigint AS stored, sum(octet_length(runs::text))::bigint AS raw FROM citation_results',
    )
  ).rows[0]!;
  await sampleStore.close();
  await dropDatabase(sampleUrl); // a kept data directory would otherwise gain a sample database per run
  console.log(
    `storage per run (${sampleRows} rows through appendResult): ${bytesPerRun.toFixed(0)} B with indexes and rollups; runs json ${(Number(toast.raw) / (sampleRows * RUNS_PER_ROW)) | 0} B raw, ${(Number(toast.stored) / (sampleRows * RUNS_PER_ROW)) | 0} B stored (TOAST); answer text ${(rawAnswers / (sampleRows * RUNS_PER_ROW)) | 0} B; ${appendMs.toFixed(1)} ms per appendResult (a row, its runs and its rollups in one durable transaction)`,
  );

  // ---- 2. A year at scale, generated in the database (CITATIONS_PG_BENCH_DIR: seeded once, then reused) ----
  const url = await yearDatabase();
  const opening = performance.now();
  const store = await PostgresStore.open(url, { poolSize: 2 });
  console.log(`opened in ${((performance.now() - opening) / 1000).toFixed(1)} s (pending migrations applied)`);
  const key = generateApiKey();
  const q = (sql: string, values: unknown[] = []) => store.pool.query(sql, values);
  await q("DELETE FROM api_keys WHERE id = 'key_bench00001'");
  await q(
    "INSERT INTO api_keys (id, account_id, name, prefix, hash, created_at) VALUES ('key_bench00001', $1, 'bench', $2, $3, now()::text)",
    [ACCOUNT, key.prefix, key.hash],
  );
  const counts = (
    await q(
      `SELECT (SELECT count(*) FROM citation_results) AS rows, (SELECT count(*) FROM citation_source_domain_blocks) AS domains, (SELECT count(*) FROM citation_source_url_blocks) AS urls, pg_database_size(current_database()) AS bytes`,
    )
  ).rows[0] as { rows: string; domains: string; urls: string; bytes: string };
  const yearBytes = await rowAndRollupBytes(store.pool);
  const yearRuns = Number(counts.rows) * RUNS_PER_ROW;
  // The seeded rows carry no runs JSON: a year's storage per run is the sample's row bytes plus the year's rollup bytes per run.
  const yearBytesPerRun = rowBytesPerRun + (yearBytes.total - yearBytes.rows) / yearRuns;
  console.log(
    `${Number(counts.rows).toLocaleString('en')} rows, ${Number(counts.domains).toLocaleString('en')} domain and ${Number(counts.urls).toLocaleString('en')} page rows of running totals (two-year blocks), database ${(Number(counts.bytes) / 1024 ** 3).toFixed(1)} GB`,
  );
  if (process.env.CITATIONS_PG_EXPLAIN) await explainSources(store, prompts, days);
  await store.close();

  const server = await startBenchServer(dir, { DATABASE_URL: url, DATA_DIR: path.join(dir, 'data') });
  try {
    const query = `?project_id=${PROJECT_ID}`;
    const first = await firstAnswer(server.url, key.key, `/api/v1/citations/summary${query}&since=${FIRST_DAY}`);
    const runsInYear = (first.body as { summary: { runs: number } }).summary.runs;
    const qs = windows(LAST_DAY, days).map((w) => `${query}&${w}`);
    await load(server.url, key.key, 'summary', qs, 2);
    const summaryLoad = await load(server.url, key.key, 'summary', qs, seconds);
    await load(server.url, key.key, 'sources', qs, 2);
    const sourcesLoad = await load(server.url, key.key, 'sources', qs, seconds);
    const rss = await rssMb(server.proc.pid!);
    console.log(
      `\nCitation intelligence on PostgreSQL (${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}): ${Number(counts.rows).toLocaleString('en')} rows × ${RUNS_PER_ROW} runs`,
    );
    console.log('| measure | figure | target |');
    console.log('|---|---|---|');
    console.log(
      `| storage per run at a year (row and runs json after TOAST, indexes; the year's rollups per run) | ${yearBytesPerRun.toFixed(0)} B | reported |`,
    );
    console.log(
      `| storage per run, first ${sampleRows} rows of a project (the rollup rows they rewrote leave dead versions, reusable after VACUUM) | ${bytesPerRun.toFixed(0)} B | reported |`,
    );
    console.log(
      `| appendResult, one row with its runs and rollups, durable commit (mean of ${sampleRows}) | ${appendMs.toFixed(1)} ms | reported |`,
    );
    console.log(`| runs in the year's summary | ${runsInYear.toLocaleString('en')} | — |`);
    console.log(
      `| GET /citations/summary, 10 connections, ${seconds} s, ${qs.length} windows | ${Math.round(summaryLoad.rps)} req/s, p50 ${summaryLoad.p50} ms, p99 ${summaryLoad.p99} ms | p99 ≤ 100 ms |`,
    );
    console.log(
      `| GET /citations/sources, 10 connections, ${seconds} s | ${Math.round(sourcesLoad.rps)} req/s, p50 ${sourcesLoad.p50} ms, p99 ${sourcesLoad.p99} ms | p99 ≤ 100 ms |`,
    );
    console.log(
      `| responses not 2xx, errors | ${summaryLoad.non2xx + sourcesLoad.non2xx}, ${summaryLoad.errors + sourcesLoad.errors} | 0 |`,
    );
    console.log(`| server RSS after the load | ${rss.toFixed(0)} MB | — |`);
    printBenchResult({
      name: 'citations-postgres',
      figures: [
        figure('storage per run at a year (row, runs json after TOAST, indexes, rollups)', yearBytesPerRun, 'B'),
        figure(`storage per run, a project's first ${sampleRows} rows`, bytesPerRun, 'B'),
        figure('appendResult with rollups, durable commit (mean)', appendMs, 'ms'),
        figure('GET /citations/summary p99, 10 connections', summaryLoad.p99, 'ms', { max: 100 }),
        figure('GET /citations/summary', summaryLoad.rps, 'req/s'),
        figure('GET /citations/sources p99, 10 connections', sourcesLoad.p99, 'ms', { max: 100 }),
        figure('GET /citations/sources', sourcesLoad.rps, 'req/s'),
        figure('responses not 2xx, and errors', summaryLoad.non2xx + sourcesLoad.non2xx + summaryLoad.errors + sourcesLoad.errors, '', {
          max: 0,
          target: 'all 2xx',
        }),
      ],
      notes: [
        `${Number(counts.rows).toLocaleString('en')} rows (3 runs each), ${Number(counts.urls).toLocaleString('en')} page rows of running totals; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
      ],
    });
  } finally {
    await server.stop();
  }
} finally {
  await pgServer.stop();
  await rm(dir, { recursive: true, force: true });
}

/** CITATIONS_PG_EXPLAIN=1: the plans of the sources queries over the whole year, with their times, to see which one is slow. */
async function explainSources(store: PostgresStore, promptCount: number, dayCount: number): Promise<void> {
  const explaining = {
    query: async (sql: string, values: unknown[]) => {
      const plan = await store.pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, values);
      console.log(`\n-- ${sql.replace(/\s+/g, ' ').slice(0, 160)}...\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      return store.pool.query(sql, values);
    },
  } as unknown as Parameters<typeof readSourceTallies>[0];
  console.log(`\nEXPLAIN of GET /citations/sources over ${dayCount} days (${promptCount} prompts):`);
  await readSourceTallies(explaining, [PROJECT_ID], { since: FIRST_DAY, until: LAST_DAY }, undefined, 50);
}

/**
 * The seeded year's database: made and seeded now, or, in a kept data directory, reused when its sizes match (its last day then ends the
 * windows).
 */
async function yearDatabase(): Promise<string> {
  const name = 'citable_bench_year';
  const url = pgServer.adminUrl.replace(/\/postgres$/, `/${name}`);
  const admin = new pg.Client({ connectionString: pgServer.adminUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (keptDir && exists) {
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      const seeded = await db
        .query<{ prompts: number; days: number; last_day: string }>('SELECT prompts, days, last_day FROM bench_seed')
        .catch(() => ({ rows: [] }));
      await db.end();
      const row = seeded.rows[0];
      if (row && row.prompts === prompts && row.days === days) {
        LAST_DAY = row.last_day;
        FIRST_DAY = addDays(LAST_DAY, -(days - 1));
        console.log(`reusing the year seeded in ${keptDir} (${prompts} prompts, ${days} days to ${LAST_DAY})`);
        return url;
      }
    }
    if (exists) await admin.query(`DROP DATABASE ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  // Seeded as a database of migration 11 held it; opening the store then applies the later migrations to a year.
  const pool = createPool(url, { max: 2 });
  const t0 = performance.now();
  await migrate(
    pool,
    MIGRATIONS.filter((m) => m.version <= SEEDED_VERSION),
  );
  await seedYear(pool, prompts, days, FIRST_DAY);
  await pool.query('CREATE TABLE bench_seed (prompts int, days int, last_day text)');
  await pool.query('INSERT INTO bench_seed VALUES ($1, $2, $3)', [prompts, days, LAST_DAY]);
  await pool.end();
  console.log(`seeded in ${Math.round((performance.now() - t0) / 1000)} s`);
  return url;
}

async function dropDatabase(databaseUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: pgServer.adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE ${new URL(databaseUrl).pathname.slice(1)}`);
  } finally {
    await admin.end();
  }
}

/** Bytes of citation_results (rows, runs JSON, indexes) and of everything (with the rollup tables). */
async function rowAndRollupBytes(pool: pg.Pool): Promise<{ rows: number; total: number }> {
  const { rows } = await pool.query<{ rows: string; total: string }>(
    `SELECT pg_total_relation_size('citation_results')::bigint AS rows,
            (pg_total_relation_size('citation_results') + pg_total_relation_size('citation_rollup_days')
             + pg_total_relation_size('citation_source_domain_blocks') + pg_total_relation_size('citation_source_url_blocks'))::bigint AS total`,
  );
  return { rows: Number(rows[0]!.rows), total: Number(rows[0]!.total) };
}
