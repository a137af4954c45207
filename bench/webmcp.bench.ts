/**
 * WebMCP static detector throughput. Builds multi-MB minified bundles from real production code
 * shipped in node_modules (Playwright's Vite-built report and trace viewer, esbuild-minified
 * TypeScript), plants registrations near the start, middle and end (the worst case: the lexical
 * pass must run to the last hit), and times `webmcpSignal` over a snapshot holding them.
 * Run: npx tsx bench/webmcp.bench.ts   (prints MB/s, median of runs; the target is >= 20 MB/s)
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { JudgeContext } from '../shared/judge/context.js';
import { scanScript } from '../shared/webmcp/script/scan-script.js';
import { webmcpSignal } from '../shared/webmcp/signal.js';
import type { GatheredScript } from '../shared/types/index.js';
import { resource, snapshot } from '../tests/helpers/snapshot.js';
import { figure, printBenchResult, type BenchFigure } from './lib/bench-result.js';

const MB = 1024 * 1024;
const BUNDLE_BYTES = 3 * MB;
const RUNS = 15;
const require = createRequire(import.meta.url);

const playwrightAssets = ['htmlReport/report.js', 'traceViewer/assets/'].flatMap((p) => {
  const dir = join(process.cwd(), 'node_modules/playwright-core/lib/vite', p);
  if (!p.endsWith('/')) return [readFileSync(dir, 'utf8')];
  return ['defaultSettingsView-BQT9Z6FV.js', 'codeMirrorModule-DNqxPF-E.js', 'xtermModule-Cv6bi7od.js'].flatMap((f) => {
    try {
      return [readFileSync(join(dir, f), 'utf8')];
    } catch {
      return [];
    }
  });
});
const typescriptMin = transformSync(readFileSync(require.resolve('typescript'), 'utf8'), { minify: true }).code;

const REGISTRATION = (n: number) =>
  `;(async()=>{const t=document.modelContext;if(!t)return;await t.registerTool({name:"tool_${n}",description:"Tool number ${n}",` +
  `inputSchema:{type:"object",properties:{q:{type:"string"}}},async execute({q:e}){return{content:[{type:"text",text:\`\${e}\`}]}}},{signal:new AbortController().signal})})();`;

/**
 * Whole files of `pieces`, cycled until at least `size` bytes, with `plants` spread over the file
 * boundaries and the last one at the very end (whole files keep planted code in code, not mid-string).
 */
function bundle(pieces: string[], size: number, plants: string[]): string {
  const files: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const file = pieces[i % pieces.length]!;
    files.push(file);
    length += file.length + 2;
  }
  const parts: string[] = [];
  files.forEach((file, i) => {
    parts.push(file, ';\n');
    const slot = Math.floor(((i + 1) * plants.length) / files.length) - Math.floor((i * plants.length) / files.length);
    for (let k = 0; k < slot; k++) parts.push(plants.shift()!);
  });
  return parts.join('') + plants.join('');
}

const bundles: Record<string, string> = {
  'app bundle (Playwright assets) with 3 registrations': bundle(playwrightAssets, BUNDLE_BYTES, [0, 1, 2].map(REGISTRATION)),
  'TypeScript minified with a registration at the end': bundle([typescriptMin], BUNDLE_BYTES, [REGISTRATION(9)]),
  'vendor bundle without WebMCP tokens': bundle([typescriptMin], BUNDLE_BYTES, []),
};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(run: () => unknown): number {
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = performance.now();
    run();
    if (i >= 2) samples.push(performance.now() - t0); // two warm-up runs
  }
  return median(samples);
}

const origin = { type: 'external-script' as const, url: 'https://bench.example/assets/index.js' };
const figures: BenchFigure[] = [];
for (const [name, src] of Object.entries(bundles)) {
  const found = scanScript(src, origin).filter((e) => e.registers).length;
  const ms = time(() => scanScript(src, origin));
  console.log(
    `${name}: ${(src.length / MB).toFixed(2)} MB, ${found} registrations, ${ms.toFixed(1)} ms, ${(src.length / MB / (ms / 1000)).toFixed(0)} MB/s`,
  );
  figures.push(figure(`scanScript: ${name}`, src.length / MB / (ms / 1000), 'MB/s', { min: 20 }));
}

// The whole signal over a page referencing all three bundles.
const scripts: GatheredScript[] = Object.values(bundles).map((body, i) => {
  const url = `https://bench.example/assets/chunk-${i}.js`;
  return { url, via: 'script', sameOrigin: true, resource: resource(url, body, { headers: { 'content-type': 'text/javascript' } }) };
});
const html = `<!doctype html><html><head>${scripts.map((s) => `<script src="${s.url}"></script>`).join('')}</head><body><h1>Shop</h1></body></html>`;
const total = Object.values(bundles).reduce((n, b) => n + b.length, 0);
const snap = snapshot(html, { requestedUrl: 'https://bench.example/', scripts });
const signal = webmcpSignal(new JudgeContext(snap));
const ms = time(() => webmcpSignal(new JudgeContext(snap)));
console.log(
  `webmcpSignal over ${(total / MB).toFixed(1)} MB of script: status ${signal.status}, ${signal.evidence.length} evidence, ` +
    `median ${ms.toFixed(1)} ms of ${RUNS} runs => ${(total / MB / (ms / 1000)).toFixed(0)} MB/s`,
);
figures.push(
  figure(`webmcpSignal over ${(total / MB).toFixed(1)} MB of script (status ${signal.status})`, total / MB / (ms / 1000), 'MB/s', {
    min: 20,
  }),
);
printBenchResult({ name: 'webmcp', figures });
