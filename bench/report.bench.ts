/**
 * Client reports, server side:
 *  - HTML report of an audit (a real engine audit, with branding and a 10-point history): median ≤ 50 ms;
 *  - HTML report of a 1,000-page crawl (all its issues, templates and the 15 worst pages): median ≤ 300 ms;
 *  - PDF of an audit with a warm browser (one Chromium, pages reused): median ≤ 2 s;
 *  - GET /api/v1/audits/{id} p99 on the built server while 10 PDF requests are in flight all the time: ≤ 50 ms
 *    (10 connections; the same load without PDFs is measured first for comparison).
 *
 *   npx tsx bench/report.bench.ts [runs=100] [seconds=10]
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { renderAuditReportHtml } from '../shared/report/render-audit-report.js';
import { renderCrawlReportHtml } from '../shared/report/render-crawl-report.js';
import { pdfFooterTemplate } from '../shared/report/pdf-footer.js';
import { createPdfRenderer } from '../server/reports/pdf/pdf-renderer.js';
import { extensionAudit } from '../tests/server/helpers/extension-audit.js';
import { makeCrawl, makePages } from '../tests/reports/fixtures/crawls.js';
import { seedDataDir } from './store-seed.js';
import { figure, printBenchResult, type BenchFigure } from './lib/bench-result.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const runs = Number(process.argv[2] ?? 100);
const seconds = Number(process.argv[3] ?? 10);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Keeps 10 PDF requests in flight until SIGTERM, then prints their statuses (a separate process). */
const PDF_LOAD = `
const once = async () => { const r = await fetch(process.env.URL, { headers: { authorization: 'Bearer ' + process.env.KEY } }); await r.arrayBuffer(); return r.status; };
await once();
console.log('warm');
const statuses = [];
let running = true;
process.on('SIGTERM', () => { running = false; });
await Promise.all(Array.from({ length: 10 }, async () => { while (running) statuses.push(await once()); }));
console.log(JSON.stringify(statuses));
`;

function timeIt(n: number, work: () => unknown): number {
  for (let i = 0; i < 5; i++) work(); // warm-up: JIT
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    work();
    times.push(performance.now() - t0);
  }
  return median(times);
}

const branding = {
  name: 'Northwind Digital',
  accent: '#0f766e',
  logo: `data:image/png;base64,${Buffer.alloc(20_000, 1).toString('base64')}`,
};
const audit = extensionAudit();
const history = Array.from({ length: 10 }, (_, i) => ({
  scanned_at: new Date(Date.UTC(2026, 0, 1 + i * 7)).toISOString(),
  score: 40 + i * 4,
}));
const auditMs = timeIt(runs, () => renderAuditReportHtml(audit, { branding, history }));
const auditBytes = renderAuditReportHtml(audit, { branding, history }).length;

const crawl = makeCrawl(1000);
const pages = makePages(1000);
const crawlMs = timeIt(Math.max(10, Math.round(runs / 5)), () => renderCrawlReportHtml(crawl, { branding, worstPages: pages, history }));

console.log(`HTML report of an audit: median ${auditMs.toFixed(2)} ms (${(auditBytes / 1024).toFixed(0)} KB, ${runs} runs)`);
console.log(`HTML report of a 1,000-page crawl: median ${crawlMs.toFixed(2)} ms`);

const figures: BenchFigure[] = [
  figure('HTML report of an audit (median)', auditMs, 'ms', { max: 50 }),
  figure('HTML report of a 1,000-page crawl (median)', crawlMs, 'ms', { max: 300 }),
];
const notes: string[] = [];

