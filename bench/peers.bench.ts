/**
 * Citable against its closest open-source peers, aiseo-audit and @vercel/agent-readability, on the same
 * loopback fixture sites: whole-process wall time per audit (each tool spawned as a user runs it; a
 * discarded warm-up round, then rounds that alternate the order of the tools so noise falls on all of
 * them; median per site), the ratio to the fastest peer (target: Citable at least 2x faster on every
 * site), which checks each tool performs, and where their verdicts differ from ours and why, read from
 * the JSON each tool printed.
 *
 * Every tool runs with bench/lib/loopback-guard.cjs preloaded: a connection or DNS look-up for anything
 * but 127.0.0.1 fails at once and is recorded, so no tool waits on the (absent) internet and any attempt
 * is reported.
 *
 *   npx tsx bench/peers.bench.ts [--runs 5] [--quick] [--sites good-article,spa-shell] [--save <dir>]
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { ALL_RULES } from '../shared/rules/index.js';
import { startFixtureSite } from '../tests/helpers/fixture-server.js';
import { figure, printBenchResult, type BenchFigure } from './lib/bench-result.js';
import { aiseoCheckNames, CRAWLER_TABLE, themeTable, vercelCheckNames } from './lib/check-catalog.js';
import { PEER_SITES, recordResponses, withRootAlias, type PeerSite, type ServedResponse } from './lib/peer-sites.js';
import { loadTools, ROOT, runTool, satisfiesNode, type Tool, type ToolId, type ToolRun } from './lib/peer-tools.js';
import {
  differences,
  readServedPage,
  scores,
  type AiseoReport,
  type Difference,
  type OurAudit,
  type SiteOutputs,
  type VercelReport,
  type WireLog,
} from './lib/peer-verdicts.js';

// ---- Options ----------------------------------------------------------------------------------------------
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const quick = args.includes('--quick');
const RUNS = Math.max(1, Number(option('--runs') ?? (quick ? 3 : 5)));
const only = option('--sites')
  ?.split(',')
  .map((s) => s.trim());
const saveDir = option('--save');
const sites = only ? PEER_SITES.filter((s) => only.includes(s.name)) : PEER_SITES;
if (!sites.length) throw new Error(`no site matches --sites ${only?.join(',')}; known: ${PEER_SITES.map((s) => s.name).join(', ')}`);
const TIMEOUT_MS = 60_000;
const CACHE_NOTE =
  'Citable runs as installed: its build pre-fills the V8 code cache of the audit command (scripts/warm-cli-cache.mjs). A run that finds no cache compiles the bundle and writes it: see `citable audit` finding no code cache in the cli-audit benchmark.';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const ms = (x: number | undefined) => (x === undefined ? '–' : `${Math.round(x)} ms`);
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

// ---- Set-up -----------------------------------------------------------------------------------------------
const load = os.loadavg();
console.log(`# Citable vs open-source peers (whole process per audit, loopback fixture sites)\n`);
console.log(
  `Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average at start ${load.map((l) => l.toFixed(2)).join(' / ')}; ${RUNS} measured rounds per site after 1 warm-up round${quick ? ' (--quick)' : ''}.`,
);
if (load[0]! > os.cpus().length * 0.5)
  console.log(
    `Note: the machine is busy (1-minute load ${load[0]!.toFixed(2)} on ${os.cpus().length} cores); absolute times are noisy, ratios less so (the tools alternate).`,
  );

if (process.env.BENCH_SKIP_BUILD !== '1') execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
const home = mkdtempSync(path.join(os.tmpdir(), 'citable-peers-'));
const guardDir = path.join(home, 'guard');
mkdirSync(guardDir);
const guardLog = (tool: ToolId) => path.join(guardDir, `${tool}.log`);
if (saveDir) mkdirSync(saveDir, { recursive: true });

const allTools = loadTools();

// ---- Preflight: does each tool run here, on this Node? -------------------------------------------------
console.log(`\n## Preflight\n`);
console.log('| tool | version | declares Node | runs on Node ' + process.versions.node + ' | command |');
console.log('|---|---|---|---|---|');
const tools: Tool[] = [];
const preflightNotes: string[] = [];
{
  const site = await startFixtureSite(withRootAlias(PEER_SITES[0]!));
  for (const tool of allTools) {
    const node = satisfiesNode(tool.nodeRange);
    let status: string;
    try {
      const run = await runTool(tool, `${site.url}${PEER_SITES[0]!.path}`, site.url, {
        guardLog: guardLog(tool.id),
        home,
        timeoutMs: TIMEOUT_MS,
      });
      const ok = run.json !== undefined && typeof run.json === 'object';
      status = ok
        ? `yes (exit ${run.code}, JSON, ${Math.round(run.ms)} ms)`
        : `NO: exit ${run.code}, ${cell(run.stderr.trim().split('\n').slice(-1)[0] ?? 'no output')}`;
      if (ok) tools.push(tool);
      else preflightNotes.push(`${tool.label} does not run here: ${run.stderr.trim().slice(0, 300)}`);
    } catch (error) {
      status = `NO: ${(error as Error).message}`;
      preflightNotes.push(`${tool.label}: ${(error as Error).message}`);
    }
    console.log(
      `| ${tool.label} | ${tool.version} | ${tool.nodeRange ?? '–'}${node === false ? ' (NOT met)' : ''} | ${status} | \`${tool.command}\` |`,
    );
  }
  await site.close();
}
if (!tools.some((t) => t.id === 'citable')) throw new Error('Citable itself does not run: build it (node scripts/build.mjs)');
const peers = tools.filter((t) => t.id !== 'citable');

// ---- Measure ----------------------------------------------------------------------------------------------
interface SiteResult {
  site: PeerSite;
  times: Record<ToolId, number[]>;
  requests: Record<ToolId, number[]>;
  failures: string[];
  outputs?: SiteOutputs;
  last: Partial<Record<ToolId, ToolRun>>;
}
const results: SiteResult[] = [];

console.log(`\n## Runs\n`);
for (const s of sites) {
  const served: ServedResponse[] = [];
  const site = await startFixtureSite(recordResponses(withRootAlias(s), served));
  const pageUrl = `${site.url}${s.path}`;
  const r: SiteResult = {
    site: s,
    times: { citable: [], 'aiseo-audit': [], 'agent-readability': [] },
    requests: { citable: [], 'aiseo-audit': [], 'agent-readability': [] },
    failures: [],
    last: {},
  };
  const wire: Partial<Record<ToolId, WireLog>> = {};
  for (let round = 0; round <= RUNS; round++) {
    // Round 0 warms the file cache and is not counted; later rounds rotate the order of the tools.
    const order = tools.map((_, i) => tools[(i + round) % tools.length]!);
    for (const tool of order) {
      const requestsBefore = site.requests.length;
      const servedBefore = served.length;
      const run = await runTool(tool, pageUrl, site.url, { guardLog: guardLog(tool.id), home, timeoutMs: TIMEOUT_MS });
      if (run.json === undefined) {
        r.failures.push(`${tool.label} round ${round}: exit ${run.code}, ${run.stderr.trim().slice(0, 200)}`);
        continue;
      }
      if (round === 0) continue;
      r.times[tool.id].push(run.ms);
      r.requests[tool.id].push(site.requests.length - requestsBefore);
      r.last[tool.id] = run;
      const pageFetches = served
        .slice(servedBefore)
        .filter((x) => x.path === s.path || x.path === '/')
        .map((x) => ({ ua: x.ua, status: x.status, accept: x.accept }));
      wire[tool.id] = { pageFetches };
    }
  }
  // The page and site files as a browser gets them, to explain verdicts (not part of any tool's run).
  const get = async (p: string) => {
    const res = await fetch(`${site.url}${p}`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36' } });
    return { status: res.status, body: await res.text() };
  };
  const page = await get(s.path);
  const robots = await get('/robots.txt');
  const llms = await get('/llms.txt');
  await site.close();

  const ours = r.last.citable?.json as OurAudit | undefined;
  if (ours) {
    r.outputs = {
      site: s.name,
      pageUrl,
      ours,
      aiseo: r.last['aiseo-audit']?.json as AiseoReport | undefined,
      vercel: r.last['agent-readability']?.json as VercelReport | undefined,
      wire,
      served: readServedPage(page.body, robots, llms.status === 200 ? llms.body : null),
    };
  }
  if (saveDir) for (const [id, run] of Object.entries(r.last)) writeFileSync(path.join(saveDir, `${s.name}.${id}.json`), run.stdout);
  const line = tools.map((t) => `${t.label} ${ms(r.times[t.id].length ? median(r.times[t.id]) : undefined)}`).join(', ');
  console.log(`- ${s.name}: ${line}${r.failures.length ? `; FAILURES: ${r.failures.join('; ')}` : ''}`);
  results.push(r);
}

// ---- Timing table -----------------------------------------------------------------------------------------
const med = (r: SiteResult, id: ToolId) => (r.times[id].length ? median(r.times[id]) : undefined);
const medMin = (r: SiteResult, id: ToolId) =>
  r.times[id].length ? `${Math.round(median(r.times[id]))} (${Math.round(Math.min(...r.times[id]))})` : '–';
console.log(`\n## Wall time per audit, ms: median of ${RUNS} (fastest run in brackets); whole process, spawn to exit\n`);
console.log(
  `| site | ${tools.map((t) => t.label).join(' | ')} | fastest peer | Citable faster by | requests per audit (${tools.map((t) => t.label).join(' / ')}) |`,
);
console.log(`|---|${tools.map(() => '---:').join('|')}|---|---:|---|`);
const ratios: number[] = [];
for (const r of results) {
  const ours = med(r, 'citable');
  const peerMedians = peers.map((p) => ({ p, m: med(r, p.id) })).filter((x) => x.m !== undefined) as { p: Tool; m: number }[];
  const fastest = peerMedians.sort((a, b) => a.m - b.m)[0];
  const ratio = fastest && ours ? fastest.m / ours : undefined;
  if (ratio) ratios.push(ratio);
  console.log(
    `| ${r.site.name} | ${tools.map((t) => medMin(r, t.id)).join(' | ')} | ${fastest?.p.label ?? '–'} | ${ratio ? `${ratio.toFixed(2)}x` : '–'} | ${tools.map((t) => (r.requests[t.id].length ? median(r.requests[t.id]) : '–')).join(' / ')} |`,
  );
}
const pooled = (id: ToolId) => {
  const all = results.flatMap((r) => r.times[id]);
  return all.length ? median(all) : undefined;
};
const oursPooled = pooled('citable')!;
const fastestPooled = peers
  .map((p) => ({ p, m: pooled(p.id) }))
  .filter((x) => x.m !== undefined)
  .sort((a, b) => a.m! - b.m!)[0];
const worstRatio = ratios.length ? Math.min(...ratios) : NaN;
const geoRatio = ratios.length ? Math.exp(ratios.reduce((n, x) => n + Math.log(x), 0) / ratios.length) : NaN;
console.log(
  `| **all runs pooled** | ${tools.map((t) => `**${pooled(t.id) === undefined ? '–' : Math.round(pooled(t.id)!)}**`).join(' | ')} | ${fastestPooled?.p.label ?? '–'} | **${fastestPooled ? (fastestPooled.m! / oursPooled).toFixed(2) : '–'}x** | |`,
);
console.log(
  `\nCitable vs the fastest peer per site: worst ${worstRatio.toFixed(2)}x, geometric mean ${geoRatio.toFixed(2)}x (target: at least 2x on every site).`,
);
console.log(`\n${CACHE_NOTE}`);

// ---- Network attempts outside loopback --------------------------------------------------------------------
console.log(`\n## Requests outside 127.0.0.1 (blocked by the loopback guard, so none could wait on the network)\n`);
const attempts: Record<string, number> = {};
for (const tool of allTools) {
  const file = guardLog(tool.id);
  const lines = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : [];
  attempts[tool.id] = lines.length;
  const hosts = new Map<string, number>();
  for (const l of lines) {
    const { kind, host } = JSON.parse(l) as { kind: string; host: string };
    hosts.set(`${kind} ${host}`, (hosts.get(`${kind} ${host}`) ?? 0) + 1);
  }
  console.log(`- ${tool.label}: ${lines.length ? [...hosts].map(([h, n]) => `${h} (${n}x)`).join(', ') : 'none'}`);
}

// ---- Checks each tool performs ----------------------------------------------------------------------------
const outputs = results.map((r) => r.outputs).filter((o): o is SiteOutputs => !!o);
const ourRules = ALL_RULES.map((r) => r.id);
const ourExtra = ['builder', 'signals.webmcp', 'signals.agent_discovery', CRAWLER_TABLE];
const agents = outputs[0]?.ours.crawlers.length ?? 0;
const aiseoNames = aiseoCheckNames(outputs.map((o) => o.aiseo).filter((x): x is AiseoReport => !!x));
const vercelNames = vercelCheckNames(outputs.map((o) => o.vercel).filter((x): x is VercelReport => !!x));
const ourCount = ourRules.length + 3;
console.log(`\n## Checks performed\n`);
console.log(
  `Citable: ${ourRules.length} rules (ALL_RULES) + 3 signals (builder, WebMCP, agent discovery) = **${ourCount}**, judged with a table of ${agents} AI agents (robots.txt verdict each; live probes as OAI-SearchBot, ChatGPT-User, GPTBot and Claude-User). ` +
    `aiseo-audit: **${aiseoNames.length}** factors; @vercel/agent-readability: **${vercelNames.length}** checks (names read from their JSON in this run).\n`,
);
console.log('| theme | Citable | aiseo-audit | Vercel |');
console.log('|---|---|---|---|');
for (const row of themeTable({
  ours: { rules: ourRules, extra: ourExtra, crawlerAgents: agents },
  aiseo: aiseoNames,
  vercel: vercelNames,
})) {
  const c = (xs: string[]) => (xs.length ? `${xs.filter((x) => x !== CRAWLER_TABLE).length}: ${xs.join(', ')}` : '–');
  console.log(`| ${cell(row.theme)} | ${cell(c(row.ours))} | ${cell(c(row.aiseo))} | ${cell(c(row.vercel))} |`);
}

// ---- Verdict differences ----------------------------------------------------------------------------------
console.log(`\n## Where the verdicts differ (from each tool's JSON in the last measured round)\n`);
console.log('Levels: ok < notice < problem; n/c = the tool has no such check; info = a finding that is neither good nor bad.\n');
console.log('| site | scores (Citable / aiseo-audit / Vercel) |');
console.log('|---|---|');
for (const o of outputs) {
  const sc = scores(o);
  console.log(`| ${o.site} | ${sc.citable} / ${sc['aiseo-audit']} / ${sc['agent-readability']} |`);
}
const diffs: Difference[] = outputs.flatMap((o) => differences(o));
console.log('\n| site | topic | Citable | aiseo-audit | Vercel | why |');
console.log('|---|---|---|---|---|---|');
const v = (x: { level: string; text: string }) => cell(`**${x.level}**: ${x.text}`);
// The same finding on several sites (e.g. the llms.txt they share) is one row naming all of them.
const rows = new Map<string, { sites: string[]; d: Difference }>();
for (const d of diffs) {
  const key = JSON.stringify([d.topic, d.verdicts, d.why]);
  const row = rows.get(key);
  if (row) row.sites.push(d.site);
  else rows.set(key, { sites: [d.site], d });
}
for (const { sites: names, d } of rows.values()) {
  console.log(
    `| ${names.join(', ')} | ${d.topic} | ${v(d.verdicts.citable)} | ${v(d.verdicts['aiseo-audit'])} | ${v(d.verdicts['agent-readability'])} | ${cell(d.why.join('; ') || fallbackWhy(d))} |`,
  );
}
/** When no explanation's premise holds: say which peers lack the check, or that the levels simply differ. */
function fallbackWhy(d: Difference): string {
  const without = peers.filter((p) => ['n/c', 'skipped'].includes(d.verdicts[p.id].level)).map((p) => p.label);
  const parts = [];
  if (d.kind === 'disagree') parts.push('the tools weigh the same finding differently (see the verdicts)');
  if (d.kind === 'detail') parts.push('same level, different detail (see the verdicts)');
  if (without.length)
    parts.push(
      `${without.join(' and ')} ${without.length > 1 ? 'have' : 'has'} no such check${d.kind === 'peer skipped' ? ' that ran' : ''}`,
    );
  return parts.join('; ');
}
const RANKED = ['ok', 'notice', 'problem'];
const disagreeing = (peer: ToolId) =>
  diffs.filter(
    (d) =>
      RANKED.includes(d.verdicts[peer].level) &&
      RANKED.includes(d.verdicts.citable.level) &&
      d.verdicts[peer].level !== d.verdicts.citable.level,
  );
