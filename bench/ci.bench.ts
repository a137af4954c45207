/**
 * CI formats (docs/ci.md): SARIF of a 1,000-page crawl, as `citable crawl --format sarif --output FILE` writes
 * it, each page with 15 issues (more than a typical page has) on long URLs, plus the site-wide findings.
 *  - written (built, serialised and saved) in a median ≤ 1 s, both profiles;
 *  - under 10 MB on disk (GitHub code scanning takes at most 10 MB gzip-compressed: its gzip size is shown too);
 *  - JUnit XML of the same crawl (76,000 test cases), for comparison, no target.
 *
 *   npx tsx bench/ci.bench.ts [pages=1000] [runs=7]
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { isSiteRule } from '../shared/crawl/site-findings.js';
import type { CrawlPageOutcome } from '../shared/crawl/page-outcome.js';
import type { Crawl } from '../shared/schema/crawl.js';
import { CATEGORY_NAMES } from '../shared/types/audit.js';
import { crawlReport } from '../server/ci/ci-report.js';
import { toJunit } from '../server/ci/junit.js';
import { RULE_CATALOGUE } from '../server/ci/rule-catalogue.js';
import { toSarif, type SarifProfile } from '../server/ci/sarif.js';
import { figure, printBenchResult, type BenchFigure } from './lib/bench-result.js';

const pages = Number(process.argv[2] ?? 1000);
const runs = Number(process.argv[3] ?? 7);
const ISSUES_PER_PAGE = 15;
const MB = 1024 * 1024;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const pageRules = RULE_CATALOGUE.filter((r) => !isSiteRule(r.id));
const siteRules = RULE_CATALOGUE.filter((r) => isSiteRule(r.id)).slice(0, 4);
const categories = CATEGORY_NAMES.map((name) => ({ name, score: 60, applicable: true }));

function outcomes(): CrawlPageOutcome[] {
  return Array.from({ length: pages }, (_, i) => {
    const rules = Array.from({ length: ISSUES_PER_PAGE }, (_, k) => pageRules[(i + k * 5) % pageRules.length]!);
    const url = `https://www.client-example.com/blog/2026/${String((i % 12) + 1).padStart(2, '0')}/how-to-brew-better-coffee-at-home-part-${i}`;
    return {
      url,
      template: '/blog/*',
      audit_id: null,
      http_status: 200,
      error: null,
      score: 40 + (i % 50),
      critical: rules.some((r) => r.severity === 'critical'),
      categories,
      issues: [...rules, ...siteRules].map((r) => ({ rule: r.id, severity: r.severity, category: r.category })),
      builder: null,
      sample: null,
    };
  });
}

function crawlOf(list: CrawlPageOutcome[]): Crawl {
  const counts = new Map<string, number>();
  for (const o of list) for (const i of o.issues) counts.set(i.rule, (counts.get(i.rule) ?? 0) + 1);
  return {
    id: '5e0c7a9e-1b2c-4d3e-8f4a-5b6c7d8e9f00',
    url: 'https://www.client-example.com/',
    status: 'complete',
    max_pages: pages,
    render: 'none',
    created_at: '2026-11-21T10:00:00.000Z',
    started_at: '2026-11-21T10:00:01.000Z',
    finished_at: '2026-11-21T10:20:00.000Z',
    progress: { discovered: pages, audited: pages, failed: 0, skipped: 0 },
    score: 58,
    category_scores: categories,
    builder: null,
    issues: [...counts].map(([rule, n]) => {
      const info = RULE_CATALOGUE.find((r) => r.id === rule)!;
      return {
        rule,
        severity: info.severity,
        category: info.category,
        title: info.title,
        pages: n,
        share: n / pages,
        examples: list.slice(0, 5).map((o) => o.url),
      };
    }),
    templates: [],
    site: null,
    error: null,
    notes: [],
  };
}

async function main(): Promise<void> {
  const list = outcomes();
  const report = crawlReport(crawlOf(list), list);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'citable-ci-bench-'));
  const figures: BenchFigure[] = [];
  try {
    for (const profile of ['standard', 'github'] as SarifProfile[]) {
      const file = path.join(dir, `${profile}.sarif`);
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        await writeFile(file, `${JSON.stringify(toSarif(report, { profile, docsBase: 'https://github.com/acme/citable/blob/v1/' }))}\n`);
        times.push(performance.now() - t0);
      }
      const bytes = (await stat(file)).size;
      const text = await import('node:fs/promises').then((fs) => fs.readFile(file));
      const gzip = gzipSync(text).length;
      const results = (JSON.parse(text.toString('utf8')) as { runs: Array<{ results: unknown[] }> }).runs[0]!.results.length;
      console.log(
        `SARIF (${profile}) of ${pages} pages: ${results} results, ${(bytes / MB).toFixed(2)} MB, ${(gzip / MB).toFixed(2)} MB gzip, median ${median(times).toFixed(0)} ms`,
      );
      figures.push(
        figure(`SARIF (${profile}) of a ${pages.toLocaleString('en')}-page crawl: written`, median(times), 'ms', { max: 1000 }),
        figure(`SARIF (${profile}): size on disk (${results.toLocaleString('en')} results)`, bytes / MB, 'MB', {
          max: 10,
          target: '< 10 MB',
        }),
        figure(`SARIF (${profile}): gzip size (GitHub's upload limit is 10 MB gzip)`, gzip / MB, 'MB', { max: 10, target: '< 10 MB' }),
      );
    }
    const t0 = performance.now();
    const xml = toJunit(report);
    await writeFile(path.join(dir, 'junit.xml'), xml);
    const junitMs = performance.now() - t0;
    console.log(`JUnit of ${pages} pages: ${(Buffer.byteLength(xml) / MB).toFixed(2)} MB in ${junitMs.toFixed(0)} ms`);
    figures.push(
      figure(`JUnit XML of the same crawl: written`, junitMs, 'ms'),
      figure('JUnit XML: size', Buffer.byteLength(xml) / MB, 'MB'),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  printBenchResult({
    name: 'ci',
    figures,
    notes: [
      `${ISSUES_PER_PAGE} page issues on each of ${pages.toLocaleString('en')} pages and ${siteRules.length} site-wide findings (one result each); median of ${runs} runs.`,
    ],
  });
}

await main();
