/**
 * Rendering on the server (docs/audits.md#rendering-on-the-server), on loopback sites served by this process:
 *  1. `citable audit <page> --render --json`, whole process (built CLI, warm code cache): at most 1.5 s (median; the
 *     first run apart), and where the time goes: the render itself (audit.rendering.ms), the same audit without
 *     --render, and Chromium's own start and stop (launched here the way the renderer host launches it);
 *  2. `citable crawl --render all` of a 200-page site: at least 8 pages/s; `--render sample` within 10 % of the
 *     unrendered crawl's pages/s (runs alternated);
 *  3. RSS of Node and of Chromium's processes in one process rendering RENDERS pages one after another through the
 *     renderer host (RENDER_CONCURRENCY at once): after the last within 15 % of after the 100th;
 *  4. Google Lighthouse (the `lighthouse` devDependency, SEO category only, on Chromium) on the same page in the same run,
 *     alternated with `citable audit --render`: Citable's time at most 0.1 × Lighthouse's. Skipped, saying why, when
 *     Lighthouse is not installed.
 * The browser that renders is the one the CLI picks (RENDER_CHROMIUM_PATH, CHROMIUM_PATH, else Chromium's headless
 * shell when installed, else /usr/bin/chromium): docs/configuration.md#rendering.
 *
 *   npx tsx bench/render.bench.ts [--runs 7] [--pages 200] [--renders 1000] [--parts audit,crawl,memory,lighthouse]
 */
import { execFile, execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startFixtureSite, type FixtureSite } from '../tests/helpers/fixture-server.js';
import { startTemplatedSite } from '../tests/crawls/helpers/templated-site.js';
import { figure, printBenchResult, type BenchFigure } from './lib/bench-result.js';
import { measureRenderMemory } from './lib/render-memory.js';
import { lighthouseBin, runLighthouse } from './lib/lighthouse.js';
import { readRenderSettings } from '../server/settings/render-settings.js';
import { CITABLE_BIN, citableNodeOptions } from './lib/citable-command.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    pages: { type: 'string', default: '200' },
    renders: { type: 'string', default: '1000' },
    parts: { type: 'string', default: 'audit,crawl,memory,lighthouse' },
  },
});
const RUNS = Math.max(3, Number(values.runs));
const PAGES = Number(values.pages);
const RENDERS = Math.max(100, Number(values.renders));
const parts = new Set(values.parts.split(','));
/** What renders: the CLI's own choice (readRenderSettings) unless the environment names a browser. */
const CHROMIUM = readRenderSettings(process.env).chromiumPath;
/** Lighthouse runs on the full Chromium, as its documentation asks (CHROME_PATH). */
const LIGHTHOUSE_CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

if (process.env.BENCH_SKIP_BUILD !== '1') execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });

const figures: BenchFigure[] = [];
const notes: string[] = [];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (xs: number[]) =>
  `median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}, n=${xs.length})`;