const lacking = (peer: ToolId) => diffs.filter((d) => ['n/c', 'skipped'].includes(d.verdicts[peer].level));
console.log(
  `\nDifferences: ${diffs.length} (site, topic) pairs over ${outputs.length} sites. ` +
    peers
      .map((p) => `${p.label}: a different level from Citable's on ${disagreeing(p.id).length}, no such check on ${lacking(p.id).length}`)
      .join('; ') +
    '.',
);

// ---- Result line ------------------------------------------------------------------------------------------
const figures: BenchFigure[] = [
  figure('Citable audit, whole process (median, all sites)', oursPooled, 'ms'),
  ...peers.map((p) => figure(`${p.label} audit, whole process (median, all sites)`, pooled(p.id) ?? NaN, 'ms')),
  figure('Citable faster than the fastest peer, worst site', worstRatio, 'x', { min: 2 }),
  figure('Citable faster than the fastest peer, geometric mean over sites', geoRatio, 'x', { min: 2 }),
  {
    label: 'checks: Citable / aiseo-audit / Vercel',
    value: `${ourCount} / ${aiseoNames.length} / ${vercelNames.length}`,
    target: 'Citable more than each peer',
    ok: ourCount > aiseoNames.length && ourCount > vercelNames.length,
  },
  { label: 'verdict differences found (sites × topics)', value: diffs.length, ok: null },
  ...allTools.map((t) => ({
    label: `${t.label}: connection attempts outside 127.0.0.1 (refused by the guard)`,
    value: attempts[t.id] ?? 0,
    ok: null,
  })),
];
const notes = [
  `${results.length} sites, ${RUNS} measured rounds each (tools alternate), 1 warm-up round discarded; load average at start ${load.map((l) => l.toFixed(2)).join(' / ')}.`,
  'Vercel audits a site, not a page: it is given the origin and samples pages from /sitemap.xml (or /docs..., /); on sites without a sitemap, / serves the audited page.',
  CACHE_NOTE,
  ...preflightNotes,
  ...results.flatMap((r) => r.failures.map((f) => `${r.site.name}: ${f}`)),
];
rmSync(home, { recursive: true, force: true });
printBenchResult({ name: 'peers', figures, notes });
