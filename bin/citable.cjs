#!/usr/bin/env -S node --v8-pool-size=2
'use strict';
// The `citable` command. dist/ is built by `npm install` (the prepare script) and by `npm run build`.
// CommonJS on purpose: it starts a few milliseconds sooner than an ES module entry.
// The first line gives V8 two helper threads instead of four: on a two-core machine the default ran garbage
// collection beside the crawl's own threads and cost a 250-page crawl about 6 % (docs/performance.md).
// `node bin/citable.cjs` skips that line and runs the same, without the option.
const { existsSync } = require('node:fs');
const path = require('node:path');

const launcher = path.join(__dirname, '..', 'dist', 'citable.cjs');
if (!existsSync(launcher)) {
  console.error('citable: the CLI is not built yet. Run `npm install` (or `npm run build`) in the project first.');
  process.exit(2);
}
require(launcher);
