import path from 'node:path';
import { installCodeCache } from './code-cache.js';

/**
 * The render thread of `citable crawl --render` (built to dist/cli/render-thread.cjs): the render worker
 * (server/render/render-worker.ts) as one CommonJS bundle, dist/cli/render-worker.cjs, with playwright-core
 * compiled through a V8 code cache. Loaded as an ES module (dist/render-worker.mjs, as the server does), the thread
 * spent about half a second of CPU before the browser could start: Node's ES module loader scans every CommonJS
 * file of playwright-core for its export names, then compiles it from scratch, while the crawl's pages compete for
 * the same cores. The cache is saved after the thread's first render, and kept apart from the CLI's own cache of
 * playwright-core: a crawl runs with a heap flag the other commands do not set, and V8 rejects a cache made under
 * other flags, so one shared file would be rewritten by each in turn. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
// This file is only ever built as CommonJS, where __dirname is the dist/cli/ directory.
const codeCache = process.env.NODE_DISABLE_COMPILE_CACHE
  ? undefined
  : installCodeCache(__dirname, path.join(__dirname, '.v8-cache', 'crawl-render'), playwrightDir());

function playwrightDir(): string[] {
  try {
    return [path.dirname(require.resolve('playwright-core/package.json'))];
  } catch {
    return [];
  }
}

let saved = false;
/** Called by the render worker (server/render/render-worker.ts) after each reply it posts. */
(globalThis as { citableWorkDone?: () => void }).citableWorkDone = () => {
  if (saved || !codeCache) return;
  saved = true;
  setImmediate(() => codeCache.save());
};

// A plain require of the file beside this one, after the cache is installed: bundling it in would compile it first.
// eslint-disable-next-line @typescript-eslint/no-require-imports
require(path.join(__dirname, 'render-worker.cjs'));
