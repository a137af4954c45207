/**
 * The small crawl alone, for profiling: serves the 250-page, five-template site and runs `citable crawl` on it
 * ROUNDS times (after one warm-up), printing each round's wall time, CPU time and pages per second.
 * Several configurations can be compared, alternated round by round: CONFIGS="A;B" where each is a list of
 * environment settings for the crawl (`CRAWL_CONCURRENCY=2 FOO=1`); BIN=path/to/bin/citable.cjs runs another build;
 * VIA=node runs `node BIN` instead of the executable (without the Node options of its first line).
 *
 *   npx tsx bench/crawl-small.ts [pages=250] [rounds=5]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startTemplatedSite } from '../tests/crawls/helpers/templated-site.js';
import { GUARD } from './lib/peer-tools.js';
import { CITABLE_BIN, citableNodeOptions } from './lib/citable-command.js';
import { MAX_RSS, runMetered } from './lib/metered-process.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const PAGES = Number(process.argv[2] ?? 250);
const ROUNDS = Number(process.argv[3] ?? 5);
const CONFIGS = (process.env.CONFIGS ?? '').split(';').map((c) => c.trim());
const envOf = (config: string) =>
  Object.fromEntries(
    config
      .split(/\s+/)
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] as [string, string]),
  );

const blog = Math.round(PAGES * 0.3);
const products = Math.round(PAGES * 0.3);
const served = await startTemplatedSite({
  blog,
  blogFr: 10,
  products,
  docs: 10,
  guides: PAGES - 1 - blog - products - 20,
  words: 4_800,
  flatSitemap: PAGES,
});

async function crawl(config: string): Promise<{ ms: number; cpuMs: number; audited: number }> {
  const settings = envOf(config);
  const bin = settings.BIN ?? CITABLE_BIN;
  const args = ['crawl', served.site.url, '--max-pages', String(PAGES), '--json'];
  const env = { ...process.env, ...settings, AUDIT_ALLOW_PRIVATE: '1' };
  // VIA=node or NODE_ARGS=--flag,--other: `node [options] BIN`, which skips the executable's own Node options (a V8
  // flag changes the code cache's key: give such a config its own BIN, or the configs reject each other's caches).
  // Otherwise the executable, as a person runs it, with the guard and the meter preloaded through NODE_OPTIONS.
  const run =
    settings.VIA === 'node' || settings.NODE_ARGS
      ? await runMetered(process.execPath, [...(settings.NODE_ARGS?.split(',') ?? []), '-r', GUARD, '-r', MAX_RSS, bin, ...args], {
          cwd: root,
          env,
        })
      : await runMetered(bin, args, {
          cwd: root,
          env: { ...env, NODE_OPTIONS: [citableNodeOptions([MAX_RSS]), settings.NODE_OPTIONS].filter(Boolean).join(' ') },
        });
  if (run.code !== 0) throw new Error(`exit ${run.code}: ${run.stderr.slice(-800)}`);
  const audited = (JSON.parse(run.stdout) as { progress: { audited: number } }).progress.audited;
  return { ms: run.ms, cpuMs: run.cpuMs ?? Number.NaN, audited };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
try {
  await crawl(CONFIGS[0]!);
  const rates = CONFIGS.map(() => [] as number[]);
  const cpus = CONFIGS.map(() => [] as number[]);
  for (let i = 0; i < ROUNDS; i++) {
    for (const [c, config] of CONFIGS.entries()) {
      const r = await crawl(config);
      rates[c]!.push(r.audited / (r.ms / 1000));
      cpus[c]!.push(r.cpuMs);
      const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
      console.log(
        `[${config || 'default'}] ${r.audited} pages ${r.ms.toFixed(0)} ms ${rates[c]!.at(-1)!.toFixed(0)} pages/s cpu ${r.cpuMs.toFixed(0)} ms (${(r.cpuMs / r.audited).toFixed(1)} ms/page) load ${load}`,
      );
    }
  }
  for (const [c, config] of CONFIGS.entries())
    console.log(`[${config || 'default'}] median ${median(rates[c]!).toFixed(0)} pages/s, cpu ${median(cpus[c]!).toFixed(0)} ms`);
} finally {
  await served.site.close();
}
