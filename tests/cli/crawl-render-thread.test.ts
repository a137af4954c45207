/**
 * `citable crawl --render`'s render thread (dist/cli/render-thread.cjs) loads the render worker and playwright-core
 * through a V8 code cache of its own: the first rendered crawl writes it, the next accepts it (nothing is written
 * again) and renders the same, and a corrupt cache is replaced without changing what a crawl finds. The built dist/
 * is copied to a directory of its own, so its cache is this test's.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { JSON_LD_AFTER_JS_RULE as RULE, jsonLdAfterJsPage } from '../crawls/helpers/json-ld-after-js-page.js';
import { privateDist, type PrivateDist } from './private-dist.js';

let dist: PrivateDist | undefined;
let home: string;
let cacheDir: string;
let site: FixtureSite;

async function crawl() {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(home, 'dist/citable.cjs'), 'crawl', `${site.url}/`, '--render', 'sample', '--json'],
    { env: { PATH: process.env.PATH ?? '', AUDIT_ALLOW_PRIVATE: '1', RENDER_TIMEOUT_MS: '10000' } },
  );
  const c = JSON.parse(stdout) as { status: string; render: string; progress: unknown; issues: { rule: string; pages: number }[] };
  return { status: c.status, render: c.render, progress: c.progress, rendered: c.issues.find((i) => i.rule === RULE)?.pages ?? 0 };
}

const caches = () =>
  readdirSync(path.join(cacheDir, 'crawl-render'))
    .filter((f) => f.endsWith('.cache'))
    .sort();

describe("citable crawl's render thread", () => {
  beforeAll(async () => {
    dist = await privateDist('citable-render-cache-');
    ({ home, cacheDir } = dist);
    site = await startFixtureSite({
      '/': { body: jsonLdAfterJsPage('Home', ['/beans/a', '/beans/b']) },
      '/beans/a': { body: jsonLdAfterJsPage('Bean A', ['/']) },
      '/beans/b': { body: jsonLdAfterJsPage('Bean B', ['/']) },
    });
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    dist?.remove();
  });

  it('writes its code cache on the first rendered crawl, then renders the same through it', async () => {
    const first = await crawl();
    // The start page and one page of /beans/*: the sample, rendered.
    expect(first).toEqual({
      status: 'complete',
      render: 'sample',
      progress: expect.objectContaining({ audited: 3, failed: 0 }),
      rendered: 2,
    });
    const written = caches();
    expect(written.some((f) => f.startsWith('render-worker.cjs.'))).toBe(true);
    expect(written.some((f) => f.startsWith('playwright-core-') && f.includes('coreBundle.js.'))).toBe(true);
    // The CLI's own cache of playwright-core (audit --render) is another file: a crawl's heap flag would make each
    // reject the other's.
    expect(readdirSync(cacheDir).some((f) => f.startsWith('playwright-core-'))).toBe(false);

    const contents = written.map((f) => readFileSync(path.join(cacheDir, 'crawl-render', f)));
    expect(await crawl()).toEqual(first);
    expect(caches()).toEqual(written);
    written.forEach((f, i) => expect(readFileSync(path.join(cacheDir, 'crawl-render', f)).equals(contents[i]!)).toBe(true));

    const worker = path.join(
      cacheDir,
      'crawl-render',
      written.find((f) => f.startsWith('render-worker.cjs.'))!,
    );
    writeFileSync(worker, Buffer.alloc(contents[written.indexOf(path.basename(worker))]!.length, 7)); // garbage: rejected
    expect(await crawl()).toEqual(first);
    expect(readFileSync(worker).every((b) => b === 7)).toBe(false); // written again
  }, 120_000);
});
