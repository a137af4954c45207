/**
 * Site audits, on a loopback site of pages of about 30 KB in five templates (served by this process):
 *  - `citable crawl` of a SMALL_PAGES-page site (250), whole process, alternated ROUNDS times with aiseo-audit --sitemap
 *    given the same pages in a flat /sitemap.xml: at least 250 pages per second, and per page at most 0.1 x aiseo-audit's
 *    time (medians of the rounds);
 *  - `citable crawl` of PAGES pages, whole process (spawn to exit): at least 100 pages per second;
 *  - per page against the peers that crawl, side by side on the same site: aiseo-audit --sitemap and
 *    @vercel/agent-readability's origin audit, given a flat /sitemap.xml of PEER_PAGES pages; Citable at least
 *    10 times faster per page than the faster of them;
 *  - peak RSS of a crawl of 10 x PAGES pages at most 1.25 times that of PAGES pages;
 *  - GET /api/v1/audits/{id} p99 at 50 connections while the built server crawls 10 x PAGES pages: at most 50 ms.
 *
 *   npx tsx bench/crawl.bench.ts [pages=1000] [peerPages=100] [seconds=10] [smallPages=250] [rounds=3]
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startTemplatedSite, type TemplatedSite } from '../tests/crawls/helpers/templated-site.js';
import { seedDataDir } from './store-seed.js';
import { figure, printBenchResult, type BenchFigure } from './lib/bench-result.js';
import { GUARD } from './lib/peer-tools.js';
import { CITABLE_BIN, citableNodeOptions } from './lib/citable-command.js';
import { MAX_RSS, runMetered, type MeteredRun } from './lib/metered-process.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const PAGES = Number(process.argv[2] ?? 1000);
const PEER_PAGES = Number(process.argv[3] ?? 100);
const SECONDS = Number(process.argv[4] ?? 10);
const SMALL_PAGES = Number(process.argv[5] ?? 250);
const ROUNDS = Math.max(1, Number(process.argv[6] ?? 3));

if (process.env.BENCH_SKIP_BUILD !== '1') execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });

/** A site of `n` pages: 30% blog, 30% products (gzip sitemap), 38% guides, 10 docs (links only), 10 French posts (hreflang). */
function site(n: number, flatSitemap = PEER_PAGES): Promise<TemplatedSite> {
  const blog = Math.round(n * 0.3);
  const products = Math.round(n * 0.3);
  const docs = 10;
  const blogFr = 10;
  return startTemplatedSite({
    blog,
    blogFr,
    products,
    docs,
    guides: n - 1 - blog - products - docs - blogFr,
    words: 4_800,
    flatSitemap,
  });
}

type Run = MeteredRun;

function runNode(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return runProcess(process.execPath, ['-r', GUARD, '-r', MAX_RSS, ...args], env);
}

/** `citable` as a person runs it: the executable (the Node options of its first line apply), guard and meter preloaded. */
function runCitable(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return runProcess(CITABLE_BIN, args, { NODE_OPTIONS: citableNodeOptions([MAX_RSS]), ...env });
}

function runProcess(file: string, args: string[], env: Record<string, string>): Promise<Run> {
  return runMetered(file, args, { cwd: root, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } });
}

async function citableCrawl(url: string, maxPages: number): Promise<{ run: Run; audited: number }> {
  const run = await runCitable(['crawl', url, '--max-pages', String(maxPages), '--json'], {
    AUDIT_ALLOW_PRIVATE: '1',
  });
  if (run.code !== 0) throw new Error(`citable crawl exited ${run.code}: ${run.stderr.slice(-500)}`);
  return { run, audited: (JSON.parse(run.stdout) as { progress: { audited: number } }).progress.audited };
}

const figures: BenchFigure[] = [];
const notes: string[] = [];

/** The one-minute load average, for the log lines: the figures of a busy machine are read with it. */
const loadNow = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** aiseo-audit --sitemap on the site's flat sitemap: its time and the pages it fetched. */
async function aiseoSitemap(served: TemplatedSite): Promise<{ run: Run; pages: number }> {
  const before = served.site.requests.length;
  const bin = path.join(root, 'node_modules/aiseo-audit/bin/aiseo-audit.js');
  const run = await runNode([bin, '--sitemap', `${served.site.url}/sitemap.xml`, '--json']);
  const pageRequests = served.site.requests.slice(before).filter((r) => /^\/(blog|products|guides|docs)\/|^\/$/.test(r.path));
  return { run, pages: new Set(pageRequests.map((r) => r.path)).size };
}

