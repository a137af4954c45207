/**
 * Wall time of a whole `citable audit` process against a loopback page with 10 scripts (target
 * ≤ 600 ms), and of bare start-up (`citable --help`). Builds first, then spawns `node bin/citable.cjs`.
 * Also the cost of a run that finds no V8 code cache (server/cli/code-cache.ts; the build pre-fills it, so
 * this is a deleted or unwritable cache): it compiles the audit bundle and writes the cache; and of runs
 * with the cache switched off (NODE_DISABLE_COMPILE_CACHE=1).
 *
 *   npx tsx bench/cli-audit.bench.ts [runs]
 */
import { execFile, execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFixtureSite } from '../tests/helpers/fixture-server.js';
import { figure, printBenchResult } from './lib/bench-result.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const runs = Math.max(5, Number(process.argv[2] ?? 9));
const scripts = Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`);
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench page</title>
<meta name="description" content="A page with ten scripts for timing the citable CLI end to end.">
${scripts.map((s) => `<script src="${s}" defer></script>`).join('\n')}</head>
<body><main><h1>Bench page</h1>${'<p>Plain words for the audit to read and count. </p>'.repeat(200)}</main></body></html>`;
const script = `(function(){var a=[];for(var i=0;i<100;i++)a.push(i*2);window.x=a;})();\n`.repeat(400); // ~30 KB each

const site = await startFixtureSite({
  '/': { body: page },
  '/robots.txt': { body: 'User-agent: *\nAllow: /\nSitemap: /sitemap.xml\n', headers: { 'content-type': 'text/plain' } },
  ...Object.fromEntries(scripts.map((s) => [s, { body: script, headers: { 'content-type': 'text/javascript' } }])),
});

execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });

/** Engine time (gather + judge) reported by each audit, to tell it apart from process start-up. */
const engineMs: number[] = [];
let collectEngineTime = true; // only from the runs with a warm code cache

/** Spawned asynchronously: the fixture server lives in this process and must keep answering. */
function timeProcess(args: string[], env: Record<string, string> = {}): Promise<number> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['bin/citable.cjs', ...args],
      { cwd: root, env: { PATH: process.env.PATH, AUDIT_ALLOW_PRIVATE: '1', ...env } },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`citable ${args.join(' ')}: ${stderr}`));
        if (args.includes('--json') && collectEngineTime) engineMs.push((JSON.parse(stdout) as { duration_ms: number }).duration_ms);
        resolve(performance.now() - t0);
      },
    );
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function measure(args: string[], env: Record<string, string> = {}): Promise<number[]> {
  await timeProcess(args, env); // warm the file cache (and write the code cache)
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timeProcess(args, env));
  return times;
}

const auditArgs = ['audit', `${site.url}/`, '--json'];
const audit = await measure(auditArgs);
const help = await measure(['--help']);
collectEngineTime = false;
const noCache = await measure(auditArgs.slice(), { NODE_DISABLE_COMPILE_CACHE: '1' });
const firstRun: number[] = [];
for (let i = 0; i < runs; i++) {
  rmSync(path.join(root, 'dist/cli/.v8-cache'), { recursive: true, force: true });
  firstRun.push(await timeProcess(auditArgs));
}
await site.close();

const fmt = (xs: number[]) =>
  `median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}, n=${xs.length})`;
console.log(`citable audit (loopback page, 10 scripts, whole process): ${fmt(audit)}  target ≤ 600 ms`);
console.log(`  of which the engine (audit.duration_ms):                 median ${median(engineMs)} ms`);
console.log(`citable --help (start-up only):                           ${fmt(help)}`);
console.log(`citable audit, no code cache yet (writes it):              ${fmt(firstRun)}`);
console.log(`citable audit, NODE_DISABLE_COMPILE_CACHE=1:               ${fmt(noCache)}`);
console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
printBenchResult({
  name: 'cli-audit',
  figures: [
    figure('`citable audit`, loopback page with 10 scripts, whole process (median)', median(audit), 'ms', { max: 600 }),
    figure('of which the engine (audit.duration_ms, median)', median(engineMs), 'ms'),
    figure('`citable --help`, start-up only (median)', median(help), 'ms'),
    figure('`citable audit` finding no code cache: compiles and writes it (median)', median(firstRun), 'ms', { max: 600 }),
    figure('`citable audit` with NODE_DISABLE_COMPILE_CACHE=1 (median)', median(noCache), 'ms', { max: 600 }),
  ],
});
