/**
 * Site audits scaled out: pages per second of one crawl run by one, then two `citable worker`
 * processes (the built CLI, audit threads) on one PostgreSQL and one Redis, the API queuing the crawl in this
 * process; a loopback site of PAGES pages of about 30 KB in five templates. Reported, no target.
 *
 *   npx tsx bench/crawl-workers.bench.ts [pages=1000]
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../server/app/create-app.js';
import { listen } from '../server/app/listen.js';
import { generateApiKey } from '../server/auth/api-key.js';
import { createQueuedCrawls } from '../server/crawls/queued/queued-crawls.js';
import { silentLogger } from '../server/logging/logger.js';
import { createNodeFetcher } from '../server/net/node-fetcher.js';
import { PostgresStore } from '../server/store/postgres/store.js';
import { startPostgres, startRedis } from '../tests/helpers/services/index.js';
import { startTemplatedSite } from '../tests/crawls/helpers/templated-site.js';
import { figure, printBenchResult, type BenchFigure } from './lib/bench-result.js';
import { GUARD } from './lib/peer-tools.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const PAGES = Number(process.argv[2] ?? 1000);
if (process.env.BENCH_SKIP_BUILD !== '1') execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });

const [pg, redis] = await Promise.all([startPostgres({ durable: true }), startRedis()]);
const databaseUrl = await pg.createDatabase('crawlbench');
const store = await PostgresStore.open(databaseUrl);
const account = await store.createAccount({ name: 'bench', plan: 'agency' });
const key = generateApiKey();
await store.createKey({ account_id: account.id, name: 'bench', prefix: key.prefix, hash: key.hash });
const crawls = createQueuedCrawls({ store, redisUrl: redis.url, logger: silentLogger });
const citable = createApp({ store, fetcher: createNodeFetcher({ allowPrivate: true }), crawls, config: { auditAllowPrivate: true } });
const { server, url } = await listen(citable.app.callback(), { host: '127.0.0.1', port: 0, tlsCert: null, tlsKey: null });
const auth = { authorization: `Bearer ${key.key}` };

function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-r', GUARD, path.join(root, 'bin/citable.cjs'), 'worker'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, REDIS_URL: redis.url, AUDIT_ALLOW_PRIVATE: '1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('"worker ready"')) resolve(child);
    });
  });
}

async function crawlRate(label: string): Promise<number> {
  const fixture = await startTemplatedSite({
    blog: Math.round(PAGES * 0.3),
    blogFr: 10,
    products: Math.round(PAGES * 0.3),
    docs: 10,
    guides: PAGES - 21 - 2 * Math.round(PAGES * 0.3),
    words: 4_800,
  });
  try {
    const t0 = performance.now();
    const created = await fetch(`${url}/api/v1/crawls`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ url: fixture.site.url, max_pages: PAGES }),
    });
    const id = ((await created.json()) as { crawl: { id: string } }).crawl.id;
    for (;;) {
      const crawl = (
        (await (await fetch(`${url}/api/v1/crawls/${id}`, { headers: auth })).json()) as {
          crawl: { status: string; progress: { audited: number } };
        }
      ).crawl;
      if (crawl.status !== 'queued' && crawl.status !== 'running') {
        const rate = crawl.progress.audited / ((performance.now() - t0) / 1000);
        console.log(`${label}: ${crawl.progress.audited} pages, ${crawl.status}, ${rate.toFixed(0)} pages/s`);
        return rate;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await fixture.site.close();
  }
}

const figures: BenchFigure[] = [];
const workers: ChildProcess[] = [];
try {
  workers.push(await startWorker());
  const one = await crawlRate('one citable worker');
  workers.push(await startWorker());
  const two = await crawlRate('two citable workers');
  figures.push(figure(`one citable worker, ${PAGES}-page crawl (PostgreSQL, Redis)`, one, 'pages/s'));
  figures.push(figure(`two citable workers, ${PAGES}-page crawl (PostgreSQL, Redis)`, two, 'pages/s'));
} finally {
  for (const w of workers) {
    w.kill('SIGTERM');
    await new Promise((resolve) => w.on('exit', resolve));
  }
  server.closeAllConnections();
  server.close();
  await crawls.stop();
  await store.close();
  await Promise.all([redis.stop(), pg.stop()]);
}
printBenchResult({
  name: 'crawl-workers',
  figures,
  notes: [
    'Both workers on the same 2-core machine as PostgreSQL, Redis, the API and the site: two workers share the same two cores, so this measures the queue overhead more than scale-out.',
  ],
});
