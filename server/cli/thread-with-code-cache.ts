import path from 'node:path';
import { installCodeCache } from './code-cache.js';

/**
 * Starts a CLI thread's bundle (`dist/cli/<bundle>`) through a V8 code cache: installs the cache, then requires the
 * bundle (bundling it into the bootstrap would compile it before the cache is in place). The bundle calls
 * `globalThis.citableWorkDone` after each reply it posts; the first call saves the cache, after the reply has gone,
 * so it holds the functions a real piece of work needs. NODE_DISABLE_COMPILE_CACHE=1 turns the cache off.
 */
export function runThreadWithCodeCache(codeDir: string, bundle: string, cacheDir?: string, alsoUnder: string[] = []): void {
  const codeCache = process.env.NODE_DISABLE_COMPILE_CACHE ? undefined : installCodeCache(codeDir, cacheDir, alsoUnder);
  let saved = false;
  (globalThis as { citableWorkDone?: () => void }).citableWorkDone = () => {
    if (saved || !codeCache) return;
    saved = true;
    setImmediate(() => codeCache.save());
  };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(path.join(codeDir, bundle));
}
