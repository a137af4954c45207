// `npm test`: the static checks, then every vitest project, in two streams at once, then the stress project alone.
//
// Vitest gives a 2-core machine one worker (available cores minus one), and the projects that run one file at a
// time (e2e, stress, scale) queue behind each other after the rest: the whole suite ran as a single line. Most of
// the e2e and scale projects' time is spent waiting on browsers, servers and databases, so two vitest processes
// share the two cores well:
//   units:   the node and extension projects, less the node tests that start processes;
//   systems: the e2e and scale projects, then those node tests (so both streams take about as long).
// The stress project measures a server's latency under hostile load, so it runs last, with nothing beside it.
// What the e2e project loads (the extension builds, dist/) is built once here first, so no build runs while the
// other stream reads the same files. With arguments (`npm test -- tests/x.test.ts`) it runs one plain `vitest run`.
// Exit status: 0 only when every check and every run passes.
import { spawn, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const started = performance.now();
const seconds = (since) => `${Math.round((performance.now() - since) / 1000)} s`;

function runOrExit(command, args, env = {}) {
  const r = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\nnpm test: \`${[command, ...args].join(' ')}\` failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status || 1);
  }
}

const extra = process.argv.slice(2);
runOrExit('npm', ['run', 'typecheck']);
runOrExit('npm', ['run', 'lint']);
runOrExit('npm', ['run', 'format:check']);
if (extra.length > 0) {
  runOrExit('npx', ['vitest', 'run', ...extra]);
  process.exit(0);
}

// The e2e project's builds, from its own global setup, which then skips them (CITABLE_TEST_PREBUILT below).
runOrExit('npx', ['tsx', 'tests/e2e/global-setup.ts']);

// Node tests that mostly start processes (the built server, the CLI, MCP): moved to the systems stream for balance.
const PROCESS_TESTS = ['tests/server/process/', 'tests/cli/', 'tests/mcp/'];
const STREAMS = [
  {
    name: 'units',
    runs: [['--project', 'node', '--project', 'extension']],
    env: { CITABLE_TEST_EXCLUDE: PROCESS_TESTS.map((d) => `${d}**`).join(',') },
  },
  {
    name: 'systems',
    runs: [
      ['--project', 'e2e', '--project', 'scale'],
      ['--project', 'node', ...PROCESS_TESTS],
    ],
  },
];
const LAST = { name: 'stress', runs: [['--project', 'stress']] };

/** One `vitest run`; its lines are printed as they come, each marked with the stream's name. */
function runVitest(name, args, env, summary, failures) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...args], {
      env: { ...process.env, ...env, CITABLE_TEST_PREBUILT: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          process.stdout.write(`[${name}] ${line}\n`);
          const plain = line.replace(/\x1b\[[0-9;]*m/g, '').trim();
          if (/^(Test Files|Tests)\s/.test(plain)) summary.push(plain);
          // Failing files and tests, repeated at the end: CI keeps only the tail of the output.
          if (/^(FAIL|×)\s/.test(plain) && !failures.includes(plain)) failures.push(plain);
        }
      });
      stream.on('end', () => rest && process.stdout.write(`[${name}] ${rest}\n`));
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** A stream's runs one after the other (all of them, even after a failure, so one run shows every failing test). */
async function runStream({ name, runs, env = {} }) {
  const since = performance.now();
  const summary = [];
  const failures = [];
  let code = 0;
  for (const args of runs) code = (await runVitest(name, args, env, summary, failures)) || code;
  return { name, runs, code, summary, failures, took: seconds(since) };
}

const results = await Promise.all(STREAMS.map(runStream));
results.push(await runStream(LAST));
console.log('');
for (const r of results) {
  const verdict = r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`;
  console.log(`npm test: ${r.name} ${verdict} in ${r.took}`);
  for (const line of r.summary) console.log(`  ${line}`);
  for (const line of r.failures.slice(0, 30)) console.log(`  ${line}`);
  if (r.failures.length > 30) console.log(`  … and ${r.failures.length - 30} more failing lines above`);
}
const total = (what) =>
  results.flatMap((r) => r.summary).reduce((n, line) => n + Number(line.match(new RegExp(`^${what}\\s.*\\((\\d+)\\)$`))?.[1] ?? 0), 0);
console.log(`npm test: ${total('Test Files')} files, ${total('Tests')} tests, ${seconds(started)} in all`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
