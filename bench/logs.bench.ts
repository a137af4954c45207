/**
 * `citable logs` against GoAccess on the same synthetic nginx combined log (bench/lib/log-synth.ts, fixed seed),
 * side by side in one run:
 *  - lines per second of the built `citable logs FILE --json` (whole process) on SIZE_MB of plain log, and of
 *    `goaccess FILE --log-format=COMBINED -o report.json`: Citable at least 3 times GoAccess;
 *  - lines per second on the same log gzipped, and the share of that time spent decompressing (the same file
 *    through Node's gunzip alone);
 *  - peak RSS of `citable logs - --json` reading STREAM_GB generated on the fly through a pipe (never written to
 *    disk), within 10% of its peak RSS on SIZE_MB read the same way (and, for reference, on the SIZE_MB file).
 *
 *   npx tsx bench/logs.bench.ts [sizeMb=1024] [streamGb=10]
 */
import { execFileSync, spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';
import { figure, printBenchResult, type BenchFigure } from './lib/bench-result.js';
import { writeLog } from './lib/log-synth.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const SIZE_MB = Number(process.argv[2] ?? 1024);
const STREAM_GB = Number(process.argv[3] ?? 10);
const MAX_RSS = path.join(root, 'bench/lib/max-rss.cjs');
const CLI = path.join(root, 'dist/citable.cjs');
const DIR = path.join(os.tmpdir(), 'citable-logs-bench');
const GOACCESS = '/usr/bin/goaccess';

if (process.env.BENCH_SKIP_BUILD !== '1') execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });

interface Run {
  seconds: number;
  code: number | null;
  stdout: string;
  maxRssMb: number | null;
}

/** Runs a command to its end; `stdinFrom` pipes another command's stdout into it. */
function run(cmd: string, args: string[], stdinFrom?: { cmd: string; args: string[] }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { cwd: root, stdio: [stdinFrom ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    if (stdinFrom) {
      const feeder = spawn(stdinFrom.cmd, stdinFrom.args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
      feeder.stdout.pipe(child.stdin!);
      feeder.on('error', reject);
    }
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const rss = /MAX_RSS_KB (\d+)/.exec(stderr);
      if (code !== 0) process.stderr.write(stderr.slice(-2000));
      resolve({ seconds: (performance.now() - t0) / 1000, code, stdout, maxRssMb: rss ? Number(rss[1]) / 1024 : null });
    });
  });
}

