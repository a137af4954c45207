/**
 * Site audits scaled out (docs/api-decisions.md#crawls): an API that only queues crawls (REDIS_URL, PostgreSQL) and two
 * `citable worker` processes that run them, all on 127.0.0.1. Both workers audit pages of one crawl, and the
 * rollup is the same as the embedded server's; a worker SIGKILLed mid-crawl loses nothing: a third worker takes
 * its jobs and every page is in the result once. Without a worker the API says the crawl will wait; a worker
 * on another database gives the crawl's job back; Redis emptied mid-crawl loses and mixes up no page.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type CitableApp } from '../../server/app/create-app.js';
import { listen } from '../../server/app/listen.js';
import { generateApiKey } from '../../server/auth/api-key.js';
import { createQueuedCrawls, WAITING_FOR_WORKER_NOTE } from '../../server/crawls/queued/queued-crawls.js';
import { createJsonLogger } from '../../server/logging/logger.js';
import { createNodeFetcher } from '../../server/net/node-fetcher.js';
import { PostgresStore } from '../../server/store/postgres/store.js';
import { stopChild } from '../helpers/services/child-processes.js';
import { until } from '../helpers/until.js';
import { servicesAvailable, startPostgres, startRedis, type PostgresServer, type RedisServer } from '../helpers/services/index.js';
import { startTemplatedSite, type TemplatedSite } from '../crawls/helpers/templated-site.js';
import { startCrawlWorker, type WorkerProcess } from './helpers/crawl-worker.js';

describe.runIf(servicesAvailable('postgres', 'redis'))('crawls on two citable worker processes (PostgreSQL, Redis)', () => {
  let pg: PostgresServer;
  let redis: RedisServer;
  let databaseUrl: string;
  let store: PostgresStore;
  let citable: CitableApp;
  let base: string;
  let key: string;
  let close: () => Promise<void>;
  let fixture: TemplatedSite;
  const workers: WorkerProcess[] = [];

  /** What the API process logged (warnings and up). */
  const apiLog: Array<Record<string, unknown>> = [];
  const startWorker = async (database = databaseUrl): Promise<WorkerProcess> => {
    const worker = await startCrawlWorker({ DATABASE_URL: database, REDIS_URL: redis.url, CRAWL_CONCURRENCY: '3' });
    workers.push(worker);
    return worker;
  };
  const api = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, json: (await res.json()) as any };
  };
  const crawlToEnd = async (body: unknown, during?: (id: string) => Promise<void>) => {
    const created = await api('POST', '/api/v1/crawls', body);
    expect(created.status).toBe(202);
    const id = created.json.crawl.id as string;
    if (during) await during(id);
    return until(
      `crawl ${id} to end`,
      async () => {
        const c = (await api('GET', `/api/v1/crawls/${id}`)).json.crawl;
        return c.status === 'queued' || c.status === 'running' ? undefined : c;
      },
      { timeoutMs: 180_000, everyMs: 100 },
    );
  };
  const allPages = async (id: string) => {
    const pages: any[] = [];
    let cursor: string | null = null;
    do {
      const res: { json: any } = await api('GET', `/api/v1/crawls/${id}/pages?limit=500${cursor ? `&cursor=${cursor}` : ''}`);
      pages.push(...res.json.pages);
      cursor = res.json.next_cursor;
    } while (cursor);
    return pages;
  };

  beforeAll(async () => {
    [pg, redis, fixture] = await Promise.all([
      startPostgres(),
      startRedis(),
      startTemplatedSite({ blog: 30, blogFr: 4, products: 30, docs: 5 }),
    ]);
    databaseUrl = await pg.createDatabase('crawls');
    store = await PostgresStore.open(databaseUrl);
    const account = await store.createAccount({ name: 'crawls', plan: 'agency' });
    const generated = generateApiKey();
    await store.createKey({ account_id: account.id, name: 'test', prefix: generated.prefix, hash: generated.hash });
    key = generated.key;
    const logger = createJsonLogger('warn', (line) => void apiLog.push(JSON.parse(line) as Record<string, unknown>));
    const crawls = createQueuedCrawls({ store, redisUrl: redis.url, logger });
    citable = createApp({ store, fetcher: createNodeFetcher({ allowPrivate: true }), crawls, config: { auditAllowPrivate: true } });
    const { server, url } = await listen(citable.app.callback(), { host: '127.0.0.1', port: 0, tlsCert: null, tlsKey: null });
    base = url;
    close = async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await crawls.stop();
    };
    await Promise.all([startWorker(), startWorker()]);
  }, 120_000);

  afterAll(async () => {
    for (const w of workers) await stopChild(w.child, 'SIGTERM').catch(() => undefined);
    await close?.();
    await store?.close();
    await fixture?.site.close();
    await Promise.all([redis?.stop(), pg?.stop()]);
  });

  it('both workers audit pages of one crawl; the rollup counts every page once', async () => {
    const crawl = await crawlToEnd({ url: fixture.site.url, max_pages: 1000 });
    expect(crawl).toMatchObject({ status: 'complete', progress: { audited: fixture.pages.length, failed: 0 } });
    const pages = await allPages(crawl.id);
    expect(new Set(pages.map((p) => p.url)).size).toBe(fixture.pages.length);
    for (const rule of ['content.single-h1', 'content.meta-description', 'content.image-alt']) {
      expect(crawl.issues.find((i: any) => i.rule === rule)?.pages, rule).toBe(fixture.faultCount(rule));
    }
    expect((await api('GET', `/api/v1/audits/${pages[5].audit_id}`)).json.audit).toMatchObject({ origin: 'crawl', crawl_id: crawl.id });
    // Each worker took page jobs: stop both and read what they say they did.
    for (const w of workers.splice(0)) {
      await stopChild(w.child, 'SIGTERM');
      expect(Number(w.lines.find((l) => l.msg === 'worker stopping')?.pages_done), 'pages done by a worker').toBeGreaterThan(0);
    }
  }, 200_000);

  it('with no worker, the API warns; a worker on another database gives the job back; one on this database runs it', async () => {
    const created = await api('POST', '/api/v1/crawls', { url: fixture.site.url, max_pages: 1000 });
    const id = created.json.crawl.id as string;
    // The API says so too: the queued crawl's notes tell it waits for a worker.
    expect(created.json.crawl.notes).toContain(WAITING_FOR_WORKER_NOTE);
    expect((await api('GET', `/api/v1/crawls/${id}`)).json.crawl.notes).toContain(WAITING_FOR_WORKER_NOTE);
    await until(
      'the API to warn that no worker is connected',
      async () => (apiLog.some((l) => l.crawl_id === id && /no citable worker is connected/.test(String(l.msg))) ? true : undefined),
      { timeoutMs: 10_000, everyMs: 100 },
    );
    const elsewhere = await startWorker(await pg.createDatabase('elsewhere'));
    await until(
      'the worker on another database to give the job back',
      async () => (elsewhere.lines.some((l) => l.crawl_id === id && /database does not have/.test(String(l.msg))) ? true : undefined),
      { timeoutMs: 30_000, everyMs: 100 },
    );
    expect((await api('GET', `/api/v1/crawls/${id}`)).json.crawl.status).toBe('queued');
    const right = await startWorker();
    const crawl = await until(
      'the crawl to complete',
      async () => {
        const c = (await api('GET', `/api/v1/crawls/${id}`)).json.crawl;
        return c.status === 'complete' ? c : undefined;
      },
      { timeoutMs: 180_000, everyMs: 100 },
    );
    expect(crawl.progress).toMatchObject({ audited: fixture.pages.length, failed: 0 });
    expect(crawl.notes).not.toContain(WAITING_FOR_WORKER_NOTE);
    expect(right.lines.some((l) => l.crawl_id === id && l.msg === 'crawl started')).toBe(true);
    for (const w of [elsewhere, right]) await stopChild(w.child, 'SIGTERM');
    workers.splice(0);
  }, 240_000);

  it('a worker SIGKILLed mid-crawl: another takes its jobs, and every page is in the result once', async () => {
    const [doomed] = await Promise.all([startWorker(), startWorker()]);
    const crawl = await crawlToEnd({ url: fixture.site.url, max_pages: 1000 }, async (id) => {
      await until(
        `crawl ${id} to audit 10 pages`,
        async () => ((await api('GET', `/api/v1/crawls/${id}`)).json.crawl.progress.audited >= 10 ? true : undefined),
        { timeoutMs: 60_000, everyMs: 100 },
      );
      doomed!.child.kill('SIGKILL');
      await startWorker();
    });
    expect(crawl).toMatchObject({ status: 'complete', progress: { audited: fixture.pages.length, failed: 0 } });
    const pages = await allPages(crawl.id);
    expect(pages).toHaveLength(fixture.pages.length);
    expect(new Set(pages.map((p) => p.url)).size).toBe(fixture.pages.length);
  }, 240_000);

  it('the worker coordinating a crawl SIGKILLed: the crawl that another resumes keeps its notes (why URLs were skipped)', async () => {
    // Before: the skip tally lived in the coordinating worker's memory; the resumed crawl lost its robots.txt and
    // other-host notes, and said max_pages was reached when every URL it skipped was skipped for another reason.
    // /blog/post-3 is listed in a sitemap only, read before the kill: robots.txt refuses it.
    const refusing = await startTemplatedSite({ blog: 20, blogFr: 0, products: 20, docs: 8, robotsExtra: 'Disallow: /blog/post-3' });
    try {
      const audited = refusing.pages.length - 1;
      await Promise.all([startWorker(), startWorker()]);
      const crawl = await crawlToEnd({ url: refusing.site.url, max_pages: audited }, async (id) => {
        await until(
          `crawl ${id} to audit 5 pages`,
          async () => ((await api('GET', `/api/v1/crawls/${id}`)).json.crawl.progress.audited >= 5 ? true : undefined),
          { timeoutMs: 60_000, everyMs: 50 },
        );
        const coordinator = workers.find((w) => w.lines.some((l) => l.crawl_id === id && l.msg === 'crawl started'))!;
        coordinator.child.kill('SIGKILL');
        await startWorker();
      });
      expect(crawl).toMatchObject({ status: 'complete', progress: { audited, failed: 0 } });
      expect(workers.some((w) => w.lines.some((l) => l.crawl_id === crawl.id && l.msg === 'crawl taken over'))).toBe(true);
      expect(crawl.notes).toContain('robots.txt refuses 1 URL to the Citable crawler: skipped.');
      expect(crawl.notes).toContain('1 link to other hosts was not followed (skipped).');
      expect(crawl.notes.join(' ')).not.toMatch(/max_pages/);
    } finally {
      await refusing.site.close();
    }
  }, 240_000);

  it('Redis emptied mid-crawl: the crawl ends complete, every page once and with its own audit', async () => {
    // Before: BullMQ numbered the new page jobs from 1 again, and a page waiting for a lost job took another page's answer.
    const crawl = await crawlToEnd({ url: fixture.site.url, max_pages: 1000 }, async (id) => {
      await until(
        'ten pages audited',
        async () => ((await api('GET', `/api/v1/crawls/${id}`)).json.crawl.progress.audited >= 10 ? true : undefined),
        { timeoutMs: 60_000, everyMs: 100 },
      );
      const client = new Redis(redis.url);
      await client.flushall();
      client.disconnect();
    });
    expect(crawl).toMatchObject({ status: 'complete', progress: { audited: fixture.pages.length, failed: 0 } });
    const pages = await allPages(crawl.id);
    expect(new Set(pages.map((p) => p.url)).size).toBe(fixture.pages.length);
    for (const page of pages) {
      const audit = (await api('GET', `/api/v1/audits/${page.audit_id}`)).json.audit;
      expect(audit.final_url ?? audit.url, page.url).toBe(page.url);
    }
  }, 240_000);
});
