#!/usr/bin/env node
'use strict';
// The `citable` command. dist/ is built by `npm install` (the prepare script) and by `npm run build`.
// CommonJS on purpose: it starts a few milliseconds sooner than an ES module entry.
const { existsSync } = require('node:fs');
const path = require('node:path');

const launcher = path.join(__dirname, '..', 'dist', 'citable.cjs');
if (!existsSync(launcher)) {
  console.error('citable: the CLI is not built yet. Run `npm install` (or `npm run build`) in the project first.');
  process.exit(2);
}
require(launcher);
