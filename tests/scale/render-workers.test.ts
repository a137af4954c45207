/**
 * Rendered crawls scaled out (docs/audits.md#rendering-on-the-server): with REDIS_URL the API only queues, and the
 * pages with `render` are loaded by the browser of a `citable worker` process. The worker is SIGKILLed while one of
 * its pages is being rendered (the page's script is still being served): another worker takes the crawl over, the
 * page is rendered again and counted once, and no page is lost. Real PostgreSQL and Redis, all on 127.0.0.1.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditRenderError } from '../../shared/audit/errors.js';
import { createApp, type CitableApp } from '../../server/app/create-app.js';
import { listen } from '../../server/app/listen.js';
import { generateApiKey } from '../../server/auth/api-key.js';
import { createQueuedCrawls } from '../../server/crawls/queued/queued-crawls.js';
import { createJsonLogger } from '../../server/logging/logger.js';
import { createNodeFetcher } from '../../server/net/node-fetcher.js';
import { PostgresStore } from '../../server/store/postgres/store.js';
import { stopChild } from '../helpers/services/child-processes.js';
import { until } from '../helpers/until.js';
import { servicesAvailable, startPostgres, startRedis, type PostgresServer, type RedisServer } from '../helpers/services/index.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { startCrawlWorker, type WorkerProcess } from './helpers/crawl-worker.js';

const PAGES = 10;
/** Each page's script is held this long: a render is surely in progress while one is being served. */
const SCRIPT_DELAY_MS = 1_500;

interface SlowScript {
  /** The page that asked for it (the script's `from` parameter: each page names itself). */
  page: string;
  at: number;
}

/** A home page linking the other pages; every page loads /slow.js, which adds JSON-LD once it arrives. */
async function startSlowSite(served: SlowScript[], inFlight: Set<string>): Promise<FixtureSite> {
  const page = (title: string, from: string, links = '') =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
    `<script src="/slow.js?from=${encodeURIComponent(from)}"></script></head>` +
    `<body><main><h1>${title}</h1><p>${'Words every reader gets. '.repeat(40)}</p>${links}</main></body></html>`;
  const links = Array.from({ length: PAGES - 1 }, (_, i) => `<a href="/p/${i + 1}">Page ${i + 1}</a>`).join(' ');
  return startFixtureSite({
    '/': { body: page('Home', '/', links) },
    ...Object.fromEntries(Array.from({ length: PAGES - 1 }, (_, i) => [`/p/${i + 1}`, { body: page(`Page ${i + 1}`, `/p/${i + 1}`) }])),
    '/robots.txt': { body: 'User-agent: *\nAllow: /\n', headers: { 'content-type': 'text/plain' } },
    '/slow.js': (req, res) => {
      const from = new URL(req.url ?? '/', 'http://x').searchParams.get('from') ?? 'unknown';
      served.push({ page: from, at: Date.now() });
      inFlight.add(from);
      setTimeout(() => {
        inFlight.delete(from);
        res.writeHead(200, { 'content-type': 'text/javascript' });
        res.end(
          "var s = document.createElement('script'); s.type = 'application/ld+json';" +
            "s.textContent = JSON.stringify({ '@context': 'https://schema.org', '@type': 'WebPage', name: document.title });" +
            'document.head.appendChild(s);',
        );
      }, SCRIPT_DELAY_MS);
    },
  });
}

