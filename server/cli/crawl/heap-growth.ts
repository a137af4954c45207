/**
 * A long `citable crawl` holds little live data (the rollup, the frontier, the report's shortlist), but V8 lets
 * a heap grow to several times its live size between full collections when the process may use gigabytes:
 * the main thread of a 10,000-page crawl reached about 75 MB of heap for about 14 MB live, so the peak memory
 * of a crawl grew with its length (1.27 times a 1,000-page crawl's). Growing each heap by half its live size
 * instead keeps a long crawl's peak near a short one's. V8 reads the flag whenever it sets a heap's next limit,
 * so setting it as the command starts applies to this thread and to the audit threads it starts. A memory
 * heuristic only: what is audited and reported is unchanged.
 *
 * V8 stamps a code cache with a hash of its flags and rejects the cache under other flags. Set only once the
 * command ran, the flag made every crawl reject the caches the crawl before it had saved (with the flag set), and
 * compile its bundles afresh: the launcher sets it for a crawl before it loads anything (server/cli/launch.ts).
 */
import { setFlagsFromString } from 'node:v8';

export const CRAWL_HEAP_GROWING_PERCENT = 50;

export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${CRAWL_HEAP_GROWING_PERCENT}`);
}
