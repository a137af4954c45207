// `npm run bench`: builds, runs every benchmark in bench/ as its own child process (output streamed),
// and writes BENCHMARKS.md: the machine, its load, and each benchmark's figures against their targets
// with the exact command to rerun it.
//
//   npm run bench                        # everything (about 10 minutes on 2 cores)
//   npm run bench -- --only engine,peers # some of them (the others keep their last figures in BENCHMARKS.md)
//   npm run bench -- --quick             # fewer runs, smaller data sets
//   npm run bench -- --out /tmp/B.md     # write elsewhere
//   npm run bench -- --render            # runs nothing: rewrites BENCHMARKS.md from its stored results
//                                        # (after merging two branches' data blocks by hand, say)
//
// Convention: a bench script prints its own lines and, last, one line
//   BENCH_RESULT {"name":"...","figures":[{"label":"...","value":1,"unit":"ms","target":"≤ 15 ms","ok":true}],"notes":[]}
// (helper: bench/lib/bench-result.ts). A script without that line still runs; its output is kept as is.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const PREFIX = 'BENCH_RESULT ';
const DATA_MARK = '<!-- bench-data ';
const TIMEOUT_MS = 10 * 60 * 1000;

// ---- Options ------------------------------------------------------------------------------------------
const argv = process.argv.slice(2);
const opt = (name) => {
  const i = argv.indexOf(name);
  if (i < 0) return undefined;
  const value = argv[i + 1];
  if (value === undefined || value.startsWith('--')) {
    console.error(`${name} needs a value (npm run bench -- --help)`);
    process.exit(2);
  }
  return value;
};
if (argv.includes('--help') || argv.includes('-h')) {
  console.log('usage: npm run bench -- [--only name,name] [--quick] [--out BENCHMARKS.md] [--render]');
  process.exit(0);
}
const quick = argv.includes('--quick');
const renderOnly = argv.includes('--render');
const only = renderOnly
  ? []
  : opt('--only')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
const outFile = path.resolve(root, opt('--out') ?? 'BENCHMARKS.md');

