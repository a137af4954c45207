/**
 * `citable fix` on a 1,000-page crawl (target ≤ 2 s): a crawl of 1,000 audited pages (each with its title and
 * description, across 12 URL patterns) seeded in a server's embedded store, the site itself served on loopback,
 * then the built CLI run as a user runs it: `citable fix --crawl ID --out DIR`, which asks the server for the
 * crawl's fixes (every page read back from the store, the site's robots.txt and start page read again, llms.txt
 * and llms-full.txt written from the 1,000 pages) and writes the files. Wall time of the whole process, median
 * of the runs; the server's share (GET /crawls/{id}/fixes alone) beside it.
 *
 *   npx tsx bench/fixes.bench.ts [runs] [pages]
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNodeFetcher } from '../server/net/node-fetcher.js';
import { startTestApi } from '../tests/server/helpers/test-api.js';
import { startFixtureSite } from '../tests/helpers/fixture-server.js';
import { fixesSite } from '../tests/fixtures/sites/fixes-site.js';
import { emptySiteFiles, newCrawl, outcome } from '../tests/crawls/helpers/crawl-records.js';
import { figure, printBenchResult } from './lib/bench-result.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const runs = Math.max(3, Number(process.argv[2] ?? 7));
const pageCount = Math.max(10, Number(process.argv[3] ?? 1000));
const SECTIONS = ['blog', 'guides', 'products', 'docs', 'recipes', 'news', 'help', 'shop', 'about', 'events', 'jobs', 'fr'];

execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
const site = await startFixtureSite(fixesSite);
const api = await startTestApi({ fetcher: createNodeFetcher({ allowPrivate: true }) });
const crawlId = await seedCrawl();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const serverMs: number[] = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const res = await api.request('GET', `/api/v1/crawls/${crawlId}/fixes`);
  if (res.status !== 200) throw new Error(`GET fixes: ${res.status} ${res.text}`);
  serverMs.push(performance.now() - t0);
}

const wallMs: number[] = [];
let listed = 0;
for (let i = 0; i < runs; i++) {
  const out = await mkdtemp(path.join(tmpdir(), 'citable-fix-bench-'));
  wallMs.push(await timeFix(out));
  listed = ((await readFile(path.join(out, 'site/llms-full.txt'), 'utf8')).match(/^- \[/gm) ?? []).length;
  await rm(out, { recursive: true, force: true });
}
await api.close({ removeData: true });
await site.close();

console.log(
  `citable fix --crawl (${pageCount} pages): median ${median(wallMs).toFixed(0)} ms of ${runs} runs (${wallMs.map((v) => v.toFixed(0)).join(', ')})`,
);
console.log(`GET /crawls/{id}/fixes alone: median ${median(serverMs).toFixed(0)} ms; llms-full.txt lists ${listed} pages`);
printBenchResult({
  name: 'fixes',
  figures: [
    figure(`citable fix on a ${pageCount.toLocaleString('en')}-page crawl (whole process, median)`, median(wallMs), 'ms', {
      max: 2000,
      target: '≤ 2 s',
    }),
    figure(`GET /crawls/{id}/fixes for it (server, median)`, median(serverMs), 'ms'),
    figure('pages in llms-full.txt', listed, 'pages', { min: pageCount, target: `= ${pageCount}` }),
  ],
  notes: [
    `${runs} runs; the crawl is seeded in the store (crawling 1,000 pages is the crawl benchmark's), the site is read live on loopback`,
  ],
});

async function seedCrawl(): Promise<string> {
  const crawls = await api.store.crawls();
  const record = newCrawl(api.accountId, { url: `${site.url}/`, start_url: `${site.url}/`, max_pages: pageCount });
  await crawls.createCrawl(record, 2);
  const start = new Date();
  await crawls.startCrawl(record.id, {
    start_url: `${site.url}/`,
    host: new URL(site.url).host,
    started_at: start.toISOString(),
    deadline_at: new Date(start.getTime() + 3_600_000).toISOString(),
    siteFiles: emptySiteFiles(site.url),
    site: null,
    notes: [],
  });
  const urls = [
    `${site.url}/`,
    ...Array.from({ length: pageCount - 1 }, (_, i) => `${site.url}/${SECTIONS[i % SECTIONS.length]}/page-${i}`),
  ];
  await crawls.admit(record.id, { pages: urls, skips: [] });
  for (const [i, url] of urls.entries()) {
    const summary = {
      title: `Page ${i}: a title of ordinary length`,
      description: `What page ${i} offers, in one sentence of ordinary length for a description.`,
    };
    await crawls.completePage(record.id, {
      url,
      outcome: outcome(url, 70, [{ rule: 'llms-txt.present' }, { rule: 'content.title' }], { summary }),
    });
  }
  await crawls.finishCrawl(record.id, { status: 'complete', finished_at: new Date().toISOString(), error: null, notes: [], site: null });
  return record.id;
}

/** Spawned asynchronously: the server and the site live in this process and must keep answering. */
function timeFix(out: string): Promise<number> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['bin/citable.cjs', 'fix', '--crawl', crawlId, '--out', out],
      { cwd: root, env: { PATH: process.env.PATH, CITABLE_API_URL: api.url, CITABLE_API_KEY: api.key } },
      (error, _stdout, stderr) => (error ? reject(new Error(`citable fix: ${stderr}`)) : resolve(performance.now() - t0)),
    );
  });
}
