#!/usr/bin/env node
// The `citable` command. dist/ is built by `npm install` (the prepare script) and by `npm run build`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../dist/cli.mjs', import.meta.url));
if (!existsSync(cli)) {
  console.error('citable: the CLI is not built yet. Run `npm install` (or `npm run build`) in the project first.');
  process.exit(2);
}
await import(cli);
