// Bundles the server and the CLI into dist/.
// - The server keeps dependencies external: it starts once and runs for days.
// - The CLI is CommonJS with its dependencies inside: a whole `citable audit` is mostly Node start-up
//   and module loading, and one pre-linked file loads far faster than hundreds of package files.
//   dist/citable.cjs holds the dispatcher; each subcommand is its own bundle in dist/cli/, loaded only
//   when it runs and compiled through a V8 code cache (server/cli/code-cache.ts), which the build
//   pre-fills with one audit of a loopback page (scripts/warm-cli-cache.mjs). Packages that read
//   their own files at run time, or that only server-side commands use, stay external.
// Files a previous build left in dist/ are removed, so stale chunks and caches never pile up.
// Each file is written under a temporary name and renamed into place: a process starting from dist/ while another
// build runs (tests do both at once) reads the old file or the new one, never half of one.
import { build } from 'esbuild';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SERVER_ONLY = ['bullmq', 'ioredis', 'pg', 'pg-*', 'msgpackr*', 'koa', 'koa-*', '@koa/*', 'autocannon'];
// playwright-core finds its own files at run time (--pdf prints through it); jsdom and DOMPurify sanitise
// branding logos on the server only.
const RUNTIME_FILES = ['playwright-core', 'jsdom', 'dompurify'];

const common = {
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  splitting: true,
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
};

const CLI_COMMANDS = existsSync('server/cli')
  ? readdirSync('server/cli')
      .filter((f) => f.endsWith('-command.ts'))
      .map((f) => f.slice(0, -'.ts'.length))
  : [];

const cliCommon = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
  target: 'node20',
  // Less source to parse at every start: compile time is a visible share of a one-page audit.
  minify: true,
  // BUILD_KEEP_NAMES=1: readable function names in CPU profiles of the CLI (`node --cpu-prof`).
  ...(process.env.BUILD_KEEP_NAMES === '1' ? { minify: false } : {}),
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
  external: [...SERVER_ONLY, ...RUNTIME_FILES],
  // require(), not import(): import() of a CommonJS file runs Node's ES module loader, which scans
  // the whole file for export names (tens of milliseconds for the audit command's bundle).
  supported: { 'dynamic-import': false },
  // A few modules resolve files next to themselves; in CommonJS that is __filename.
  define: { 'import.meta.url': '__citableModuleUrl' },
  banner: { js: "var __citableModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
};

/** In the dispatcher, `import('./audit-command.js')` loads dist/cli/audit-command.cjs instead of inlining it. */
const commandsAsSeparateBundles = {
  name: 'commands-as-separate-bundles',
  setup(b) {
    b.onResolve({ filter: /^\.\/[a-z-]+-command\.js$/ }, (args) => ({
      path: `./cli/${path.basename(args.path, '.js')}.cjs`,
      external: true,
    }));
  },
};

const builds = [
  existsSync('server/main.ts') && {
    ...common,
    // The audit worker thread (server/audits/worker-runner.ts) is its own entry: dist/audit-worker.mjs.
    entryPoints: [
      { in: 'server/main.ts', out: 'server' },
      { in: 'server/audits/audit-worker.ts', out: 'audit-worker' },
      // The PDF thread (server/reports/pdf/pdf-thread.ts): dist/pdf-worker.mjs.
      { in: 'server/reports/pdf/pdf-worker.ts', out: 'pdf-worker' },
      // The render thread (server/render/render-thread.ts): dist/render-worker.mjs.
      { in: 'server/render/render-worker.ts', out: 'render-worker' },
      // The logo thread (server/reports/branding/logo-thread.ts): dist/logo-worker.mjs.
      { in: 'server/reports/branding/logo-worker.ts', out: 'logo-worker' },
      // The thread that counts a large log upload (server/traffic/upload-parse-thread.ts): dist/upload-parse-worker.mjs.
      { in: 'server/traffic/upload-parse-worker.ts', out: 'upload-parse-worker' },
    ],
    chunkNames: 'chunks/server-[name]-[hash]',
    packages: 'external',
  },
  existsSync('server/cli/launch.ts') && {
    ...cliCommon,
    entryPoints: [{ in: 'server/cli/launch.ts', out: 'citable' }],
    outdir: 'dist',
    plugins: [commandsAsSeparateBundles],
  },
  existsSync('server/cli/launch.ts') && {
    ...cliCommon,
    entryPoints: [
      ...CLI_COMMANDS.map((name) => ({ in: `server/cli/${name}.ts`, out: name })),
      // `citable crawl`'s audit threads: a small bootstrap with the code cache, and the worker as one bundle.
      { in: 'server/cli/audit-thread.ts', out: 'audit-thread' },
      { in: 'server/audits/audit-worker.ts', out: 'audit-worker' },
      // `citable crawl --render`'s render thread: the same, with playwright-core through the cache.
      { in: 'server/cli/render-thread.ts', out: 'render-thread' },
      { in: 'server/render/render-worker.ts', out: 'render-worker' },
    ],
    outdir: 'dist/cli',
  },
].filter(Boolean);

const results = await Promise.all(builds.map((options) => build({ ...options, write: false })));
for (const file of results.flatMap((r) => r.outputFiles)) {
  mkdirSync(path.dirname(file.path), { recursive: true });
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, file.contents);
  renameSync(temporary, file.path);
}

const produced = new Set(results.flatMap((r) => Object.keys(r.metafile.outputs).map((f) => path.resolve(f))));
const KEEP_DIRS = new Set(['chunks', 'cli']);
// Another build's file between its write and its rename; one older than a minute was left by a build that died.
const inFlight = (file) => file.endsWith('.tmp') && Date.now() - statSync(file, { throwIfNoEntry: false })?.mtimeMs < 60_000;
for (const dir of ['dist', 'dist/chunks', 'dist/cli']) {
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir)) {
    const file = path.resolve(dir, name);
    if (inFlight(file)) continue;
    if (!(dir === 'dist' && KEEP_DIRS.has(name)) && !produced.has(file)) rmSync(file, { recursive: true, force: true });
  }
}

// The first `citable audit` after a build should be as quick as the rest: pre-build its code cache.
if (existsSync('dist/citable.cjs')) await import('./warm-cli-cache.mjs');
