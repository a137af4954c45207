/**
 * Judge-and-score time of the engine on a 100 KB and a 1 MB page (targets: ≤ 15 ms and ≤ 120 ms median),
 * and peak memory of a whole `citable audit` of a 5 MB page (target ≤ 250 MB).
 *
 *   npx tsx bench/engine.bench.ts
 */
import { execFile, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { auditSnapshot } from '../shared/index.js';
import { snapshot, textFile } from '../tests/helpers/snapshot.js';
import { startFixtureSite } from '../tests/helpers/fixture-server.js';
import { LLMS_TXT } from '../tests/fixtures/sites/good-article.js';
import { figure, printBenchResult } from './lib/bench-result.js';
import { pageOfSize } from './lib/page-of-size.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function judgeTime(bytes: number, runs: number): { median: number; min: number; size: number } {
  const html = pageOfSize(bytes);
  const snap = snapshot(html, {
    robotsTxt: textFile('https://example.com/robots.txt', 'User-agent: *\nAllow: /\n'),
    llmsTxt: textFile('https://example.com/llms.txt', LLMS_TXT),
  });
  for (let i = 0; i < 3; i++) auditSnapshot(snap, { id: 'warm' });
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    auditSnapshot(snap, { id: 'bench' });
    times.push(performance.now() - t0);
  }
  return { median: median(times), min: Math.min(...times), size: html.length };
}

async function peakMemoryOfCliAudit(bytes: number): Promise<number> {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  let origin = '';
  const site = await startFixtureSite((o) => {
    origin = o;
    return { '/': { body: pageOfSize(bytes, o) } };
  });
  try {
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        '/usr/bin/time',
        ['-f', 'maxrss_kb=%M', process.execPath, 'bin/citable.cjs', 'audit', `${origin}/`, '--json'],
        { cwd: root, env: { PATH: process.env.PATH, AUDIT_ALLOW_PRIVATE: '1' }, maxBuffer: 64 * 1024 * 1024 },
        (error, _stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(stderr)),
      ),
    );
    const kb = Number(out.match(/maxrss_kb=(\d+)/)?.[1]);
    return kb / 1024;
  } finally {
    await site.close();
  }
}

const small = judgeTime(100 * 1024, 31);
const large = judgeTime(1024 * 1024, 11);
const peak = await peakMemoryOfCliAudit(5 * 1024 * 1024);
console.log(
  `judge+score ${(small.size / 1024).toFixed(0)} KB page: median ${small.median.toFixed(1)} ms (min ${small.min.toFixed(1)}) — target ≤ 15 ms`,
);
console.log(
  `judge+score ${(large.size / 1024).toFixed(0)} KB page: median ${large.median.toFixed(1)} ms (min ${large.min.toFixed(1)}) — target ≤ 120 ms`,
);
console.log(`peak RSS of \`citable audit\` on a 5 MB page: ${peak.toFixed(0)} MB — target ≤ 250 MB`);
printBenchResult({
  name: 'engine',
  figures: [
    figure(`judge+score, ${(small.size / 1024).toFixed(0)} KB page (median)`, small.median, 'ms', { max: 15 }),
    figure(`judge+score, ${(large.size / 1024).toFixed(0)} KB page (median)`, large.median, 'ms', { max: 120 }),
    figure('peak RSS of `citable audit` on a 5 MB page', peak, 'MB', { max: 250 }),
  ],
});
