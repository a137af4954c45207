/**
 * The edge probes' cost: an audit of a loopback page with `agents: "all"` (20 probes) against the default sample
 * (8), run alternately so machine load falls on both alike; medians. Two pages: one every agent gets as the
 * browser does (the common case: each probe's copy is the browser's, compared for free), and one where every
 * agent gets its own page (each copy parsed and compared).
 *
 *   npx tsx bench/probes.bench.ts [runs per mode, default 21]
 */
import { runAudit } from '../shared/audit/run-audit.js';
import { BROWSER_USER_AGENT } from '../shared/gather/user-agents.js';
import { probedAgents, type AgentSelection } from '../shared/crawlers/probe-selection.js';
import { createNodeFetcher } from '../server/net/node-fetcher.js';
import { startFixtureSite } from '../tests/helpers/fixture-server.js';
import { figure, printBenchResult, type BenchFigure } from './lib/bench-result.js';

const RUNS = Number(process.argv[2] ?? 21);
const ADDED_MAX_MS = 300;

const paragraph = (i: number) =>
  `<p>Paragraph ${i}: cold brew steeps coarse coffee in cold water for hours, then a filter turns it into concentrate number ${i}.</p>`;
const article = (n: number, from = 0) =>
  `<!doctype html><html lang="en"><head><title>Cold brew</title></head><body><article>${Array.from({ length: n }, (_, i) => paragraph(from + i)).join('')}</article></body></html>`;
const SAME = article(300); // about 40 KB
let variant = 0;

const site = await startFixtureSite({
  '/robots.txt': { body: 'User-agent: *\nAllow: /\n', headers: { 'content-type': 'text/plain' } },
  '/same': { body: SAME },
  // Each agent its own copy: the browser the article, every probe another text of the same size.
  '/own': (req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(req.headers['user-agent'] === BROWSER_USER_AGENT ? SAME : article(300, 1000 * ++variant));
  },
});
const fetcher = createNodeFetcher({ allowPrivate: true });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(path: string, agents: AgentSelection): Promise<number> {
  const t0 = performance.now();
  const audit = await runAudit(`${site.url}${path}`, { fetcher, origin: 'server', agents });
  const probed = audit.crawlers.filter((c) => c.served).length;
  if (probed !== probedAgents(agents).length) throw new Error(`${path} ${agents}: ${probed} agents served`);
  return performance.now() - t0;
}

const figures: BenchFigure[] = [];
for (const path of ['/same', '/own']) {
  for (let i = 0; i < 3; i++) for (const agents of ['sample', 'all'] as const) await timed(path, agents); // warm-up
  const times: Record<AgentSelection, number[]> = { sample: [], all: [] };
  for (let i = 0; i < RUNS; i++) {
    // Alternating, and which goes first alternates too.
    for (const agents of (i % 2 ? ['all', 'sample'] : ['sample', 'all']) as AgentSelection[]) times[agents].push(await timed(path, agents));
  }
  const [sample, all] = [median(times.sample), median(times.all)];
  const what = path === '/same' ? 'every agent served the page' : 'every agent served its own page';
  console.log(
    `${what}: sample ${sample.toFixed(1)} ms, all ${all.toFixed(1)} ms, added ${(all - sample).toFixed(1)} ms (medians, n=${RUNS} each)`,
  );
  figures.push(
    figure(`${what}: audit with the sample of ${probedAgents('sample').length} (median)`, sample, 'ms'),
    figure(`${what}: audit with all ${probedAgents('all').length} (median)`, all, 'ms'),
    figure(`${what}: added by agents "all"`, all - sample, 'ms', { max: ADDED_MAX_MS }),
  );
}
await site.close();
printBenchResult({
  name: 'probes',
  figures,
  notes: [`A 40 KB loopback page, audited in-process with the SSRF-guarded Node fetcher; ${RUNS} alternating runs per mode.`],
});
