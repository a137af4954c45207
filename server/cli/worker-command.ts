import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { createWorkerRunner } from '../audits/worker-runner.js';
import { crawlSettingsFor, type CrawlSettings } from '../crawls/crawl-settings.js';
import { createInProcessPageRunner, threadPageRunner } from '../crawls/page-runner.js';
import { openCrawlQueues } from '../crawls/queued/crawl-queues.js';
import { startCrawlWorker } from '../crawls/queued/crawl-worker.js';
import { createJsonLogger, LOG_LEVELS, type Logger, type LogLevel } from '../logging/logger.js';
import { createNodeFetcher } from '../net/node-fetcher.js';
import { readAuditSettings } from '../settings/audit-settings.js';
import { readCrawlSettings } from '../settings/crawl-settings.js';
import { ConfigError, readText } from '../settings/parse.js';
import { readStoreSettings } from '../settings/store-settings.js';
import { readLogsSettings, readLogUploadSettings, type LogUploadSettings } from '../settings/logs-settings.js';
import { createEventPublisher } from '../events/publisher.js';
import { startIngestWorker } from '../traffic/ingest-queue.js';
import { serverRanges } from '../traffic/server-ranges.js';
import { spoofEvents } from '../traffic/spoof-events.js';
import {
  readRenderSettings,
  RENDER_CONCURRENCY_DEFAULT,
  RENDER_TIMEOUT_DEFAULT_MS,
  type RenderSettings,
} from '../settings/render-settings.js';
import { createRenderHost } from '../render/render-host.js';
import type { PostgresStore } from '../store/postgres/store.js';
import { redactUrl } from '../util/redact-url.js';
import { startCommand } from './command-args.js';
import type { CliIo } from './io.js';

/** Pages a worker process audits at once unless CRAWL_CONCURRENCY says otherwise. */
export const WORKER_CRAWL_CONCURRENCY = 4;

const USAGE = 'Usage: citable worker';
const HELP = `${USAGE}

Runs site audits (crawls) and reads uploaded access logs for API servers that share its PostgreSQL and
Redis: with REDIS_URL the API only queues crawls and log uploads, and any number of worker processes, on
any machine, run them (pages spread over all of them). A worker stopped or killed mid-crawl or mid-log loses
nothing: its jobs go to another worker, each page is recorded and each log line counted once. Stop it with
Ctrl-C or SIGTERM; it finishes nothing new and hands its crawls and logs back.
It logs JSON lines on stdout: "worker ready", then each crawl or log it starts or takes over, hands back or ends.

Environment (read as the server reads it):
  DATABASE_URL            the server's PostgreSQL (required)
  REDIS_URL               the server's Redis (required)
  CRAWL_CONCURRENCY       pages audited at once by this process (default ${WORKER_CRAWL_CONCURRENCY}, on as many audit threads)
  CRAWL_HOST_CONCURRENCY  requests at once to one site (default 4), CRAWL_DEADLINE_MS, AUDIT_DEADLINE_MS
  RENDER_CONCURRENCY      pages of crawls with "render" rendered at once by this process (default ${RENDER_CONCURRENCY_DEFAULT})
  RENDER_TIMEOUT_MS       longest one page may take to render (default ${RENDER_TIMEOUT_DEFAULT_MS})
  RENDER_CHROMIUM_PATH    the headless Chromium that renders them (default CHROMIUM_PATH when set, else
                          Chromium's headless shell when installed, else /usr/bin/chromium)
  AUDIT_ALLOW_PRIVATE=1   allow private and loopback addresses (local development only; set it on the
                          workers as on the API servers, or the workers refuse the crawls the API accepts)
  LOG_SPOOL_DIR           where the API servers spool log uploads (default DATA_DIR/traffic/spool): the same
                          directory as theirs (shared storage when the worker runs on another machine)
  LOG_CHUNK_BYTES         log bytes per committed chunk (default 16 MiB), LOG_RANGES_FILE
  LOG_LEVEL               debug, info (default), warn, error or silent: JSON lines on stdout
`;

export interface WorkerCommandOptions {
  /** Ends the worker as SIGTERM does (tests); default: SIGINT and SIGTERM of this process. */
  stop?: AbortSignal;
  workerUrl?: URL;
}

interface WorkerConfig {
  databaseUrl: string;
  redisUrl: string;
  allowPrivate: boolean;
  level: LogLevel;
  settings: CrawlSettings;
  render: RenderSettings;
  logUpload: LogUploadSettings;
  rangesFile: string;
}

/** `citable worker`: the crawl queues' worker process (docs/scaling-out.md). */
export async function run(args: string[], io: CliIo, options: WorkerCommandOptions = {}): Promise<number> {
  const start = startCommand({ name: 'worker', usage: USAGE, help: HELP, options: {} }, args, io);
  if ('exit' in start) return start.exit;
  const { positionals, fail } = start;
  if (positionals.length) return fail(`takes no arguments. ${USAGE}`);
  let config: WorkerConfig | string;
  try {
    config = readWorkerConfig(io.env);
  } catch (err) {
    if (err instanceof ConfigError) return fail(err.message);
    throw err;
  }
  if (typeof config === 'string') return fail(config);
  const failure = await unreachable(config);
  if (failure) {
    io.stderr.write(`citable worker: ${failure}\n`);
    return 1;
  }
  // Listening for SIGTERM before "worker ready" is logged: a stop sent the moment it is read still hands the crawls back.
  const stopped = stopRequested(options.stop);
  const logger = createJsonLogger(config.level, (line) => io.stdout.write(line));
  const store = await openStore(config.databaseUrl);
  if (typeof store === 'string') {
    io.stderr.write(`citable worker: ${store}\n`);
    return 1;
  }
  const stopWorker = await startWorking(config, store, logger, options.workerUrl ?? new URL('../audit-worker.mjs', import.meta.url));
  await stopped;
  await stopWorker();
  return 0;
}

