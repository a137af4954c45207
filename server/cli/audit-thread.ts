import { runThreadWithCodeCache } from './thread-with-code-cache.js';

/**
 * The audit thread of `citable crawl` (built to dist/cli/audit-thread.cjs): the audit worker
 * (server/audits/audit-worker.ts) as one CommonJS bundle, dist/cli/audit-worker.cjs, compiled through a
 * V8 code cache as the CLI's own commands are. A 250-page crawl is about a second of work, and each
 * thread compiling the engine's ES modules from scratch (a few hundred files, ~200 ms of CPU a thread) was
 * a visible share of it. The cache is saved once the thread has finished its first piece of work, so it
 * holds the functions a page needs.
 */
// This file is only ever built as CommonJS, where __dirname is the dist/cli/ directory.
runThreadWithCodeCache(__dirname, 'audit-worker.cjs');