// ---- What to run --------------------------------------------------------------------------------------
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = () => (existsSync(CHROMIUM) ? null : `no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
const hasServices = () =>
  existsSync('/usr/lib/postgresql') && existsSync('/usr/bin/redis-server')
    ? null
    : 'PostgreSQL or Redis is not installed (apt-get install postgresql redis-server)';
const hasPackage = (name) =>
  existsSync(path.join(root, 'node_modules', name, 'package.json')) ? null : `the dev dependency ${name} is not installed`;
const firstOf = (...reasons) => reasons.find((r) => r) ?? null;

/**
 * Known benchmarks, in the order they run (cheap and CPU-bound first, the long server ones after).
 * `args`/`quickArgs` go to the script; `prepare` runs first (its time is not part of the figures);
 * `skip` returns a reason to skip, or null; `timeoutMs` replaces the 10-minute limit.
 */
const KNOWN = [
  { name: 'engine', file: 'bench/engine.bench.ts' },
  { name: 'webmcp', file: 'bench/webmcp.bench.ts' },
  // Hand-judged findings on 49 archived real pages: precision per rule, share disputed, wrong critical issues.
  { name: 'accuracy', file: 'bench/accuracy.bench.ts' },
  { name: 'fetcher', file: 'bench/fetcher.bench.ts' },
  { name: 'cli-audit', file: 'bench/cli-audit.bench.ts', args: [], quickArgs: ['5'] },
  // Edge probes: what agents "all" (20 probes) adds to an audit of a loopback page over the default sample (8).
  { name: 'probes', file: 'bench/probes.bench.ts', args: [], quickArgs: ['7'] },
  // Rendering: citable audit --render whole process, crawls with --render all and sample, RSS over 1,000 renders,
  // and Lighthouse's SEO audit of the same page side by side (skipped, saying so, without the devDependency).
  {
    name: 'render',
    file: 'bench/render.bench.ts',
    args: ['--renders', '1000'],
    quickArgs: ['--runs', '3', '--pages', '100', '--renders', '200'],
    skip: () => firstOf(hasChromium(), hasPackage('playwright-core')),
    timeoutMs: 20 * 60 * 1000,
  },
  // citable fix on a 1,000-page crawl seeded in a server's store: the whole process, and the server's share.
  { name: 'fixes', file: 'bench/fixes.bench.ts', args: [], quickArgs: ['3'] },
  {
    name: 'peers',
    file: 'bench/peers.bench.ts',
    args: ['--runs', '9'],
    quickArgs: ['--quick'],
    skip: () => firstOf(hasPackage('aiseo-audit'), hasPackage('@vercel/agent-readability')),
  },
  { name: 'store', file: 'bench/store.bench.ts', args: [], quickArgs: ['1000', '20000'] },
  { name: 'api', file: 'bench/api.bench.ts', args: [], quickArgs: ['20000', '5'], skip: () => hasPackage('autocannon') },
  // Operations: GET /metrics with 10,000 series, the cost of a scrape every 5 s, citable backup of 100,000 audits under load.
  {
    name: 'metrics',
    file: 'bench/metrics.bench.ts',
    args: [],
    quickArgs: ['10000', '20000', '5', '2'],
    skip: () => hasPackage('autocannon'),
  },
  // Reports: HTML render times, a PDF with a warm browser, and GET /audits/{id} while PDFs print (needs Chromium for the last two).
  { name: 'report', file: 'bench/report.bench.ts', args: [], quickArgs: ['20', '4'], skip: () => hasPackage('autocannon') },
  // Webhooks: event to first delivery attempt, 1,000 deliveries to a loopback receiver, GET /audits/{id} while deliveries run.
  { name: 'webhook', file: 'bench/webhook.bench.ts', args: [], quickArgs: ['30', '300', '3'], skip: () => hasPackage('autocannon') },
  // Site audits: citable crawl pages/s, the peers per page, peak RSS 10x pages, the API while the server crawls.
  {
    name: 'crawl',
    file: 'bench/crawl.bench.ts',
    args: [],
    quickArgs: ['300', '30', '5', '250', '1'],
    skip: () => firstOf(hasPackage('autocannon'), hasPackage('aiseo-audit'), hasPackage('@vercel/agent-readability')),
  },
  // A crawl's pages as CSV: GET /crawls/{id}/pages.csv of a 10,000-page crawl on the real server, streamed.
  { name: 'crawl-export', file: 'bench/crawl-export.bench.ts', args: [], quickArgs: ['2000', '3'] },
  // Access logs: citable logs lines/s against GoAccess on a generated 1 GB combined log, gzip, and peak RSS on 10 GB piped.
  { name: 'logs', file: 'bench/logs.bench.ts', args: [], quickArgs: ['100', '1'], timeoutMs: 30 * 60 * 1000 },
  // Traffic through the API on lowdb and PostgreSQL: GET /projects/{id}/traffic p99 over a year of rollups, uploads' lines/s against the CLI's.
  {
    name: 'traffic-api',
    file: 'bench/traffic-api.bench.ts',
    args: [],
    quickArgs: ['60', '50', '5000', '3', '32'],
    skip: () => hasPackage('autocannon'),
    timeoutMs: 30 * 60 * 1000,
  },
  { name: 'crawl-workers', file: 'bench/crawl-workers.bench.ts', args: [], quickArgs: ['300'], skip: hasServices },
  {
    name: 'api-postgres',
    file: 'bench/api-postgres.bench.ts',
    args: [],
    quickArgs: ['20000', '5'],
    skip: () => firstOf(hasServices(), hasPackage('autocannon')),
  },
  { name: 'store-postgres', file: 'bench/store-postgres.bench.ts', args: [], quickArgs: ['1000', '20000'], skip: hasServices },
  {
    name: 'citations',
    file: 'bench/citations.bench.ts',
    args: [],
    quickArgs: ['50', '60', '3', '100'],
    skip: () => hasPackage('autocannon'),
  },
  {
    name: 'citations-postgres',
    file: 'bench/citations-postgres.bench.ts',
    args: [],
    quickArgs: ['50', '60', '3', '100'],
    skip: () => firstOf(hasServices(), hasPackage('autocannon')),
  },
  {
    name: 'extension-click',
    file: 'bench/extension-click.bench.ts',
    env: {},
    quickEnv: { RUNS: '5' },
    skip: () => firstOf(hasChromium(), hasPackage('playwright-core'), hasPackage('wxt')),
  },
  {
    // The dashboard's first paint with 10,000 audits on the real server, sorting and filtering them (store build, headless Chromium).
    name: 'extension-dashboard',
    file: 'bench/extension-dashboard.bench.ts',
    env: {},
    quickEnv: { RUNS: '5' },
    skip: () => firstOf(hasChromium(), hasPackage('playwright-core'), hasPackage('wxt')),
  },
  {
    name: 'extension-size',
    file: 'bench/extension-size.ts',
    prepare: ['npx', ['wxt', 'build']],
    skip: () => hasPackage('wxt'),
  },
];

const benchDir = path.join(root, 'bench');
const present = new Set(readdirSync(benchDir).map((f) => `bench/${f}`));
// Any other *.bench.ts in bench/ runs too, with no arguments (a new benchmark needs no change here).
const extra = [...present]
  .filter((f) => f.endsWith('.bench.ts') && !KNOWN.some((k) => k.file === f))
  .sort()
  .map((file) => ({ name: path.basename(file, '.bench.ts'), file }));
const all = [...KNOWN.filter((k) => present.has(k.file)), ...extra];
if (only) {
  const unknown = only.filter((n) => !all.some((b) => b.name === n));
  if (unknown.length) {
    console.error(`unknown benchmark(s): ${unknown.join(', ')}; known here: ${all.map((b) => b.name).join(', ')}`);
    process.exit(2);
  }
}
const selected = only ? all.filter((b) => only.includes(b.name)) : all;

// ---- The machine --------------------------------------------------------------------------------------
function osName() {
  try {
    return /^PRETTY_NAME="?([^"\n]+)"?/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? `${os.type()} ${os.release()}`;
  } catch {
    return `${os.type()} ${os.release()}`;
  }
}
const machine = {
  cpu: os.cpus()[0]?.model?.trim() ?? 'unknown',
  cores: os.cpus().length,
  ramGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
  node: process.version,
  os: `${osName()} (${os.platform()} ${os.release()}, ${os.arch()})`,
};
/** The code measured: the commit, and whether the working tree differs from it (dist/ is built from the tree). */
function codeVersion() {
  const git = (...a) => spawnSync('git', a, { cwd: root, encoding: 'utf8' });
  const head = git('rev-parse', '--short', 'HEAD');
  if (head.status !== 0) return 'not a git checkout';
  const dirty = git('status', '--porcelain', '--untracked-files=no', '--', 'shared', 'server', 'extension', 'scripts', 'bin', 'bench')
    .stdout.split('\n')
    .filter(Boolean).length;
  return `commit ${head.stdout.trim()}${dirty ? ` plus uncommitted changes in ${dirty} tracked file(s) under shared/, server/, extension/, scripts/, bin/ or bench/` : ''}`;
}
machine.code = codeVersion();
const loadNow = () => os.loadavg().map((l) => Math.round(l * 100) / 100);
const startedAt = new Date();
const loadAtStart = loadNow();

console.log(`citable benchmarks: ${selected.map((b) => b.name).join(', ')}${quick ? ' (--quick)' : ''}`);
console.log(`machine: ${machine.cpu}, ${machine.cores} cores, ${machine.ramGb} GB RAM, Node ${machine.node}, ${machine.os}`);
console.log(
  `load average at start: ${loadAtStart.join(' / ')}${loadAtStart[0] > machine.cores * 0.5 ? ' (busy: figures will be noisy)' : ''}\n`,
);

// ---- Build --------------------------------------------------------------------------------------------
{
  const t0 = performance.now();
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('build failed (node scripts/build.mjs); no benchmark ran');
    process.exit(1);
  }
  console.log(`built dist/ in ${Math.round(performance.now() - t0)} ms\n`);
}

// ---- Run ----------------------------------------------------------------------------------------------
/** Runs a command, streaming its output with a prefix; resolves with its stdout and exit status. */
function run(cmd, args, { env = {}, label, timeoutMs = TIMEOUT_MS }) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    // Its own process group, so a timeout can end the benchmark and everything it started.
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    const stream = (target, sink) => {
      let partial = '';
      return (chunk) => {
        const text = chunk.toString('utf8');
        sink(text);
        const lines = (partial + text).split('\n');
        partial = lines.pop();
        for (const line of lines) if (!line.startsWith(PREFIX)) target.write(`[${label}] ${line}\n`);
      };
    };
    child.stdout.on(
      'data',
      stream(process.stdout, (t) => (stdout += t)),
    );
    child.stderr.on(
      'data',
      stream(process.stderr, (t) => (stderr += t)),
    );
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group already exited
      }
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, timedOut, stdout, stderr, ms: performance.now() - t0 });
    });
  });
}

const quote = (s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
const results = [];
for (const bench of selected) {
  const args = (quick ? bench.quickArgs : bench.args) ?? [];
  const env = { BENCH_SKIP_BUILD: '1', ...((quick ? bench.quickEnv : bench.env) ?? {}) };
  const shownEnv = Object.entries((quick ? bench.quickEnv : bench.env) ?? {})
    .map(([k, v]) => `${k}=${quote(v)} `)
    .join('');
  const command = `${bench.prepare ? `${[bench.prepare[0], ...bench.prepare[1]].join(' ')} && ` : ''}${shownEnv}npx tsx ${[bench.file, ...args].map(quote).join(' ')}`;
  const entry = { name: bench.name, file: bench.file, command, startedAt: new Date().toISOString(), loadAtStart: loadNow() };
  const skipReason = bench.skip?.() ?? null;
  if (skipReason) {
    console.log(`== ${bench.name}: skipped: ${skipReason}\n`);
    results.push({ ...entry, status: 'skipped', reason: skipReason });
    continue;
  }
  console.log(`== ${bench.name}: ${command}`);
  if (bench.prepare) {
    const prep = await run(bench.prepare[0], bench.prepare[1], { label: `${bench.name}:prepare` });
    if (prep.code !== 0) {
      results.push({
        ...entry,
        status: 'failed',
        reason: `${bench.prepare.flat().join(' ')} failed (exit ${prep.code})`,
        output: prep.stdout + prep.stderr,
      });
      continue;
    }
  }
  const res = await run(process.execPath, ['--import', 'tsx', bench.file, ...args], { env, label: bench.name, timeoutMs: bench.timeoutMs });
  const resultLine = res.stdout
    .split('\n')
    .reverse()
    .find((l) => l.startsWith(PREFIX));
  let result = null;
  let parseError = null;
  if (resultLine) {
    try {
      result = JSON.parse(resultLine.slice(PREFIX.length));
    } catch (error) {
      parseError = `unreadable BENCH_RESULT line: ${error.message}`;
    }
  }
  const output = res.stdout
    .split('\n')
    .filter((l) => !l.startsWith(PREFIX))
    .join('\n')
    .trim();
  const failed = res.code !== 0 || res.timedOut;
  const status = failed ? 'failed' : 'ok';
  const reason = res.timedOut
    ? `timed out after ${(bench.timeoutMs ?? TIMEOUT_MS) / 60000} min`
    : failed
      ? `exit ${res.code ?? res.signal}: ${res.stderr.trim().split('\n').slice(-3).join(' ')}`
      : (parseError ?? (result ? null : 'printed no BENCH_RESULT line; see its output'));
  results.push({
    ...entry,
    status,
    reason,
    seconds: Math.round(res.ms / 100) / 10,
    result,
    output,
    stderrTail: failed ? res.stderr.trim().split('\n').slice(-20).join('\n') : undefined,
  });
  console.log(`== ${bench.name}: ${status} in ${(res.ms / 1000).toFixed(1)} s${reason ? ` (${reason})` : ''}\n`);
}

// ---- BENCHMARKS.md ------------------------------------------------------------------------------------
// A partial run (--only) keeps the other benchmarks' last results, read back from the data block of the file.
let previous = [];
if (only && existsSync(outFile)) {
  const text = readFileSync(outFile, 'utf8');
  const at = text.lastIndexOf(DATA_MARK);
  if (at >= 0) {
    try {
      previous = JSON.parse(text.slice(at + DATA_MARK.length, text.indexOf(' -->', at))).benchmarks ?? [];
    } catch {
      previous = [];
    }
  }
}
const ran = new Set(results.map((r) => r.name));
const kept = previous.filter((p) => !ran.has(p.name)).map((p) => ({ ...p, kept: true }));
const order = all.map((b) => b.name);
const benchmarks = [...results, ...kept].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
const loadAtEnd = loadNow();

/**
 * A benchmark's output inside BENCHMARKS.md: as Markdown when it prints Markdown tables (headings demoted
 * below the file's own, a blank line before each table, plain lines kept apart), else as a code block.
 */
function renderOutput(text) {
  const lines = text.split('\n');
  if (!lines.some((l) => /^\|\s*:?-{3,}/.test(l))) return ['```', text, '```'].join('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i].replace(/\s+$/, '');
    const prev = out[out.length - 1] ?? '';
    const isRow = line.startsWith('|');
    if (isRow && prev && !prev.startsWith('|')) out.push('');
    if (/^#{1,4} /.test(line)) line = `##${line}`;
    else if (line && !isRow && !/^[-*] /.test(line) && (lines[i + 1] ?? '').trim()) line += '  ';
    if (!isRow && prev.startsWith('|') && line) out.push('');
    out.push(line);
  }
  return out.join('\n');
}

