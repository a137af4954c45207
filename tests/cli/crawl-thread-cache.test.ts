/**
 * `citable crawl`'s audit threads (dist/cli/audit-thread.cjs) compile the worker bundle through a V8 code cache, as
 * the CLI's own commands are compiled: the first crawl writes the cache, and a cache that is corrupt or turned off
 * changes nothing a crawl finds. The built dist/ is copied to a directory of its own, so its cache is this test's.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTemplatedSite, type TemplatedSite } from '../crawls/helpers/templated-site.js';
import { privateDist, type PrivateDist } from './private-dist.js';

let dist: PrivateDist | undefined;
let home: string;
let cacheDir: string;
let served: TemplatedSite;

/** What a crawl found, without its ids and times. */
async function crawl(env: Record<string, string> = {}) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(home, 'dist/citable.cjs'), 'crawl', served.site.url, '--json'],
    {
      env: { PATH: process.env.PATH ?? '', AUDIT_ALLOW_PRIVATE: '1', ...env },
    },
  );
  type Issue = { rule: string; pages: number; severity: string };
  const c = JSON.parse(stdout) as { status: string; progress: unknown; score: number; category_scores: unknown; issues: Issue[] };
  // The example pages of an issue are the first done, which depends on the threads: the rest does not.
  const issues = c.issues.map(({ rule, pages, severity }) => ({ rule, pages, severity }));
  return { status: c.status, progress: c.progress, score: c.score, categories: c.category_scores, issues };
}

const workerCaches = () => readdirSync(cacheDir).filter((f) => f.startsWith('audit-worker.cjs.') && f.endsWith('.cache'));

describe("citable crawl's audit threads", () => {
  beforeAll(async () => {
    dist = await privateDist('citable-thread-cache-');
    ({ home, cacheDir } = dist);
    served = await startTemplatedSite({ blog: 3, blogFr: 1, products: 3, docs: 2 });
  }, 120_000);
  afterAll(async () => {
    await served?.site.close();
    dist?.remove();
  });

  it('write the worker code cache on the first crawl; a corrupt one or none changes nothing found', async () => {
    const first = await crawl();
    expect(first).toMatchObject({ status: 'complete', progress: { audited: 10, failed: 0 } });
    expect(workerCaches()).toHaveLength(1);
    const cache = path.join(cacheDir, workerCaches()[0]!);
    const written = statSync(cache).size;
    expect(written).toBeGreaterThan(10_000);

    // Through the caches: accepted, so neither the worker's nor the command's is written again.
    const commandCache = path.join(
      cacheDir,
      readdirSync(cacheDir).find((f) => f.startsWith('crawl-command.cjs.'))!,
    );
    const before = [readFileSync(cache), readFileSync(commandCache)];
    expect(await crawl()).toEqual(first);
    expect(readFileSync(cache).equals(before[0]!)).toBe(true);
    expect(readFileSync(commandCache).equals(before[1]!)).toBe(true);

    writeFileSync(cache, Buffer.alloc(written, 7)); // same size, garbage: V8 rejects it
    expect(await crawl()).toEqual(first);
    expect(readFileSync(cache).equals(Buffer.alloc(written, 7))).toBe(false); // written again

    rmSync(cacheDir, { recursive: true, force: true });
    expect(await crawl({ NODE_DISABLE_COMPILE_CACHE: '1' })).toEqual(first);
    expect(() => workerCaches()).toThrow(); // no cache directory at all
  });
});
