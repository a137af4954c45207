/**
 * The Node fetcher on loopback: per-request overhead on a small page, and how long it takes to
 * reach the 5 MB cap on a 50 MB page and on a 10 GB gzip bomb (and how much memory that costs).
 *
 *   npx tsx bench/fetcher.bench.ts
 */
import { createNodeFetcher } from '../server/net/node-fetcher.js';
import { startFixtureSite } from '../tests/helpers/fixture-server.js';
import { deflateBomb, hugePage, withPeakRss } from '../tests/server/net/hostile-handlers.js';
import { figure, printBenchResult, type BenchFigure } from './lib/bench-result.js';

const MB = 1024 * 1024;
const site = await startFixtureSite({
  '/small': { body: '<p>small page</p>'.repeat(3000) }, // ~50 KB
  '/huge': hugePage(50 * MB),
  '/bomb': deflateBomb('gzip', 10 * 1024 * MB),
});
const fetcher = createNodeFetcher({ allowPrivate: true });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(path: string, maxBytes: number): Promise<number> {
  const t0 = performance.now();
  const res = await fetcher.fetch(`${site.url}${path}`, { maxBytes });
  if (res.error) throw new Error(`${path}: ${res.error.message}`);
  return performance.now() - t0;
}

for (let i = 0; i < 20; i++) await timed('/small', MB); // warm-up
const small = [];
for (let i = 0; i < 200; i++) small.push(await timed('/small', MB));
console.log(`50 KB page, sequential: median ${median(small).toFixed(2)} ms per fetch (n=200)`);
const figures: BenchFigure[] = [figure('50 KB page, sequential, per fetch (median)', median(small), 'ms')];

for (const path of ['/huge', '/bomb']) {
  const runs = [];
  let peak = 0;
  for (let i = 0; i < 5; i++) {
    const { result, peakGrowth } = await withPeakRss(() => timed(path, 5 * MB));
    runs.push(result);
    peak = Math.max(peak, peakGrowth);
  }
  const what = path === '/huge' ? '50 MB page' : '10 GB gzip bomb';
  console.log(`${what} cut at 5 MB: median ${median(runs).toFixed(0)} ms, peak RSS growth ${(peak / MB).toFixed(0)} MB (n=5)`);
  figures.push(figure(`${what} cut at 5 MB (median)`, median(runs), 'ms'), figure(`${what}: peak RSS growth`, peak / MB, 'MB'));
}
await site.close();
printBenchResult({ name: 'fetcher', figures });
