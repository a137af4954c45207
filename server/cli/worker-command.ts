import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createWorkerRunner } from '../audits/worker-runner.js';
import { crawlSettingsFor } from '../crawls/crawl-settings.js';
import { createInProcessPageRunner, threadPageRunner } from '../crawls/page-runner.js';
import { openCrawlQueues } from '../crawls/queued/crawl-queues.js';
import { startCrawlWorker } from '../crawls/queued/crawl-worker.js';
import { createJsonLogger } from '../logging/logger.js';
import { createNodeFetcher } from '../net/node-fetcher.js';
import { readAuditSettings } from '../settings/audit-settings.js';
import { readCrawlSettings } from '../settings/crawl-settings.js';
import { ConfigError, readText } from '../settings/parse.js';
import { readStoreSettings } from '../settings/store-settings.js';
import { startCommand } from './command-args.js';
import type { CliIo } from './io.js';

/** Pages a worker process audits at once unless CRAWL_CONCURRENCY says otherwise. */
export const WORKER_CRAWL_CONCURRENCY = 4;

const USAGE = 'Usage: citable worker';
const HELP = `${USAGE}

Runs site audits (crawls) for API servers that share its PostgreSQL and Redis: with REDIS_URL the API only
queues crawls, and any number of worker processes, on any machine, run them (pages spread over all of
them). A worker stopped or killed mid-crawl loses nothing: its jobs go to another worker, each page is
recorded once. Stop it with Ctrl-C or SIGTERM; it finishes nothing new and hands its crawls back.

Environment (read as the server reads it):
  DATABASE_URL            the server's PostgreSQL (required)
  REDIS_URL               the server's Redis (required)
  CRAWL_CONCURRENCY       pages audited at once by this process (default ${WORKER_CRAWL_CONCURRENCY}, on as many audit threads)
  CRAWL_HOST_CONCURRENCY  requests at once to one site (default 4), CRAWL_DEADLINE_MS, AUDIT_DEADLINE_MS
  AUDIT_ALLOW_PRIVATE=1   allow private and loopback addresses (local development only)
  LOG_LEVEL               debug, info (default), warn, error or silent: JSON lines on stdout
`;

export interface WorkerCommandOptions {
  /** Ends the worker as SIGTERM does (tests); default: SIGINT and SIGTERM of this process. */
  stop?: AbortSignal;
  workerUrl?: URL;
}

/** `citable worker`: the crawl queues' worker process (contract section 10, scale-out). */
export async function run(args: string[], io: CliIo, options: WorkerCommandOptions = {}): Promise<number> {
  const start = startCommand({ name: 'worker', usage: USAGE, help: HELP, options: {} }, args, io);
  if ('exit' in start) return start.exit;
  const { positionals, fail } = start;
  if (positionals.length) return fail(`takes no arguments. ${USAGE}`);
  let settings;
  let store;
  let redisUrl: string;
  let allowPrivate: boolean;
  let level;
  try {
    const storeSettings = readStoreSettings(io.env);
    const redis = readText(io.env, 'REDIS_URL');
    if (!storeSettings.databaseUrl || !redis)
      return fail('needs DATABASE_URL and REDIS_URL, set as the API server has them: workers and servers share the crawls through both.');
    redisUrl = redis;
    const audit = readAuditSettings(io.env);
    allowPrivate = audit.allowPrivate;
    settings = crawlSettingsFor({
      auditDeadlineMs: audit.deadlineMs,
      concurrency: WORKER_CRAWL_CONCURRENCY,
      env: readCrawlSettings(io.env),
    });
    const levelText = readText(io.env, 'LOG_LEVEL') ?? 'info';
    if (!['debug', 'info', 'warn', 'error', 'silent'].includes(levelText))
      return fail('LOG_LEVEL must be debug, info, warn, error or silent.');
    level = levelText as 'info';
    const { PostgresStore } = await import('../store/postgres/store.js');
    store = await PostgresStore.open(storeSettings.databaseUrl, { poolSize: 8, applicationName: 'citable-worker' });
  } catch (err) {
    if (err instanceof ConfigError) return fail(err.message);
    throw err;
  }
  const logger = createJsonLogger(level, (line) => io.stdout.write(line));
  const fetcher = createNodeFetcher({ allowPrivate });
  const workerUrl = options.workerUrl ?? new URL('../audit-worker.mjs', import.meta.url);
  const threads = existsSync(fileURLToPath(workerUrl))
    ? createWorkerRunner({
        workerUrl,
        allowPrivate,
        deadlineMs: settings.auditDeadlineMs,
        concurrency: settings.concurrency,
        queueLimit: 0,
      })
    : null;
  const queues = openCrawlQueues(redisUrl, logger);
  const worker = await startCrawlWorker({
    store,
    queues,
    fetcher,
    pages: threads ? threadPageRunner(threads) : createInProcessPageRunner(fetcher),
    settings,
    logger,
  });
  logger.info('worker ready', { concurrency: settings.concurrency, audit_threads: threads ? settings.concurrency : 0 });

  await new Promise<void>((resolve) => {
    if (options.stop) {
      if (options.stop.aborted) resolve();
      else options.stop.addEventListener('abort', () => resolve(), { once: true });
      return;
    }
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  logger.info('worker stopping', { pages_done: worker.pagesDone });
  await worker.close();
  await queues.close();
  await threads?.close();
  await store.close();
  return 0;
}
