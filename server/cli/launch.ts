import path from 'node:path';
import { installCodeCache } from './code-cache.js';
import { runAsProgram } from './program.js';
import { crawlWillRun, startEarlyThreads } from './crawl/early-threads.js';
import { boundHeapGrowth } from './crawl/heap-growth.js';

/**
 * The built `citable` command (dist/citable.cjs, run by bin/citable.cjs): the dispatcher, with each
 * subcommand in its own CommonJS bundle under dist/cli/ compiled through a V8 code cache.
 * NODE_DISABLE_COMPILE_CACHE=1 (Node's own switch for its compile cache) turns the cache off.
 */
// This file is only ever built as CommonJS, where __dirname is the dist/ directory.
// playwright-core (3 MB of JavaScript, loaded by --render and --pdf) goes through the same cache: compiling it is
// most of what a rendered audit spends before Chromium starts.
const codeCache = process.env.NODE_DISABLE_COMPILE_CACHE
  ? undefined
  : installCodeCache(path.join(__dirname, 'cli'), undefined, dependencyDirs(['playwright-core']));

/** The directories of the dependencies named, where they are installed. */
function dependencyDirs(names: string[]): string[] {
  const dirs: string[] = [];
  for (const name of names) {
    try {
      dirs.push(path.dirname(require.resolve(`${name}/package.json`)));
    } catch {
      // Not installed: nothing to cache.
    }
  }
  return dirs;
}

// Save only after a command did its work (exit 0, or 1 for --fail-under): the cache then holds the
// bytecode of every function a real run needs, not just those a usage error touched.
process.on('exit', (code) => {
  if (code === 0 || code === 1) codeCache?.save();
});

const args = process.argv.slice(2);
if (crawlWillRun(args)) {
  // Before anything is compiled: V8 stamps a code cache with its flags, and rejects it under others.
  boundHeapGrowth();
  // A crawl's audit threads start now, while the command loads (server/cli/crawl/early-threads.ts).
  startEarlyThreads(path.join(__dirname, 'cli', 'audit-thread.cjs'));
}
void runAsProgram(args);
