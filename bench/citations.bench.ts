/**
 * Citation intelligence on the embedded store:
 *  1. storage per run: a sample of rows with three runs each, answer texts of real length, stored through
 *     the store's own appendResult (results.journal + runs.blob, brotli per row);
 *  2. a year of daily checks of 500 prompts on six engines, three runs each (3.3 million runs, 1.1 million
 *     rows) written in the store's own layout, then the built server: time until the first summary answers
 *     (the citation journal indexed, rollups rebuilt), RSS, and GET /citations/summary and /citations/sources
 *     with 10 connections on varied windows (targets: p99 ≤ 100 ms each).
 *
 *   npx tsx bench/citations.bench.ts [prompts=500] [days=365] [seconds=10] [sampleRows=1000]
 *   CITATIONS_BENCH_DIR=/var/tmp/citable-year npx tsx bench/citations.bench.ts   (seeds once, reuses after)
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { generateApiKey } from '../server/auth/api-key.js';
import { LowdbStore } from '../server/store/lowdb/store.js';
import { figure, printBenchResult } from './lib/bench-result.js';
import { citationSources } from '../server/routes/citations/get-citation-sources.js';
import { citationSummary } from '../server/routes/citations/get-citation-summary.js';
import { BENCH_ACCOUNT, benchProject, ENGINES, PROJECT_ID, promptId, RUNS_PER_ROW, synthRow } from './lib/citation-synth.js';
import { firstAnswer, load, root, rssMb, startBenchServer, windows } from './lib/citation-bench-server.js';

const prompts = Number(process.argv[2] ?? 500);
const days = Number(process.argv[3] ?? 365);
const seconds = Number(process.argv[4] ?? 10);
const sampleRows = Number(process.argv[5] ?? 1000);
const ACCOUNT = BENCH_ACCOUNT;
/** The year ends today (UTC); CITATIONS_BENCH_LAST_DAY=YYYY-MM-DD reuses a seeded directory on a later day. */
const LAST_DAY = process.env.CITATIONS_BENCH_LAST_DAY ?? new Date().toISOString().slice(0, 10);
const dayOf = (i: number) => new Date(Date.parse(`${LAST_DAY}T00:00:00Z`) - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);

function rowLine(p: number, e: number, d: number, withRuns: boolean) {
  const day = dayOf(d);
  const s = synthRow(p, e, d, day, ACCOUNT, withRuns);
  const t = s.tally;
  const row = {
    prompt: `best tool for agencies ${p}`,
    engine: ENGINES[e]!,
    cited: s.cited,
    checked_at: `${day}T00:0${e}:00.000Z`,
    prompt_id: promptId(p),
    domain: 'acme.example',
    status: 'ok' as const,
    cited_urls: s.citedUrls,
    position: s.position,
    runs: RUNS_PER_ROW,
    cited_runs: t.cited,
    failed_runs: 0,
    retrieved: s.cited,
    unresolved_citations: 0,
    model: null,
    check_id: `chk_bench${String(d).padStart(11, '0')}`,
    project_id: PROJECT_ID,
    mentioned: t.mentioned > 0,
    mentioned_runs: t.mentioned,
    visible_runs: t.visible,
    search_queries: [`best tool for agencies ${p}`],
    competitors: t.competitors.map(([name, visible]) => ({ name, mentioned_runs: visible, cited_runs: 0, visible_runs: visible })),
    surface: ENGINES[e]!.startsWith('google') ? ('serp' as const) : ('api' as const),
    account_id: ACCOUNT,
    calls: 1,
  };
  return { row, tally: t, runs: s.runs };
}

const promptRecord = (p: number) => ({
  id: promptId(p),
  project_id: PROJECT_ID,
  account_id: ACCOUNT,
  text: `best tool for agencies ${p}`,
  domain: 'acme.example',
  aliases: [],
  runs: 3,
  created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, p)).toISOString(),
});

