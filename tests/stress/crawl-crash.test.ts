/**
 * Crash safety of site audits, against the built server on the embedded store: a crawl killed with
 * SIGKILL at random moments resumes at each restart and completes with every page once: the pages list has
 * each URL once, the rollup counts each planted issue on exactly its pages, and each page audit is readable.
 * Kill moments come from a seeded generator (STRESS_SEED replays a run).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { startTemplatedSite, type TemplatedSite } from '../crawls/helpers/templated-site.js';
import { createAccounts, type TestAccount } from './helpers/accounts.js';
import { report, seededRandom, sized, stressSeed } from './helpers/mode.js';
import { until } from '../helpers/until.js';

const PAGES = sized(150, 1000);
const KILLS = sized(3, 10);
const seed = stressSeed();
const random = seededRandom(seed);

describe('a crawl across SIGKILL', () => {
  let dataDir: string;
  let account: TestAccount;
  let fixture: TemplatedSite;
  let server: ServerProcess | null = null;
  const start = async () =>
    (server = await startServerProcess({
      bundle: inject('stressServerBundle'),
      env: { DATA_DIR: dataDir, AUDIT_ALLOW_PRIVATE: '1', LOG_LEVEL: 'info' },
      keepRequestLog: false,
    }));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-crawl-crash-'));
    account = (await createAccounts(dataDir, 1))[0]!;
    const share = Math.floor((PAGES - 21) / 3);
    fixture = await startTemplatedSite({ blog: share, blogFr: 10, products: share, docs: 10, guides: PAGES - 21 - 2 * share, words: 600 });
  });
  afterAll(async () => {
    await server?.kill();
    await fixture?.site.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = async (method: string, pathname: string, body?: unknown) => {
    const res = await fetch(`${server!.url}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${account.key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, json: (await res.json().catch(() => undefined)) as any };
  };

  it(`resumes after each kill and completes with every page once (${PAGES} pages, ${KILLS} kills)`, async () => {
    await start();
    const created = await call('POST', '/api/v1/crawls', { url: fixture.site.url, max_pages: 10_000 });
    expect(created.status).toBe(202);
    const id = created.json.crawl.id as string;
    const figures: string[] = [];
    for (let kill = 1; kill <= KILLS; kill++) {
      const crawl = (await call('GET', `/api/v1/crawls/${id}`)).json.crawl;
      if (crawl.status !== 'queued' && crawl.status !== 'running') break;
      // The kill lands a random time after this run audited its first page: mid-crawl, pages in flight.
      const atStart = crawl.progress.audited;
      const resumed = await until(
        `crawl ${id} to audit a page more, or end`,
        async () => {
          const c = (await call('GET', `/api/v1/crawls/${id}`)).json.crawl;
          return c.progress.audited > atStart || (c.status !== 'queued' && c.status !== 'running') ? c : undefined;
        },
        { timeoutMs: 120_000, everyMs: 100 },
      );
      if (resumed.status !== 'running') break;
      const afterMs = 200 + Math.floor(random() * 1_300);
      await new Promise((resolve) => setTimeout(resolve, afterMs));
      const before = (await call('GET', `/api/v1/crawls/${id}`)).json.crawl.progress.audited;
      await server!.kill();
      figures.push(`kill ${kill}: ${afterMs} ms after this run's first page, ${before} pages audited`);
      await start();
    }
    const crawl = await until(
      `crawl ${id} to end`,
      async () => {
        const c = (await call('GET', `/api/v1/crawls/${id}`)).json.crawl;
        return c.status === 'queued' || c.status === 'running' ? undefined : c;
      },
      { timeoutMs: 300_000, everyMs: 100 },
    );
    expect(crawl).toMatchObject({ status: 'complete', progress: { audited: fixture.pages.length, failed: 0 } });
    const pages: any[] = [];
    let cursor: string | null = null;
    do {
      const res: { json: any } = await call('GET', `/api/v1/crawls/${id}/pages?limit=500${cursor ? `&cursor=${cursor}` : ''}`);
      pages.push(...res.json.pages);
      cursor = res.json.next_cursor;
    } while (cursor);
    expect(pages).toHaveLength(fixture.pages.length);
    expect(new Set(pages.map((p) => p.url)).size).toBe(fixture.pages.length);
    expect(new Set(pages.map((p) => p.audit_id)).size).toBe(fixture.pages.length);
    for (const rule of ['content.single-h1', 'content.meta-description', 'content.image-alt']) {
      expect(crawl.issues.find((i: any) => i.rule === rule)?.pages, rule).toBe(fixture.faultCount(rule));
    }
    for (const page of [pages[0], pages[Math.floor(pages.length / 2)], pages.at(-1)]) {
      expect((await call('GET', `/api/v1/audits/${page.audit_id}`)).json.audit).toMatchObject({
        origin: 'crawl',
        crawl_id: id,
        url: page.url,
      });
    }
    const refetched = fixture.pages.filter((p) => fixture.site.countOf(p.path) > 1).length;
    report('a crawl across SIGKILL', [
      `seed ${seed}`,
      ...figures,
      `complete: ${crawl.progress.audited} pages, each once in the result; ${refetched} pages fetched more than once (sample pages, and pages in flight at a kill)`,
    ]);
    await server!.stop();
    server = null;
  }, 600_000);
});
