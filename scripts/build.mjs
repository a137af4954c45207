// Bundles the server and the CLI into dist/.
// - The CLI carries its dependencies inside the bundle: a whole `citable audit` is mostly Node start-up
//   and module loading, and one pre-linked file loads far faster than hundreds of package files
//   (no CommonJS analysis, no resolution). Packages that read their own files at run time, or that
//   only server-side commands use, stay external.
// - The server keeps dependencies external: it starts once and runs for days.
// - Dynamic imports become their own chunks, so `citable --help` loads neither the engine nor the store.
// Files a previous build left in dist/ are removed, so stale chunks never pile up.
import { build } from 'esbuild';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const SERVER_ONLY = ['bullmq', 'ioredis', 'pg', 'pg-*', 'msgpackr*', 'koa', 'koa-*', '@koa/*', 'autocannon'];

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

const builds = [
  existsSync('server/main.ts') && {
    ...common,
    // The audit worker thread (server/audits/worker-runner.ts) is its own entry: dist/audit-worker.mjs.
    entryPoints: [
      { in: 'server/main.ts', out: 'server' },
      { in: 'server/audits/audit-worker.ts', out: 'audit-worker' },
    ],
    chunkNames: 'chunks/server-[name]-[hash]',
    packages: 'external',
  },
  existsSync('server/cli/main.ts') && {
    ...common,
    entryPoints: [{ in: 'server/cli/main.ts', out: 'cli' }],
    chunkNames: 'chunks/cli-[name]-[hash]',
    // Less source to parse at every start: compile time is a visible share of a one-page audit.
    minify: true,
    external: SERVER_ONLY,
    // Bundled CommonJS dependencies call require(); give the ESM bundle one.
    banner: { js: "import { createRequire as __citableRequire } from 'node:module'; const require = __citableRequire(import.meta.url);" },
  },
].filter(Boolean);

const results = await Promise.all(builds.map((options) => build(options)));

const produced = new Set(results.flatMap((r) => Object.keys(r.metafile.outputs).map((f) => path.resolve(f))));
for (const dir of ['dist', 'dist/chunks']) {
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir)) {
    const file = path.resolve(dir, name);
    if (name !== 'chunks' && !produced.has(file)) rmSync(file, { force: true });
  }
}