/** A page whose scripts add content, links and JSON-LD after load: what a render is for. */
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Render bench page</title>
<meta name="description" content="A page that builds part of itself with JavaScript, for timing rendered audits.">
<script src="/app.js" defer></script></head>
<body><main><h1>Render bench page</h1>${'<p>Words the server sends for every reader to count. </p>'.repeat(100)}
<div id="app"></div></main></body></html>`;
const APP = `document.getElementById('app').innerHTML = ${JSON.stringify(
  '<h2>Added by script</h2>' + '<p>Words only a browser sees after running the script. <a href="/more">more</a></p>'.repeat(100),
)};
var s = document.createElement('script'); s.type = 'application/ld+json';
s.textContent = JSON.stringify({ '@context': 'https://schema.org', '@type': 'Article', headline: 'Render bench page' });
document.head.appendChild(s);`;

function startPageSite(): Promise<FixtureSite> {
  return startFixtureSite({
    '/': { body: PAGE },
    '/app.js': { body: APP, headers: { 'content-type': 'text/javascript' } },
    '/robots.txt': { body: 'User-agent: *\nAllow: /\n', headers: { 'content-type': 'text/plain' } },
  });
}

/** Spawned asynchronously: the fixture server lives in this process and must keep answering. */
function citable(args: string[]): Promise<{ ms: number; stdout: string }> {
  const t0 = performance.now();
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    AUDIT_ALLOW_PRIVATE: '1',
    RENDER_CHROMIUM_PATH: CHROMIUM,
    NODE_OPTIONS: citableNodeOptions(),
  };
  return new Promise((resolve, reject) => {
    execFile(CITABLE_BIN, args, { cwd: root, env, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`citable ${args.join(' ')}: ${stderr.slice(-500)}`));
      resolve({ ms: performance.now() - t0, stdout });
    });
  });
}

/** Chromium's start and stop alone, launched as the renderer host launches it (render-browser.ts). */
async function chromiumStartStop(): Promise<number> {
  const { launchRenderBrowser } = await import('../server/render/render-browser.js');
  const t0 = performance.now();
  const { browser } = await launchRenderBrowser({ chromiumPath: CHROMIUM });
  await browser.close();
  return performance.now() - t0;
}

/** Loading playwright-core in a fresh Node process (the CLI requires it from node_modules when it renders). */
function playwrightLoad(): number {
  const code = 'const t = performance.now(); require("playwright-core"); console.log(performance.now() - t)';
  return Number(execFileSync(process.execPath, ['-e', code], { cwd: root, encoding: 'utf8' }).trim());
}

// ---- 1. citable audit --render, whole process --------------------------------------------------------
async function auditPart(): Promise<void> {
  const site = await startPageSite();
  const url = `${site.url}/`;
  const rendered: number[] = [];
  const renderMs: number[] = [];
  const plain: number[] = [];
  const launch: number[] = [];
  const load: number[] = [];
  try {
    const first = await citable(['audit', url, '--render', '--json']);
    console.log(`citable audit --render, first run (cold file cache): ${first.ms.toFixed(0)} ms`);
    for (let i = 0; i < RUNS; i++) {
      const run = await citable(['audit', url, '--render', '--json']);
      const audit = JSON.parse(run.stdout) as { rendering: { ms: number; raw: { words: number }; rendered: { words: number } } | null };
      if (!audit.rendering) throw new Error('an audit with --render came back without audit.rendering');
      rendered.push(run.ms);
      renderMs.push(audit.rendering.ms);
      plain.push((await citable(['audit', url, '--json'])).ms);
      launch.push(await chromiumStartStop());
      load.push(playwrightLoad());
      if (i === 0) console.log(`  words: server HTML ${audit.rendering.raw.words}, rendered ${audit.rendering.rendered.words}`);
    }
    figures.push(figure('first `citable audit --render` of the run (cold file cache, not in the median)', first.ms, 'ms'));
  } finally {
    await site.close();
  }
  const rest = median(rendered) - median(plain) - median(renderMs);
  console.log(`citable audit --render (loopback page, whole process): ${fmt(rendered)}  target ≤ 1500 ms`);
  console.log(`  the render itself (audit.rendering.ms):             ${fmt(renderMs)}`);
  console.log(`citable audit without --render:                      ${fmt(plain)}`);
  console.log(`Chromium start + stop alone (launchRenderBrowser):   ${fmt(launch)}`);
  console.log(`loading playwright-core in a fresh process:          ${fmt(load)}`);
  console.log(
    `  --render adds ${(median(rendered) - median(plain)).toFixed(0)} ms, ${rest.toFixed(0)} ms of it outside the render (difference of medians)`,
  );
  figures.push(
    figure('`citable audit --render`, loopback page, whole process (median)', median(rendered), 'ms', { max: 1500 }),
    figure('of which the render (audit.rendering.ms, median)', median(renderMs), 'ms'),
    figure('the same audit without --render (median)', median(plain), 'ms'),
    figure('Chromium start + stop alone, as the renderer host launches it (median)', median(launch), 'ms'),
    figure('loading playwright-core in a fresh Node process (median)', median(load), 'ms'),
  );
}

// ---- 2. crawls ---------------------------------------------------------------------------------------
async function crawlPart(): Promise<void> {
  const blog = Math.round(PAGES * 0.3);
  const products = Math.round(PAGES * 0.3);
  const { site } = await startTemplatedSite({ blog, blogFr: 10, products, docs: 10, guides: PAGES - 21 - blog - products, words: 4_800 });
  const crawl = async (mode: 'none' | 'sample' | 'all') => {
    const before = site.requests.length;
    const args = ['crawl', site.url, '--max-pages', String(PAGES), '--json', ...(mode === 'none' ? [] : ['--render', mode])];
    const run = await citable(args);
    const audited = (JSON.parse(run.stdout) as { progress: { audited: number } }).progress.audited;
    const requests = site.requests.length - before;
    return { ms: run.ms, audited, rate: audited / (run.ms / 1000), requests };
  };
  const rates: Record<'none' | 'sample' | 'all', number[]> = { none: [], sample: [], all: [] };
  try {
    await crawl('none'); // warms the file cache
    await crawl('sample'); // and the render thread's code cache (written after its first render)
    for (let i = 0; i < 3; i++) {
      for (const mode of ['none', 'sample'] as const) {
        const r = await crawl(mode);
        rates[mode].push(r.rate);
        console.log(
          `citable crawl --render ${mode}: ${r.audited} pages in ${(r.ms / 1000).toFixed(2)} s, ${r.rate.toFixed(1)} pages/s, ${r.requests} requests`,
        );
      }
    }
    for (let i = 0; i < 2; i++) {
      const r = await crawl('all');
      rates.all.push(r.rate);
      console.log(
        `citable crawl --render all: ${r.audited} pages in ${(r.ms / 1000).toFixed(1)} s, ${r.rate.toFixed(1)} pages/s, ${r.requests} requests`,
      );
    }
  } finally {
    await site.close();
  }
  const ratio = median(rates.sample) / median(rates.none);
  figures.push(
    figure(`\`citable crawl --render all\`, ${PAGES} pages of ~30 KB, whole process (median of 2)`, median(rates.all), 'pages/s', {
      min: 8,
    }),
    figure(`\`citable crawl\` unrendered, same site (median of 3)`, median(rates.none), 'pages/s'),
    figure(`\`citable crawl --render sample\`, same site (median of 3)`, median(rates.sample), 'pages/s'),
    figure('--render sample pages/s / unrendered pages/s', ratio, '×', { min: 0.9, target: '≥ 0.9 × (within 10 %)' }),
  );
}