// ---- 1. Storage per run, through appendResult ----
async function storageSample(): Promise<{
  bytesPerRun: number;
  rawAnswerBytesPerRun: number;
  blobBytesPerRun: number;
  rowBytesPerRun: number;
}> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'citable-citations-sample-'));
  try {
    const store = await LowdbStore.open(dir);
    const citations = await store.citations();
    let raw = 0;
    for (let p = 0; p < 10; p++) await citations.createPrompt(promptRecord(p), 1000);
    for (let i = 0; i < sampleRows; i++) {
      const { row, tally, runs } = rowLine(i % 10, i % ENGINES.length, Math.floor(i / 60) % days, true);
      raw += runs.reduce((sum, r) => sum + Buffer.byteLength(r.answer), 0);
      await citations.appendResult({ ...row, tally }, runs);
    }
    await store.close();
    const rows = (await stat(path.join(dir, 'citations', 'results.journal'))).size;
    const blob = (await stat(path.join(dir, 'citations', 'runs.blob'))).size;
    const n = sampleRows * RUNS_PER_ROW;
    return { bytesPerRun: (rows + blob) / n, rawAnswerBytesPerRun: raw / n, blobBytesPerRun: blob / n, rowBytesPerRun: rows / n };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// ---- 2. A year at scale, in the store's own layout ----
async function seed(dir: string): Promise<string> {
  const key = generateApiKey();
  await writeFile(
    path.join(dir, 'accounts.json'),
    JSON.stringify({
      version: 1,
      accounts: [{ id: ACCOUNT, name: 'Bench', plan: 'agency', created_at: new Date().toISOString() }],
      keys: [
        {
          id: 'key_benchKey0001',
          account_id: ACCOUNT,
          name: 'bench',
          prefix: key.prefix,
          hash: key.hash,
          created_at: new Date().toISOString(),
          revoked_at: null,
        },
      ],
    }),
  );
  const cdir = path.join(dir, 'citations');
  await mkdir(cdir, { recursive: true });
  await writeFile(path.join(cdir, 'projects.journal'), `${JSON.stringify({ op: 'put', project: benchProject })}\n`);
  await writeFile(
    path.join(cdir, 'prompts.journal'),
    Array.from({ length: prompts }, (_, p) => `${JSON.stringify({ op: 'put', prompt: promptRecord(p) })}\n`).join(''),
  );
  const out = createWriteStream(path.join(cdir, 'results.journal'));
  for (let d = 0; d < days; d++) {
    const lines: string[] = [];
    for (let p = 0; p < prompts; p++)
      for (let e = 0; e < ENGINES.length; e++) {
        const { row, tally } = rowLine(p, e, d, false);
        lines.push(`${JSON.stringify({ ...row, tally })}\n`);
      }
    if (!out.write(lines.join(''))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return key.key;
}

execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
const sample = await storageSample();
console.log(
  `storage per run (${sampleRows} rows × ${RUNS_PER_ROW} runs through appendResult): ${sample.bytesPerRun.toFixed(0)} B (runs.blob ${sample.blobBytesPerRun.toFixed(0)} B, results.journal ${sample.rowBytesPerRun.toFixed(0)} B); answer text before compression ${sample.rawAnswerBytesPerRun.toFixed(0)} B`,
);

// CITATIONS_BENCH_DIR=<dir>: seed there once and keep it; a later run with the same sizes reuses it (seeding a year takes minutes).
const reuseDir = process.env.CITATIONS_BENCH_DIR;
const dir = reuseDir ?? (await mkdtemp(path.join(os.tmpdir(), 'citable-citations-bench-')));
try {
  const runsTotal = prompts * days * ENGINES.length * RUNS_PER_ROW;
  const seededFor = `${prompts} ${days} ${LAST_DAY}`;
  const marker = path.join(dir, 'bench-seed.txt');
  const t0 = performance.now();
  let key: string;
  if (reuseDir && (await readFile(marker, 'utf8').catch(() => '')).startsWith(`${seededFor}\n`)) {
    key = (await readFile(marker, 'utf8')).split('\n')[1]!;
    process.stdout.write(`reusing the ${runsTotal.toLocaleString('en')} runs seeded in ${dir}... `);
  } else {
    process.stdout.write(`seeding ${runsTotal.toLocaleString('en')} runs (${(runsTotal / RUNS_PER_ROW).toLocaleString('en')} rows)... `);
    if (reuseDir) await mkdir(dir, { recursive: true });
    key = await seed(dir);
    execFileSync('sync');
    if (reuseDir) await writeFile(marker, `${seededFor}\n${key}\n`);
  }
  const journalMb = (await stat(path.join(dir, 'citations', 'results.journal'))).size / 1024 ** 2;
  console.log(`done in ${Math.round((performance.now() - t0) / 1000)} s (results.journal ${journalMb.toFixed(0)} MB)`);

  const server = await startBenchServer(dir, { DATA_DIR: dir });
  let stopped = false;
  try {
    const query = `?project_id=${PROJECT_ID}`;
    const first = await firstAnswer(server.url, key, `/api/v1/citations/summary${query}`);
    const ready = server.startupMs + first.ms;
    const summary = (first.body as { summary: { runs: number } }).summary;
    const year = await firstAnswer(server.url, key, `/api/v1/citations/summary${query}&since=${dayOf(0)}`);
    const yearRuns = (year.body as { summary: { runs: number } }).summary.runs;
    if (yearRuns !== runsTotal) throw new Error(`the summary counts ${yearRuns} runs, not ${runsTotal}`);
    const rssReady = await rssMb(server.proc.pid!);
    const qs = windows(LAST_DAY, days).map((w) => `${query}&${w}`);
    await load(server.url, key, 'summary', qs, 2); // warm-up
    const summaryLoad = await load(server.url, key, 'summary', qs, seconds);
    await load(server.url, key, 'sources', qs, 2);
    const sourcesLoad = await load(server.url, key, 'sources', qs, seconds);
    const rssAfter = await rssMb(server.proc.pid!);
    await server.stop();
    stopped = true;
    const local = await inProcess(
      dir,
      qs.map((q) => q.slice(1)),
    );
    const pick = (times: number[], q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))]!;
    console.log(
      `\nCitation intelligence, embedded store (${os.cpus().length} cores, Node ${process.version}): ${runsTotal.toLocaleString('en')} runs, ${prompts} prompts × ${ENGINES.length} engines × ${days} days × ${RUNS_PER_ROW} runs`,
    );
    console.log('| measure | figure | target |');
    console.log('|---|---|---|');
    console.log(
      `| storage per run (answer text, URLs, searches, row and tally) | ${sample.bytesPerRun.toFixed(0)} B (answer text alone ${sample.rawAnswerBytesPerRun.toFixed(0)} B before brotli) | reported |`,
    );
    console.log(
      `| server start until the first summary answers (journal indexed, rollups rebuilt) | ${(ready / 1000).toFixed(1)} s | reported |`,
    );
    console.log(`| last 30 days: runs in the summary | ${summary.runs.toLocaleString('en')} | — |`);
    console.log(`| RSS with the year indexed | ${rssReady.toFixed(0)} MB | bounded (reported) |`);
    console.log(
      `| GET /citations/summary, 10 connections, ${seconds} s, ${qs.length} windows | ${Math.round(summaryLoad.rps)} req/s, p50 ${summaryLoad.p50} ms, p99 ${summaryLoad.p99} ms | p99 ≤ 100 ms |`,
    );
    console.log(
      `| GET /citations/sources, 10 connections, ${seconds} s | ${Math.round(sourcesLoad.rps)} req/s, p50 ${sourcesLoad.p50} ms, p99 ${sourcesLoad.p99} ms | p99 ≤ 100 ms |`,
    );
    console.log(
      `| one request at a time, in process: summary p50 / p99 | ${pick(local.summary, 0.5).toFixed(1)} ms / ${pick(local.summary, 0.99).toFixed(1)} ms | — |`,
    );
    console.log(
      `| one request at a time, in process: sources p50 / p99 | ${pick(local.sources, 0.5).toFixed(1)} ms / ${pick(local.sources, 0.99).toFixed(1)} ms | — |`,
    );
    console.log(
      `| in process: opening the citation store / its heap and arrays | ${(local.openMs / 1000).toFixed(1)} s / ${local.heapMb.toFixed(0)} MB | — |`,
    );
    console.log(
      `| responses not 2xx, errors | ${summaryLoad.non2xx + sourcesLoad.non2xx}, ${summaryLoad.errors + sourcesLoad.errors} | 0 |`,
    );
    console.log(`| RSS after the load | ${rssAfter.toFixed(0)} MB | bounded (reported) |`);
    printBenchResult({
      name: 'citations',
      figures: [
        figure('storage per run (answer, URLs, searches, row, tally)', sample.bytesPerRun, 'B'),
        figure('answer text per run before compression', sample.rawAnswerBytesPerRun, 'B'),
        figure('server start until the first summary answers', ready / 1000, 's'),
        figure('RSS with a year of runs indexed', rssReady, 'MB'),
        figure('GET /citations/summary p99, 10 connections', summaryLoad.p99, 'ms', { max: 100 }),
        figure('GET /citations/summary', summaryLoad.rps, 'req/s'),
        figure('GET /citations/sources p99, 10 connections', sourcesLoad.p99, 'ms', { max: 100 }),
        figure('GET /citations/sources', sourcesLoad.rps, 'req/s'),
        figure('responses not 2xx, and errors', summaryLoad.non2xx + sourcesLoad.non2xx + summaryLoad.errors + sourcesLoad.errors, '', {
          max: 0,
          target: 'all 2xx',
        }),
        figure('RSS after the load', rssAfter, 'MB'),
        figure('summary, one at a time in process, p99', pick(local.summary, 0.99), 'ms'),
        figure('sources, one at a time in process, p99', pick(local.sources, 0.99), 'ms'),
        figure('citation store heap and arrays in process', local.heapMb, 'MB'),
      ],
      notes: [
        `load average at the end ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores (other work shares the machine: the in-process figures are the handlers' own time)`,
        `${runsTotal.toLocaleString('en')} runs (${prompts} prompts × ${ENGINES.length} engines × ${days} days × ${RUNS_PER_ROW}); results.journal ${journalMb.toFixed(0)} MB`,
      ],
    });
  } finally {
    if (!stopped) await server.stop();
  }
} finally {
  if (!process.env.KEEP_BENCH_DIR && !reuseDir) await rm(dir, { recursive: true, force: true });
  else console.log(`kept ${dir}`);
}

/** The handlers' own time, one request at a time in this process: what a busy, shared machine cannot blur. */
async function inProcess(
  dataDir: string,
  queries: string[],
): Promise<{ openMs: number; heapMb: number; summary: number[]; sources: number[] }> {
  const before = process.memoryUsage();
  const t0 = performance.now();
  const store = await LowdbStore.open(dataDir);
  await store.citations();
  const openMs = performance.now() - t0;
  const after = process.memoryUsage();
  const timed = async (fn: typeof citationSummary | typeof citationSources) => {
    const times: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (const q of queries) {
        const raw = Object.fromEntries(new URLSearchParams(q));
        const t = performance.now();
        await fn(store, ACCOUNT, raw, new Date());
        times.push(performance.now() - t);
      }
    }
    return times.sort((a, b) => a - b);
  };
  const result = {
    openMs,
    heapMb: (after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / 1024 ** 2,
    summary: await timed(citationSummary),
    sources: await timed(citationSources),
  };
  await store.close();
  return result;
}
