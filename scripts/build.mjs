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
  sourcemap: 'linked',
  logLevel: 'warning',
});
