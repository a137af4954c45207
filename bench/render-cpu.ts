/**
 * Where a render's CPU goes: renders one scripted page N times through the renderer host (as render.bench.ts
 * does) and reads, from /proc, the CPU of every process the run started: the browser process, the zygote and
 * the renderers it reaps, the GPU and network processes, and this Node process (Playwright and the guarded
 * proxies). Prints one JSON line: renders per second, CPU milliseconds per render and their split, the load.
 * Run: npx tsx bench/render-cpu.ts   N=100 sets the renders; EXTRA_ARGS="--flag --flag2" adds Chromium switches
 * (to compare them; RENDER_CONCURRENCY as for the server). Linux only (/proc).
 */
import { readFileSync } from 'node:fs';
import { startFixtureSite } from '../tests/helpers/fixture-server.js';
import { descendantsOf } from './lib/process-memory.js';
import { RENDER_ARGS } from '../server/render/render-browser.js';
import { createRenderHost } from '../server/render/render-host.js';
import { readRenderSettings } from '../server/settings/render-settings.js';

const extra = (process.env.EXTRA_ARGS ?? '').split(' ').filter(Boolean);
// An experiment's switches join the host's own for this process only.
(RENDER_ARGS as string[]).push(...extra);
const N = Number(process.env.N ?? 100);
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Render bench page</title>
<meta name="description" content="A page."><script src="/app.js" defer></script></head>
<body><main><h1>Render bench page</h1>${'<p>Words the server sends for every reader to count. </p>'.repeat(100)}
<div id="app"></div></main></body></html>`;
const APP = `document.getElementById('app').innerHTML = ${JSON.stringify('<h2>Added</h2>' + '<p>Words only a browser sees. <a href="/more">more</a></p>'.repeat(100))};`;

interface Proc {
  label: string;
  /** CPU ms of the process itself, and of the children it has reaped. */
  own: number;
  reaped: number;
}

/** "renderer", "gpu-process", "utility:NetworkService"... from a Chromium command line; "browser" for the browser itself. */
function labelOf(cmd: string): string {
  const type = /--type=([a-z-]+)/.exec(cmd)?.[1];
  const sub = /--utility-sub-type=([\w.]+)/.exec(cmd)?.[1];
  if (type) return type + (sub ? ':' + sub.split('.').pop() : '');
  return /chrom|headless/.test(cmd) ? 'browser' : 'other';
}

function readProc(pid: string): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const label = labelOf(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    // utime, stime, cutime, cstime in clock ticks (100 per second on Linux).
    return { label, own: (Number(f[11]) + Number(f[12])) * 10, reaped: (Number(f[13]) + Number(f[14])) * 10 };
  } catch {
    return null; // gone between the listing and the read
  }
}

/** CPU ms so far per process kind, over this process's descendants, and this process's own as "node". */
function cpuByKind(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const pid of descendantsOf(process.pid)) {
    const p = readProc(String(pid));
    if (!p) continue;
    out[p.label] = (out[p.label] ?? 0) + p.own;
    out[`reaped-by-${p.label}`] = (out[`reaped-by-${p.label}`] ?? 0) + p.reaped;
  }
  const usage = process.cpuUsage();
  out.node = (usage.user + usage.system) / 1000;
  return out;
}

const site = await startFixtureSite({ '/': { body: PAGE }, '/app.js': { body: APP, headers: { 'content-type': 'text/javascript' } } });
const settings = readRenderSettings({ ...process.env, AUDIT_ALLOW_PRIVATE: '1' });
const host = createRenderHost(settings, { allowPrivate: true });
for (let i = 0; i < 10; i++) await host.render(`${site.url}/`); // the browser started and warm
const before = cpuByKind();
const t0 = performance.now();
let started = 0;
const lane = async () => {
  while (started < N) {
    started++;
    await host.render(`${site.url}/`);
  }
};
await Promise.all(Array.from({ length: settings.concurrency }, lane));
const wall = performance.now() - t0;
const after = cpuByKind();
const split: Record<string, string> = {};
let total = 0;
for (const [kind, ms] of Object.entries(after)) {
  const per = (ms - (before[kind] ?? 0)) / N;
  if (per > 0.5) split[kind] = per.toFixed(1);
  if (per > 0) total += per;
}
const load = readFileSync('/proc/loadavg', 'utf8').trim();
console.log(
  JSON.stringify({
    extra,
    N,
    concurrency: settings.concurrency,
    perSec: ((N / wall) * 1000).toFixed(2),
    cpuMsPerRender: total.toFixed(1),
    split,
    load,
  }),
);
await host.close();
await site.close();