/** The environment as the worker needs it, or what is missing (a usage error). Throws ConfigError for a bad value. */
function readWorkerConfig(env: CliIo['env']): WorkerConfig | string {
  const databaseUrl = readStoreSettings(env).databaseUrl;
  const redisUrl = readText(env, 'REDIS_URL');
  if (!databaseUrl || !redisUrl)
    return 'needs DATABASE_URL and REDIS_URL, set as the API server has them: workers and servers share the crawls through both.';
  const audit = readAuditSettings(env);
  const settings = crawlSettingsFor({
    auditDeadlineMs: audit.deadlineMs,
    concurrency: WORKER_CRAWL_CONCURRENCY,
    env: readCrawlSettings(env),
  });
  const level = readText(env, 'LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) return 'LOG_LEVEL must be debug, info, warn, error or silent.';
  return {
    databaseUrl,
    redisUrl,
    allowPrivate: audit.allowPrivate,
    level: level as LogLevel,
    settings,
    render: readRenderSettings(env),
    logUpload: readLogUploadSettings(env),
    rangesFile: readLogsSettings(env).rangesFile,
  };
}

/** Why Redis cannot be reached, or null: BullMQ would otherwise wait for it without a word. */
async function unreachable(config: WorkerConfig): Promise<string | null> {
  const client = new Redis(config.redisUrl, {
    lazyConnect: true,
    connectTimeout: 5_000,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  let cause: Error | null = null; // the socket's error (ECONNREFUSED...), more telling than "Connection is closed"
  client.on('error', (error: Error) => (cause ??= error));
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return `REDIS_URL: cannot reach Redis at ${redactUrl(config.redisUrl)} (${(cause ?? (error as Error)).message})`;
  } finally {
    client.disconnect();
  }
}

/** The shared PostgreSQL store, or why it cannot be opened. */
async function openStore(databaseUrl: string): Promise<PostgresStore | string> {
  const { PostgresStore } = await import('../store/postgres/store.js');
  try {
    return await PostgresStore.open(databaseUrl, { poolSize: 8, applicationName: 'citable-worker' });
  } catch (error) {
    return `DATABASE_URL: cannot open the database at ${redactUrl(databaseUrl)} (${(error as Error).message})`;
  }
}

/** Starts the audit threads (when built) and the queue workers, logs "worker ready"; resolves with the stop. */
async function startWorking(config: WorkerConfig, store: PostgresStore, logger: Logger, workerUrl: URL): Promise<() => Promise<void>> {
  const { settings, allowPrivate } = config;
  const fetcher = createNodeFetcher({ allowPrivate });
  // One browser for this process's pages with `render`, on its own thread beside the audit threads.
  const renderer = createRenderHost(config.render, { allowPrivate, workerUrl: new URL('./render-worker.mjs', workerUrl) });
  const threads = existsSync(fileURLToPath(workerUrl))
    ? createWorkerRunner({
        workerUrl,
        renderer,
        allowPrivate,
        deadlineMs: settings.auditDeadlineMs,
        concurrency: settings.concurrency,
        queueLimit: 0,
      })
    : null;
  const queues = openCrawlQueues(config.redisUrl, logger);
  const pages = threads ? threadPageRunner(threads) : createInProcessPageRunner(fetcher, { renderer });
  const worker = await startCrawlWorker({ store, queues, fetcher, pages, settings, logger, allowPrivate });
  const ingests = startLogWorker(config, store, logger);
  logger.info('worker ready', {
    concurrency: settings.concurrency,
    audit_threads: threads ? settings.concurrency : 0,
    allow_private: allowPrivate,
    pid: process.pid,
    spool_dir: config.logUpload.spoolDir,
  });
  return async () => {
    logger.info('worker stopping', { pages_done: worker.pagesDone, ingests_done: ingests.done });
    await ingests.close(); // a log under way stops at its next committed chunk and goes back to the queue
    await worker.close();
    await queues.close();
    await threads?.close();
    await renderer.close();
    await store.close();
  };
}

/** The log uploads' side: reads queued ingests from the spool directory, raising crawler.spoofed as the API does. */
function startLogWorker(config: WorkerConfig, store: PostgresStore, logger: Logger) {
  const publisher = createEventPublisher({ store: () => store.webhooks(), logger });
  return startIngestWorker({
    redisUrl: config.redisUrl,
    traffic: () => store.traffic(),
    spoolDir: config.logUpload.spoolDir,
    chunkBytes: config.logUpload.chunkBytes,
    now: () => new Date(),
    logger,
    ranges: serverRanges(config.rangesFile, logger),
    onChunk: spoofEvents(publisher, () => store.projects()),
  });
}

/** Resolves on `stop` (tests), else on SIGINT or SIGTERM. */
function stopRequested(stop: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    if (stop) {
      if (stop.aborted) resolve();
      else stop.addEventListener('abort', () => resolve(), { once: true });
      return;
    }
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}
