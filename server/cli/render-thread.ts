import path from 'node:path';
import { runThreadWithCodeCache } from './thread-with-code-cache.js';

/**
 * The render thread of `citable crawl --render` (built to dist/cli/render-thread.cjs): the render worker
 * (server/render/render-worker.ts) as one CommonJS bundle, dist/cli/render-worker.cjs, with playwright-core
 * compiled through a V8 code cache. Loaded as an ES module (dist/render-worker.mjs, as the server does), the thread
 * spent about half a second of CPU before the browser could start: Node's ES module loader scans every CommonJS
 * file of playwright-core for its export names, then compiles it from scratch, while the crawl's pages compete for
 * the same cores. The cache is saved after the thread's first render, and kept apart from the CLI's own cache of
 * playwright-core: a crawl runs with a heap flag the other commands do not set, and V8 rejects a cache made under
 * other flags, so one shared file would be rewritten by each in turn.
 */
function playwrightDir(): string[] {
  try {
    return [path.dirname(require.resolve('playwright-core/package.json'))];
  } catch {
    return [];
  }
}

// This file is only ever built as CommonJS, where __dirname is the dist/cli/ directory.
runThreadWithCodeCache(__dirname, 'render-worker.cjs', path.join(__dirname, '.v8-cache', 'crawl-render'), playwrightDir());