async function ensureLog(file: string, bytes: number): Promise<void> {
  if (existsSync(file) && statSync(file).size >= bytes) return;
  const t0 = performance.now();
  const r = await writeLog(createWriteStream(file), bytes);
  console.log(
    `generated ${file}: ${(r.bytes / 1048576).toFixed(0)} MB, ${r.lines.toLocaleString('en')} lines in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

function ensureGzip(file: string): string {
  const gz = `${file}.gz`;
  if (!existsSync(gz)) execFileSync('sh', ['-c', `gzip -1 -c '${file}' > '${gz}.part' && mv '${gz}.part' '${gz}'`]);
  return gz;
}

async function gunzipSeconds(gz: string): Promise<number> {
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    const stream = createReadStream(gz, { highWaterMark: 1 << 20 }).pipe(createGunzip({ chunkSize: 256 * 1024 }));
    stream.on('data', () => {});
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  return (performance.now() - t0) / 1000;
}

const citable = (input: string) => [
  '-r', MAX_RSS, CLI, 'logs', input, '--json',
]; // prettier-ignore
const linesOf = (r: Run) => (JSON.parse(r.stdout) as { traffic: { lines: number } }).traffic.lines;
const perSecond = (lines: number, seconds: number) => Math.round(lines / seconds);

async function main(): Promise<void> {
  await mkdir(DIR, { recursive: true });
  const file = path.join(DIR, `access-${SIZE_MB}mb.log`);
  await ensureLog(file, SIZE_MB * 1048576);
  const gz = ensureGzip(file);
  const figures: BenchFigure[] = [];
  const notes: string[] = [];

  const plain = await run(process.execPath, citable(file));
  if (plain.code !== 0) throw new Error('citable logs failed on the plain file');
  const lines = linesOf(plain);
  const ours = perSecond(lines, plain.seconds);
  console.log(
    `citable logs (plain, ${SIZE_MB} MB, ${lines.toLocaleString('en')} lines): ${plain.seconds.toFixed(1)} s, ${ours.toLocaleString('en')} lines/s, peak RSS ${plain.maxRssMb?.toFixed(0)} MB`,
  );

  let theirs: number | null = null;
  if (existsSync(GOACCESS)) {
    const report = path.join(DIR, 'goaccess.json');
    const ga = await run(GOACCESS, [file, '--log-format=COMBINED', '--no-global-config', '--no-progress', '-o', report]);
    theirs = perSecond(lines, ga.seconds);
    console.log(`goaccess (same file): ${ga.seconds.toFixed(1)} s, ${theirs.toLocaleString('en')} lines/s`);
  } else notes.push('goaccess is not installed (apt-get install goaccess): no comparison.');

  const zipped = await run(process.execPath, citable(gz));
  const zippedRate = perSecond(linesOf(zipped), zipped.seconds);
  const unzip = await gunzipSeconds(gz);
  console.log(
    `citable logs (gzip): ${zipped.seconds.toFixed(1)} s, ${zippedRate.toLocaleString('en')} lines/s; gunzip alone ${unzip.toFixed(1)} s`,
  );

  const piped = async (bytes: number, label: string) => {
    const r = await run(process.execPath, citable('-'), {
      cmd: process.execPath,
      args: ['--import', 'tsx', 'bench/lib/log-synth-cli.ts', String(bytes)],
    });
    if (r.code !== 0) throw new Error(`citable logs failed on the ${label} stream`);
    console.log(
      `citable logs - (${label} piped, ${linesOf(r).toLocaleString('en')} lines): ${r.seconds.toFixed(1)} s, peak RSS ${r.maxRssMb?.toFixed(0)} MB`,
    );
    return r;
  };
  const small = await piped(SIZE_MB * 1048576, `${SIZE_MB} MB`);
  const streamed = await piped(Math.round(STREAM_GB * 1024 ** 3), `${STREAM_GB} GB`);
  const streamedLines = linesOf(streamed);

  figures.push(figure(`citable logs, ${SIZE_MB} MB plain`, ours, 'lines/s'));
  if (theirs !== null) {
    figures.push(figure('GoAccess 1.7, same file', theirs, 'lines/s'));
    figures.push(figure('Citable ÷ GoAccess', ours / theirs, '×', { min: 3 }));
  }
  figures.push(figure(`citable logs, ${SIZE_MB} MB gzip`, zippedRate, 'lines/s'));
  figures.push(figure('time in gunzip (gzip run)', (unzip / zipped.seconds) * 100, '%'));
  figures.push(figure(`peak RSS, ${SIZE_MB} MB file`, plain.maxRssMb ?? NaN, 'MB'));
  figures.push(figure(`peak RSS, ${SIZE_MB} MB piped`, small.maxRssMb ?? NaN, 'MB'));
  figures.push(figure(`peak RSS, ${STREAM_GB} GB piped`, streamed.maxRssMb ?? NaN, 'MB'));
  figures.push(
    figure(`peak RSS ${STREAM_GB} GB ÷ ${SIZE_MB} MB (piped)`, (streamed.maxRssMb ?? NaN) / (small.maxRssMb ?? NaN), '×', { max: 1.1 }),
  );
  figures.push(figure(`citable logs, ${STREAM_GB} GB piped`, perSecond(streamedLines, streamed.seconds), 'lines/s'));
  notes.push(
    `Log: bench/lib/log-synth.ts, seed 20260801, ${lines.toLocaleString('en')} lines in ${SIZE_MB} MB; 2 cores shared with other work.`,
  );
  printBenchResult({ name: 'logs', figures, notes });
}

await main();