// 0. The case: a SMALL_PAGES-page site, citable crawl and aiseo-audit --sitemap alternated in one run.
{
  const served = await site(SMALL_PAGES, SMALL_PAGES);
  const rates: number[] = [];
  const ratios: number[] = [];
  const cpuPerPage: number[] = [];
  try {
    await citableCrawl(served.site.url, SMALL_PAGES); // warms the file cache
    for (let i = 0; i < ROUNDS; i++) {
      const { run, audited } = await citableCrawl(served.site.url, SMALL_PAGES);
      const peer = await aiseoSitemap(served);
      rates.push(audited / (run.ms / 1000));
      cpuPerPage.push((run.cpuMs ?? NaN) / audited);
      const peerPerPage = peer.pages ? peer.run.ms / peer.pages : NaN;
      ratios.push(run.ms / audited / peerPerPage);
      console.log(
        `round ${i + 1}: citable crawl ${audited} pages in ${(run.ms / 1000).toFixed(2)} s (${rates.at(-1)!.toFixed(0)} pages/s, ${((run.cpuMs ?? NaN) / 1000).toFixed(2)} s of CPU, load ${loadNow()}); aiseo-audit --sitemap ${peer.pages} pages in ${(peer.run.ms / 1000).toFixed(1)} s (${peerPerPage.toFixed(1)} ms per page, exit ${peer.run.code}); ratio ${ratios.at(-1)!.toFixed(3)}`,
      );
    }
  } finally {
    await served.site.close();
  }
  figures.push(
    figure(`citable crawl, ${SMALL_PAGES} pages in five templates, whole process (median of ${ROUNDS})`, median(rates), 'pages/s', {
      min: 250,
    }),
  );
  if (ratios.every(Number.isFinite))
    figures.push(
      figure(`Citable per page / aiseo-audit --sitemap per page, same ${SMALL_PAGES} pages, alternated (median)`, median(ratios), '×', {
        max: 0.1,
      }),
    );
  else notes.push('aiseo-audit --sitemap audited no page of the small site: no ratio.');
  // No goal: the CPU a page costs (all threads) is what a busy machine disturbs least, to compare changes by.
  figures.push(
    figure(`citable crawl, ${SMALL_PAGES} pages, CPU time per page, all threads (median of ${ROUNDS})`, median(cpuPerPage), 'ms'),
  );
}

// 1. citable crawl, whole process, and the peers on the same site.
const small = await site(PAGES);
let smallRss: number;
let citablePerPage: number;
try {
  const { run, audited } = await citableCrawl(small.site.url, PAGES);
  const rate = audited / (run.ms / 1000);
  citablePerPage = run.ms / audited;
  smallRss = run.maxRssMb ?? 0;
  console.log(
    `citable crawl of ${audited} pages: ${(run.ms / 1000).toFixed(1)} s, ${rate.toFixed(0)} pages/s, peak RSS ${smallRss.toFixed(0)} MB, ${small.site.requests.length} requests`,
  );
  figures.push(figure(`citable crawl, ${audited} pages of ~30 KB, whole process`, rate, 'pages/s', { min: 100 }));

  const peers: Array<{ label: string; args: string[] }> = [
    {
      label: 'aiseo-audit --sitemap',
      args: [path.join(root, 'node_modules/aiseo-audit/bin/aiseo-audit.js'), '--sitemap', `${small.site.url}/sitemap.xml`, '--json'],
    },
    {
      label: '@vercel/agent-readability audit <origin>',
      args: [path.join(root, 'node_modules/@vercel/agent-readability/dist/cli/index.cjs'), 'audit', small.site.url, '--json'],
    },
  ];
  let fastest = Infinity;
  for (const peer of peers) {
    const before = small.site.requests.length;
    const run = await runNode(peer.args);
    const pageRequests = small.site.requests.slice(before).filter((r) => /^\/(blog|products|guides|docs)\/|^\/$/.test(r.path));
    const pages = new Set(pageRequests.map((r) => r.path)).size;
    if (pages === 0) {
      notes.push(`${peer.label} audited no page of the site (exit ${run.code}): ${run.stderr.trim().split('\n').slice(-1)[0] ?? ''}`);
      console.log(`${peer.label}: no page audited (exit ${run.code})`);
      continue;
    }
    const perPage = run.ms / pages;
    fastest = Math.min(fastest, perPage);
    console.log(`${peer.label}: ${pages} pages in ${(run.ms / 1000).toFixed(1)} s: ${perPage.toFixed(0)} ms per page (exit ${run.code})`);
    figures.push(figure(`${peer.label}: per page (${pages} pages)`, perPage, 'ms'));
  }
  if (Number.isFinite(fastest))
    figures.push(figure('Citable per page, times faster than the fastest peer', fastest / citablePerPage, '×', { min: 10 }));
} finally {
  await small.site.close();
}