describe.runIf(servicesAvailable('postgres', 'redis'))('rendered crawls on citable worker processes (PostgreSQL, Redis)', () => {
  let pg: PostgresServer;
  let redis: RedisServer;
  let databaseUrl: string;
  let store: PostgresStore;
  let citable: CitableApp;
  let base: string;
  let key: string;
  let close: () => Promise<void>;
  let site: FixtureSite;
  const served: SlowScript[] = [];
  const inFlight = new Set<string>();
  const children: ChildProcess[] = [];
  /** Renders the API process was asked for: none, they belong to the workers. */
  let apiRenders = 0;

  const startWorker = async (): Promise<WorkerProcess> => {
    const worker = await startCrawlWorker({ DATABASE_URL: databaseUrl, REDIS_URL: redis.url });
    children.push(worker.child);
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

  beforeAll(async () => {
    [pg, redis, site] = await Promise.all([startPostgres(), startRedis(), startSlowSite(served, inFlight)]);
    databaseUrl = await pg.createDatabase('render_workers');
    store = await PostgresStore.open(databaseUrl);
    const account = await store.createAccount({ name: 'render', plan: 'agency' });
    const generated = generateApiKey();
    await store.createKey({ account_id: account.id, name: 'test', prefix: generated.prefix, hash: generated.hash });
    key = generated.key;
    const logger = createJsonLogger('error', () => undefined);
    const crawls = createQueuedCrawls({ store, redisUrl: redis.url, logger });
    const renderer = {
      unavailable: () => null,
      render: () => {
        apiRenders++;
        return Promise.reject(new AuditRenderError('unavailable', 'the API process does not render'));
      },
    };
    citable = createApp({
      store,
      fetcher: createNodeFetcher({ allowPrivate: true }),
      crawls,
      renderer,
      config: { auditAllowPrivate: true },
    });
    const { server, url } = await listen(citable.app.callback(), { host: '127.0.0.1', port: 0, tlsCert: null, tlsKey: null });
    base = url;
    close = async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await crawls.stop();
    };
  }, 120_000);

  afterAll(async () => {
    for (const child of children) await stopChild(child, 'SIGTERM').catch(() => undefined);
    await close?.();
    await store?.close();
    await site?.close();
    await Promise.all([redis?.stop(), pg?.stop()]);
  });

  it('a worker SIGKILLed mid-render: the page is rendered again by another, counted once, and no page is lost', async () => {
    const doomed = await startWorker();
    const created = await api('POST', '/api/v1/crawls', { url: site.url, max_pages: 100, render: 'all' });
    expect(created.status).toBe(202);
    const id = created.json.crawl.id as string;

    const cut = await until('a render to be in progress', async () => (inFlight.size > 0 ? [...inFlight][0] : undefined), {
      timeoutMs: 60_000,
      everyMs: 10,
    });
    const killedAt = Date.now();
    doomed.child.kill('SIGKILL');
    const taker = await startWorker();

    const crawl = await until(
      `crawl ${id} to end`,
      async () => {
        const c = (await api('GET', `/api/v1/crawls/${id}`)).json.crawl;
        return c.status === 'queued' || c.status === 'running' ? undefined : c;
      },
      { timeoutMs: 180_000, everyMs: 200 },
    );
    expect(crawl).toMatchObject({ status: 'complete', progress: { audited: PAGES, failed: 0 } });
    expect(taker.lines.some((l) => l.crawl_id === id && l.msg === 'crawl taken over')).toBe(true);

    const pages = (await api('GET', `/api/v1/crawls/${id}/pages?limit=500`)).json.pages as Array<{ url: string; audit_id: string }>;
    expect(pages).toHaveLength(PAGES);
    expect(new Set(pages.map((p) => p.url)).size).toBe(PAGES);
    // The page cut off mid-render was loaded again after the kill, and is in the result once, rendered.
    expect(served.filter((s) => s.page === cut && s.at > killedAt).length).toBeGreaterThanOrEqual(1);
    expect(pages.filter((p) => new URL(p.url).pathname === cut)).toHaveLength(1);
    for (const page of pages) {
      const audit = (await api('GET', `/api/v1/audits/${page.audit_id}`)).json.audit;
      expect(audit.rendering, page.url).not.toBeNull();
      expect(audit.rendering.rendered.json_ld, page.url).toBe(audit.rendering.raw.json_ld + 1);
    }
    expect(apiRenders).toBe(0);
  }, 300_000);
});