if (!existsSync(CHROMIUM)) {
  notes.push(`PDF figures skipped: no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
} else {
  // PDF with a warm browser.
  const printer = createPdfRenderer({ chromiumPath: CHROMIUM, concurrency: 2, timeoutMs: 60_000 });
  const html = renderAuditReportHtml(audit, { branding, history, medium: 'pdf' });
  const job = { html, paper: 'A4' as const, footerTemplate: pdfFooterTemplate(branding, audit.final_url) };
  for (let i = 0; i < 3; i++) await printer.render(job);
  const pdfTimes: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now();
    await printer.render(job);
    pdfTimes.push(performance.now() - t0);
  }
  await printer.close();
  const pdfMs = median(pdfTimes);
  console.log(
    `PDF of an audit, warm browser: median ${pdfMs.toFixed(0)} ms (min ${Math.min(...pdfTimes).toFixed(0)}, max ${Math.max(...pdfTimes).toFixed(0)})`,
  );
  figures.push(figure('PDF of an audit, warm browser (median)', pdfMs, 'ms', { max: 2000 }));

  // The API while PDFs print.
  if (!process.env.BENCH_SKIP_BUILD) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-report-bench-'));
  try {
    const seeded = await seedDataDir(dataDir, 10_000);
    const logFile = path.join(dataDir, 'server.log');
    const log = await open(logFile, 'w');
    const server = spawn(process.execPath, [path.join(root, 'dist/server.mjs')], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', CHROMIUM_PATH: CHROMIUM },
      stdio: ['ignore', log.fd, 'inherit'],
    });
    try {
      let url = '';
      while (!url) {
        const line = (await readFile(logFile, 'utf8')).split('\n').find((l) => l.includes('"msg":"listening"'));
        if (line) url = JSON.parse(line).url;
        else await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const auth = { authorization: `Bearer ${seeded.key}` };
      const load = (duration: number) =>
        autocannon({
          url,
          connections: 10,
          duration,
          headers: auth,
          requests: [
            {
              method: 'GET',
              setupRequest: (req) => ({ ...req, path: `/api/v1/audits/${seeded.ids[Math.floor(Math.random() * seeded.ids.length)]}` }),
            },
          ],
        });
      await load(2); // warm-up
      const quiet = await load(seconds);
      // Warm Chromium, then keep 10 PDF requests in flight for the whole measured load, from another
      // process, so handling the PDFs never delays the load generator's own measurements.
      const pdfLoad = spawn(process.execPath, ['--input-type=module', '-e', PDF_LOAD], {
        env: { PATH: process.env.PATH ?? '', URL: `${url}/api/v1/audits/${seeded.ids[0]}/report?format=pdf`, KEY: seeded.key },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let loadOut = '';
      pdfLoad.stdout!.on('data', (chunk: Buffer) => (loadOut += chunk.toString()));
      while (!loadOut.includes('warm')) await new Promise((resolve) => setTimeout(resolve, 20));
      const busy = await load(seconds);
      pdfLoad.kill('SIGTERM');
      await new Promise((resolve) => pdfLoad.on('exit', resolve));
      const statuses: number[] = JSON.parse(loadOut.slice(loadOut.indexOf('['), loadOut.lastIndexOf(']') + 1));
      const pdfOk = statuses.filter((s) => s === 200).length;
      console.log(
        `GET /api/v1/audits/{id}, 10 connections, ${seconds} s: p50/p99 ${quiet.latency.p50}/${quiet.latency.p99} ms alone; ${busy.latency.p50}/${busy.latency.p99} ms with 10 PDF requests in flight (${pdfOk} PDFs printed, ${statuses.length - pdfOk} refused)`,
      );
      figures.push(
        figure('GET /audits/{id} p99 alone (10 connections)', quiet.latency.p99, 'ms'),
        figure('GET /audits/{id} p99 with 10 PDF requests in flight', busy.latency.p99, 'ms', { max: 50 }),
        figure('PDFs printed during that load', pdfOk, '', { min: 1, target: 'some, none refused' }),
        figure('GET responses not 2xx, and errors, during that load', busy.non2xx + busy.errors, '', { max: 0, target: 'all 2xx' }),
      );
      if (statuses.length - pdfOk > 0) notes.push(`${statuses.length - pdfOk} PDF requests were refused (503: the line was full)`);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.on('exit', resolve));
      await log.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

printBenchResult({ name: 'report', figures, notes });
