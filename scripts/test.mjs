// `npm test`: the static checks, then every vitest project, in two streams at once.
//
// Vitest gives a 2-core machine one worker (available cores minus one), and the projects that run one file at a
// time (e2e, stress, scale) queue behind each other after the rest: the whole suite ran as a single line. Most of
// their time is spent waiting on browsers, servers and databases, so two vitest processes share the two cores well:
//   units:   the node and extension projects;
//   systems: the e2e, stress and scale projects.
// What the e2e project loads (the extension builds, dist/) is built once here first, so no build runs while the
// other stream reads the same files. With arguments (`npm test -- tests/x.test.ts`) it runs one plain `vitest run`.
// Exit status: 0 only when every check and both streams pass.
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
if (extra.length > 0) runOrExit('npx', ['vitest', 'run', ...extra]);
if (extra.length > 0) process.exit(0);

// The e2e project's builds (tests/e2e/global-setup.ts skips its own when CITABLE_TEST_PREBUILT is set).
runOrExit('npx', ['wxt', 'build'], { CITABLE_E2E: '1' });
runOrExit('npx', ['wxt', 'build']);
runOrExit('npx', ['wxt', 'build', '-b', 'firefox']);
runOrExit('node', ['scripts/build.mjs']);

const STREAMS = [
  { name: 'units', projects: ['node', 'extension'] },
  { name: 'systems', projects: ['e2e', 'stress', 'scale'] },
];

/** One `vitest run` over some projects; its lines are printed as they come, each marked with the stream's name. */
function runStream({ name, projects }) {
  return new Promise((resolve) => {
    const since = performance.now();
    const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
    const child = spawn('npx', args, { env: { ...process.env, CITABLE_TEST_PREBUILT: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const summary = [];
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          process.stdout.write(`[${name}] ${line}\n`);
          if (/^\s*(Test Files|Tests)\s/.test(line.replace(/\x1b\[[0-9;]*m/g, ''))) summary.push(line.trim());
        }
      });
      stream.on('end', () => rest && process.stdout.write(`[${name}] ${rest}\n`));
    }
    child.on('close', (code, signal) => resolve({ name, projects, code: code ?? (signal ? 1 : 0), summary, took: seconds(since) }));
  });
}

const results = await Promise.all(STREAMS.map(runStream));
console.log('');
for (const r of results) {
  const verdict = r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`;
  console.log(`npm test: ${r.name} (${r.projects.join(', ')}) ${verdict} in ${r.took}`);
  for (const line of r.summary) console.log(`  ${line.replace(/\x1b\[[0-9;]*m/g, '')}`);
}
console.log(`npm test: ${seconds(started)} in all`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
