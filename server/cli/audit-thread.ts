import path from 'node:path';
import { installCodeCache } from './code-cache.js';

/**
 * The audit thread of `citable crawl` (built to dist/cli/audit-thread.cjs): the audit worker
 * (server/audits/audit-worker.ts) as one CommonJS bundle, dist/cli/audit-worker.cjs, compiled through a
 * V8 code cache as the CLI's own commands are. A 250-page crawl is about a second of work, and each
 * thread compiling the engine's ES modules from scratch (a few hundred files, ~200 ms of CPU a thread) was
 * a visible share of it. The cache is saved once the thread has finished its first piece of work, so it
 * holds the functions a page needs. NODE_DISABLE_COMPILE_CACHE=1 turns it off, as for the CLI.
 */
// This file is only ever built as CommonJS, where __dirname is the dist/cli/ directory.
const codeCache = process.env.NODE_DISABLE_COMPILE_CACHE ? undefined : installCodeCache(__dirname);

let saved = false;
/** Called by the worker (server/audits/audit-worker.ts, its `workDone`) after each reply it posts. */
(globalThis as { citableWorkDone?: () => void }).citableWorkDone = () => {
  if (saved || !codeCache) return;
  saved = true;
  // After the reply has gone: the page's caller is not kept waiting for the write.
  setImmediate(() => codeCache.save());
};

// A plain require of the file beside this one, after the cache is installed: bundling it in would compile it first.
// eslint-disable-next-line @typescript-eslint/no-require-imports
require(path.join(__dirname, 'audit-worker.cjs'));