const esc = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');
const fmtValue = (f) =>
  typeof f.value === 'number' && !Number.isFinite(f.value)
    ? 'n/a'
    : `${typeof f.value === 'number' ? f.value.toLocaleString('en') : f.value}${f.unit ? ` ${f.unit}` : ''}`;
const verdict = (f) => (f.ok === true ? 'met' : f.ok === false ? '**NOT met**' : '–');
const busy = loadAtStart[0] > machine.cores * 0.5;

const md = [];
md.push('# Benchmarks', '');
md.push(
  `Written by \`npm run bench${argv.length ? ` -- ${argv.map(quote).join(' ')}` : ''}\` (scripts/bench.mjs) on ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC. ` +
    'Each benchmark runs as its own process; rerun one with the command under its heading. ' +
    'Figures are medians unless a line says otherwise.',
  '',
);
md.push('## Machine', '');
md.push('| | |', '|---|---|');
md.push(`| CPU | ${esc(machine.cpu)}, ${machine.cores} cores |`);
md.push(`| RAM | ${machine.ramGb} GB |`);
md.push(`| Node | ${machine.node} |`);
md.push(`| OS | ${esc(machine.os)} |`);
// A rewrite ran nothing: the code and the load of each run are under its own heading.
if (!renderOnly) {
  md.push(`| code | ${esc(machine.code)} |`);
  md.push(`| load average (1 / 5 / 15 min) | at start ${loadAtStart.join(' / ')}; at end ${loadAtEnd.join(' / ')} |`);
}
md.push('');
md.push(
  renderOnly
    ? '> Benchmarks on a busy machine are noisy: check the load average under each heading before comparing figures.'
    : busy
      ? `> **The machine was busy** (1-minute load ${loadAtStart[0]} on ${machine.cores} cores at the start): other processes competed for the CPU and the disk, so absolute figures are noisy and usually pessimistic. Ratios measured in alternation (peers, store growth) suffer less. Re-measure on a quiet machine before quoting a figure.`
      : '> Benchmarks on a busy machine are noisy: check the load average above before comparing figures between runs.',
  '',
);
if (kept.length)
  md.push(
    renderOnly
      ? '> Rewritten from stored results (`--render`): every figure comes from an earlier run (its date is under each heading).'
      : `> Partial run (\`--only ${only.join(',')}\`): ${kept.map((k) => k.name).join(', ')} show their figures from an earlier run (their date is under each heading).`,
    '',
  );