// 2. Peak RSS: ten times the pages.
const big = await site(PAGES * 10);
try {
  const { run, audited } = await citableCrawl(big.site.url, PAGES * 10);
  const bigRss = run.maxRssMb ?? 0;
  console.log(
    `citable crawl of ${audited} pages: ${(run.ms / 1000).toFixed(1)} s, ${(audited / (run.ms / 1000)).toFixed(0)} pages/s, peak RSS ${bigRss.toFixed(0)} MB (vs ${smallRss.toFixed(0)} MB)`,
  );
  figures.push(figure(`peak RSS, ${audited}-page crawl / ${PAGES}-page crawl`, bigRss / smallRss, '×', { max: 1.25 }));
} finally {
  await big.site.close();
}

// 3. The API while the server crawls ten times the pages.
const served = await site(PAGES * 10);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-crawl-bench-'));
try {
  const seeded = await seedDataDir(dataDir, 10_000);
  const logFile = path.join(dataDir, 'server.log');
  const log = await open(logFile, 'w');
  const server = spawn(process.execPath, ['-r', GUARD, path.join(root, 'dist/server.mjs')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', AUDIT_ALLOW_PRIVATE: '1' },
    stdio: ['ignore', log.fd, 'inherit'],
  });
  try {
    let url = '';
    for (let i = 0; !url && i < 3000; i++) {
      const line = (await readFile(logFile, 'utf8')).split('\n').find((l) => l.includes('"msg":"listening"'));
      if (line) url = JSON.parse(line).url;
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const auth = { authorization: `Bearer ${seeded.key}` };
    const load = (duration: number) =>
      autocannon({
        url,
        connections: 50,
        duration,
        headers: auth,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => ({ ...req, path: `/api/v1/audits/${seeded.ids[Math.floor(Math.random() * seeded.ids.length)]}` }),
          },
        ],
      });
    await load(2);
    const quiet = await load(SECONDS);
    const created = await fetch(`${url}/api/v1/crawls`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ url: served.site.url, max_pages: PAGES * 10 }),
    });
    const { crawl } = (await created.json()) as { crawl: { id: string } };
    const progress = async () =>
      (
        (await (await fetch(`${url}/api/v1/crawls/${crawl.id}`, { headers: auth })).json()) as {
          crawl: { status: string; progress: { audited: number } };
        }
      ).crawl;
    while ((await progress()).progress.audited < 20) await new Promise((resolve) => setTimeout(resolve, 100));
    const busy = await load(SECONDS);
    const during = await progress();
    console.log(
      `GET /api/v1/audits/{id}, 50 connections, ${SECONDS} s: p50/p99 ${quiet.latency.p50}/${quiet.latency.p99} ms alone; ${busy.latency.p50}/${busy.latency.p99} ms while the server crawls (${during.progress.audited} pages audited by then, ${during.status})`,
    );
    figures.push(figure('GET /audits/{id} p99 alone (50 connections)', quiet.latency.p99, 'ms'));
    figures.push(figure(`GET /audits/{id} p99 during a ${PAGES * 10}-page crawl (50 connections)`, busy.latency.p99, 'ms', { max: 50 }));
    await fetch(`${url}/api/v1/crawls/${crawl.id}`, { method: 'DELETE', headers: auth });
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.on('exit', resolve));
    await log.close();
  }
} finally {
  await served.site.close();
  await rm(dataDir, { recursive: true, force: true });
}

notes.push(
  `Site: ${PAGES} (and ${PAGES * 10}) pages of about 30 KB in five templates on 127.0.0.1, served by the benchmark process; peers given a flat /sitemap.xml of ${PEER_PAGES} pages.`,
);
printBenchResult({ name: 'crawl', figures, notes });
