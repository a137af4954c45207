// Bundles the server and the CLI into dist/ (fast start-up: one file each, dependencies stay external).
import { build } from 'esbuild';
import { existsSync } from 'node:fs';

const entries = [
  { in: 'server/main.ts', out: 'server' },
  { in: 'server/cli/main.ts', out: 'cli' },
].filter((e) => existsSync(e.in));

await build({
  entryPoints: entries,
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Dynamic imports become their own chunks, so `citable --help` does not load the engine or the store.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: 'linked',
  logLevel: 'warning',
});