md.push('## Summary', '');
md.push('| benchmark | figure | value | target | |', '|---|---|---:|---|---|');
for (const b of benchmarks) {
  if (b.status === 'skipped') {
    md.push(`| ${b.name} | skipped: ${esc(b.reason)} | | | |`);
    continue;
  }
  if (!b.result) {
    md.push(`| ${b.name} | ${b.status === 'failed' ? `**failed**: ${esc(b.reason)}` : esc(b.reason ?? 'no figures')} | | | |`);
    continue;
  }
  for (const f of b.result.figures)
    md.push(`| ${b.name} | ${esc(f.label)} | ${esc(fmtValue(f))} | ${esc(f.target ?? '')} | ${verdict(f)} |`);
  if (b.status === 'failed') md.push(`| ${b.name} | **failed**: ${esc(b.reason)} | | | |`);
}
md.push('');

for (const b of benchmarks) {
  md.push(`## ${b.name}`, '');
  md.push(`Rerun: \`${b.command}\``, '');
  const when = `${b.startedAt.slice(0, 16).replace('T', ' ')} UTC, load average ${b.loadAtStart.join(' / ')}`;
  if (b.status === 'skipped') {
    md.push(`Skipped (${when}): ${b.reason}.`, '');
    continue;
  }
  md.push(
    `${b.status === 'ok' ? 'Ran' : '**Failed**'} ${when}, ${b.seconds} s${b.kept ? ' (kept from an earlier run)' : ''}${b.reason ? `. ${b.reason}` : ''}.`,
    '',
  );
  for (const n of b.result?.notes ?? []) md.push(`- ${n}`);
  if (b.result?.notes?.length) md.push('');
  if (b.output) md.push('<details><summary>Output</summary>', '', renderOutput(b.output), '', '</details>', '');
  if (b.stderrTail) md.push('<details><summary>Error output (last lines)</summary>', '', '```', b.stderrTail, '```', '', '</details>', '');
}
md.push(`${DATA_MARK}${JSON.stringify({ benchmarks: benchmarks.map(({ kept: _k, ...b }) => b) }).replace(/-->/g, '--\\>')} -->`, '');
writeFileSync(outFile, md.join('\n'));

const failed = results.filter((r) => r.status === 'failed');
console.log(
  `wrote ${path.relative(process.cwd(), outFile) || outFile}: ${results.filter((r) => r.status === 'ok').length} ran, ${results.filter((r) => r.status === 'skipped').length} skipped, ${failed.length} failed`,
);
process.exit(failed.length ? 1 : 0);