// ---- 3. memory over many renders ---------------------------------------------------------------------
async function memoryPart(): Promise<void> {
  const site = await startPageSite();
  try {
    const m = await measureRenderMemory(`${site.url}/`, RENDERS, CHROMIUM);
    const at = (n: number) => m.samples.find((s) => s.renders === n)!;
    const [a, b] = [at(100), at(RENDERS)];
    figures.push(
      figure(
        `Node RSS after render ${RENDERS} / after render 100 (${a.nodeMb.toFixed(0)} → ${b.nodeMb.toFixed(0)} MB)`,
        b.nodeMb / a.nodeMb,
        '×',
        {
          max: 1.15,
        },
      ),
      figure(
        `Chromium RSS, all its processes, after render ${RENDERS} / after render 100 (${a.chromium.rssMb.toFixed(0)} → ${b.chromium.rssMb.toFixed(0)} MB)`,
        b.chromium.rssMb / a.chromium.rssMb,
        '×',
        { max: 1.15 },
      ),
      figure(`Chromium PSS after render ${RENDERS} / after render 100`, b.chromium.pssMb / a.chromium.pssMb, '×'),
      figure(`renders per second, one process, RENDER_CONCURRENCY ${m.concurrency} at once`, m.rendersPerSecond, '/s'),
      figure('CPU time per render, Node and every Chromium process (renders 100 to the last; holds under load)', m.cpuMsPerRender, 'ms'),
    );
    if (m.failed) notes.push(`${m.failed} of ${RENDERS} renders failed (see the output).`);
  } finally {
    await site.close();
  }
}

// ---- 4. Lighthouse side by side -----------------------------------------------------------------------
async function lighthousePart(): Promise<void> {
  const bin = lighthouseBin(root);
  if (!bin) {
    const why = 'Lighthouse comparison skipped: the `lighthouse` devDependency is not installed (npm install)';
    console.log(why);
    notes.push(why);
    return;
  }
  const site = await startPageSite();
  const url = `${site.url}/`;
  const lighthouse: number[] = [];
  const citableMs: number[] = [];
  try {
    await citable(['audit', url, '--render', '--json']); // warms the file and code caches
    for (let i = 0; i < 3; i++) {
      const lh = await runLighthouse(bin, url, LIGHTHOUSE_CHROME);
      lighthouse.push(lh.ms);
      citableMs.push((await citable(['audit', url, '--render', '--json'])).ms);
      console.log(
        `Lighthouse (SEO, score ${lh.seoScore}): ${lh.ms.toFixed(0)} ms; citable audit --render: ${citableMs.at(-1)!.toFixed(0)} ms`,
      );
    }
  } finally {
    await site.close();
  }
  figures.push(
    figure('`lighthouse --only-categories=seo`, same page, whole process (median of 3)', median(lighthouse), 'ms'),
    figure('`citable audit --render` alternated with it (median of 3)', median(citableMs), 'ms'),
    figure('Citable rendered audit / Lighthouse SEO audit', median(citableMs) / median(lighthouse), '×', { max: 0.1 }),
  );
}

if (parts.has('audit')) await auditPart();
if (parts.has('crawl')) await crawlPart();
if (parts.has('memory')) await memoryPart();
if (parts.has('lighthouse')) await lighthousePart();
if (RENDERS < 1000 && parts.has('memory')) notes.push(`memory measured over ${RENDERS} renders, not 1,000 (--renders).`);
console.log(`node ${process.version}, ${process.platform}/${process.arch}, rendering with ${CHROMIUM}, load ${loadavg()[0]!.toFixed(1)}`);
notes.push(`Rendered with ${CHROMIUM}; load average ${loadavg()[0]!.toFixed(1)} at the end of the run.`);
printBenchResult({ name: 'render', figures, notes });
