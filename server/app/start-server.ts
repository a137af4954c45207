/**
 * Builds and starts the whole API server from its configuration: logger, rate-limit counters, store,
 * citation tracking, audit worker threads, the Koa app and its listener. Signals and the process's exit
 * are server/main.ts's; this hands back `announce` (the first key and the "listening" line) and `stop`.
 */
import { countRender } from '../metrics/work-metrics.js';
import { existsSync } from 'node:fs';
import type { RequestListener, Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createWorkerRunner, type WorkerRunner } from '../audits/worker-runner.js';
import type { CitationConfig } from '../citations/config.js';
import { createJsonLogger, type Logger } from '../logging/logger.js';
import { closeRateLimitBackend, createRateLimitBackend, type RateLimitBackend } from '../middleware/rate-limit-backend.js';
import { createNodeFetcher } from '../net/node-fetcher.js';
import { checkRedis } from '../ratelimit/redis-backend.js';
import type { ServerConfig } from '../settings/server-config.js';
import { logJournalDamage, openServerStore, type OpenedStore } from '../store/factory.js';
import { createFirstAccountIfEmpty, firstKeyBanner, type FirstAccount } from './bootstrap.js';
import { createApp, type CitableApp } from './create-app.js';
import { createTrafficService } from '../traffic/traffic-service.js';
import { spoofEvents } from '../traffic/spoof-events.js';
import { serverRanges } from '../traffic/server-ranges.js';
import { openIngestQueue } from '../traffic/ingest-queue.js';
import { readLogsSettings } from '../settings/logs-settings.js';
import { listen } from './listen.js';
import { createServerCitations, type ServerCitations } from './server-citations.js';
import { shutDown } from './shutdown.js';
import { createServerCrawls } from './server-crawls.js';
import { deferred, type Deferred } from '../util/deferred.js';
import { createReportsRuntime, type ReportsRuntime } from '../reports/reports-runtime.js';
import { createWebhookRuntime, type WebhookRuntime } from '../webhooks/webhook-runtime.js';
import type { Fetcher } from '../../shared/types/fetcher.js';
import type { CrawlService } from '../crawls/crawl-service.js';
import type { MonitorScheduler } from '../monitors/in-process-monitor-scheduler.js';
import type { Store } from '../store/contracts/store.js';
import { createNodeMonitorScheduler } from './server-monitors.js';
import { createRenderHost } from '../render/render-host.js';
import type { PageRendererHost } from '../render/page-renderer.js';
import { startServerOperations, type ServerOperations } from './server-operations.js';
import { timedStore } from './timed-store.js';

export interface StartOptions {
  /** The audit worker thread's script (dist/audit-worker.mjs beside the built server); absent: audits run on this thread. */
  workerUrl: URL;
  /** When the start began (for `startup_ms`). */
  startedAt?: number;
}

export interface RunningServer {
  url: string;
  logger: Logger;
  /** Prints the first start's key banner, if any, then logs "listening". */
  announce(): void;
  /** Graceful stop: drain, cancel what outlives the grace period, close everything, release the data directory. */
  stop(): Promise<void>;
}

export async function startServer(config: ServerConfig, citationConfig: CitationConfig, options: StartOptions): Promise<RunningServer> {
  const started = options.startedAt ?? performance.now();
  const logger = createJsonLogger(config.logLevel);
  // The port first: a busy port must stop the start before anything exists (a data directory, the first
  // account and its key, which would then never be printed). Requests that arrive meanwhile wait for the app.
  const app = deferred<RequestListener>();
  const { server, url, tls } = await listen((req, res) => void app.promise.then((handle) => handle(req, res)), config);
  try {
    return await startBehind(server, { url, tls, app, started, logger }, config, citationConfig, options);
  } catch (error) {
    server.close();
    server.closeAllConnections();
    throw error;
  }
}

interface Listener {
  url: string;
  tls: boolean;
  /** Resolved with the app once it is built: requests that came in meanwhile then get their answer. */
  app: Deferred<RequestListener>;
  started: number;
  logger: Logger;
}

/** What the server runs on, built in order: each part may publish into or read from the ones before it. */
interface Services {
  rateLimitBackend: RateLimitBackend;
  opened: OpenedStore;
  webhooks: WebhookRuntime;
  citations: ServerCitations;
  runner: WorkerRunner | undefined;
  fetcher: Fetcher;
  crawls: CrawlService;
  reports: ReportsRuntime;
  /** The process's browser for audits and crawls with `render` (server/render/). */
  renderer: PageRendererHost;
  /** The store every part uses: opened.store with each operation timed for the metrics. */
  store: Store;
  /** Audits stored at start (for the "listening" line). */
  audits: number;
}

async function startBehind(
  server: Server,
  listener: Listener,
  config: ServerConfig,
  citationConfig: CitationConfig,
  options: StartOptions,
): Promise<RunningServer> {
  const { logger } = listener;
  const services = await openServices(config, citationConfig, options, logger);
  const { opened, runner, crawls, citations, webhooks } = services;
  const citable = createApp({
    store: services.store,
    reports: services.reports,
    fetcher: services.fetcher,
    crawls,
    ...(runner ? { runner } : {}),
    renderer: services.renderer,
    config,
    logger,
    rateLimitBackend: services.rateLimitBackend,
    citations: citations.runtime,
    webhooks,
    traffic: createTrafficService({
      traffic: () => opened.store.traffic(),
      spoolDir: config.logUpload.spoolDir,
      chunkBytes: config.logUpload.chunkBytes,
      maxUploadBytes: config.logUploadMaxBytes,
      now: () => new Date(),
      logger,
      onChunk: spoofEvents(webhooks.publisher, () => opened.store.projects()),
      ranges: serverRanges(readLogsSettings(process.env).rangesFile, logger),
      // With workers (as for crawls), this process only spools uploads and queues them.
      ...(config.redisUrl && config.databaseUrl ? { queue: openIngestQueue(config.redisUrl, logger) } : {}),
    }),
  });
  // Last, once nothing else can fail: the first account, whose key announce() prints.
  const first = await opened.exclusive(() => createFirstAccountIfEmpty(opened.store)); // one first account, however many start at once
  const operations = await startServerOperations({ config, store: services.store, logger, waitingLine: runner?.waitingLine });
  listener.app.resolve(citable.app.callback());
  runner?.warm();
  crawls.start().catch((error: unknown) => logger.error('crawls failed to resume', { error: String(error) }));
  citations.runtime.scheduler
    .start()
    .catch((error: unknown) => logger.error('citation scheduler failed to start', { error: String(error) }));
  webhooks.start(); // pending deliveries a previous process stored are sent now
  citable.traffic.resume().catch((error: unknown) => logger.error('log uploads failed to resume', { error: String(error) }));
  const monitorScheduler = await createNodeMonitorScheduler(citable.monitors, config, logger);
  monitorScheduler.start().catch((error: unknown) => logger.error('monitor scheduler failed to start', { error: String(error) }));
  return {
    url: listener.url,
    logger,
    announce: () => announce(listener, config, services, first, monitorScheduler),
    stop: () => stopAll(server, config, logger, services, citable, monitorScheduler, operations),
  };
}

async function openServices(
  config: ServerConfig,
  citationConfig: CitationConfig,
  options: StartOptions,
  logger: Logger,
): Promise<Services> {
  const rateLimitBackend = createRateLimitBackend(config);
  if (rateLimitBackend.driver === 'redis') await checkRedis(rateLimitBackend.db, config.redisUrl!);

  // DATABASE_URL: PostgreSQL (migrated at start, shared by processes); else lowdb in DATA_DIR (locked to this process).
  const opened = await openStoreLogged(config, logger);
  const store = timedStore(opened.store, opened.kind);
  if (opened.kind === 'postgres' && !config.redisUrl) {
    // PostgreSQL lets several processes share the data, but rate limits, the citation schedule and its
    // daily budget are then still per process: say so rather than let a second process double them.
    logger.warn(
      'DATABASE_URL without REDIS_URL: run a single API process, or set REDIS_URL so processes share rate limits, citation checks and their daily budget',
    );
  }
  // Webhooks first: citation rows and audits publish events into their outbox.
  const webhooks = createWebhookRuntime({
    store: () => store.webhooks(),
    logger,
    allowPrivate: config.auditAllowPrivate,
    perWebhook: config.webhookConcurrency,
  });
  const citations = await createServerCitations(citationConfig, store, logger, config.redisUrl, {
    events: webhooks.publisher,
    scheduleCheckMs: config.scheduleCheckMs,
  });
  const audits = await store.countAudits();
  const renderer = serverRenderer(config, options.workerUrl, logger);
  const runner = auditThreads(config, options.workerUrl, renderer);
  const fetcher = createNodeFetcher({ allowPrivate: config.auditAllowPrivate });
  const crawls = await createServerCrawls({ config, store, fetcher, runner, renderer, logger });
  // Chromium starts on the first PDF, driven from its own thread (dist/pdf-worker.mjs beside the audit worker).
  const reports = createReportsRuntime(config.reports, new URL('./pdf-worker.mjs', options.workerUrl));
  return { rateLimitBackend, opened, store, webhooks, citations, runner, fetcher, crawls, reports, renderer, audits };
}

/**
 * Chromium starts on the first render, driven from its own thread (dist/render-worker.mjs beside the audit worker),
 * at a lower CPU priority than the thread that answers the API.
 */
function serverRenderer(config: ServerConfig, workerUrl: URL, logger: Logger): PageRendererHost {
  return createRenderHost(config.render, {
    allowPrivate: config.auditAllowPrivate,
    workerUrl: new URL('./render-worker.mjs', workerUrl),
    lowerPriority: true,
    // citable_renders_total and citable_render_duration_seconds of GET /metrics, by outcome.
    onRender: (outcome, seconds) => {
      countRender(outcome, seconds);
      if (outcome !== 'ok') logger.debug('render ended', { outcome, seconds });
    },
  });
}

/**
 * Audits run in worker threads, so their CPU work never stalls the API; run from source without a
 * build, they run on this thread (undefined).
 */
function auditThreads(config: ServerConfig, workerUrl: URL, renderer: PageRendererHost): WorkerRunner | undefined {
  if (!existsSync(fileURLToPath(workerUrl))) return undefined;
  return createWorkerRunner({
    workerUrl,
    renderer,
    allowPrivate: config.auditAllowPrivate,
    deadlineMs: config.auditDeadlineMs,
    concurrency: config.auditConcurrency,
    queueLimit: config.auditQueueLimit,
  });
}

/** The first start's key banner, if any, then the "listening" line. */
function announce(
  listener: Listener,
  config: ServerConfig,
  services: Services,
  first: FirstAccount | null,
  monitors: MonitorScheduler,
): void {
  const { url, tls, started, logger } = listener;
  const { opened, runner } = services;
  if (first) process.stdout.write(firstKeyBanner(first, url, config));
  logger.info('listening', {
    url,
    tls,
    ...(opened.kind === 'postgres' ? { database: opened.location } : { data_dir: opened.location }),
    store: opened.kind,
    rate_limits: services.rateLimitBackend.driver,
    citation_queue: services.citations.queue,
    monitor_scheduler: monitors.kind,
    audits: services.audits,
    audit_threads: runner ? config.auditConcurrency : 0,
    startup_ms: Math.round(performance.now() - started),
    allow_private: config.auditAllowPrivate,
  });
}

async function stopAll(
  server: Server,
  config: ServerConfig,
  logger: Logger,
  services: Services,
  citable: CitableApp,
  monitorScheduler: MonitorScheduler,
  operations: ServerOperations,
): Promise<void> {
  await operations.stop(); // a retention pass under way finishes first
  await services.crawls.stop(); // running crawls resume at the next start, each page once
  const closeStore = async () => {
    await monitorScheduler.stop();
    // Monitor runs get a moment; then their audits are cancelled, and they run again at the next start.
    await citable.monitors.stop(5_000, () => citable.runner.abortAll('the server is shutting down'));
    await services.webhooks.stop(); // an attempt cut short is sent again (same event id) at the next start
    await services.citations.stop(); // unfinished checks resume at the next start
    await services.reports.close();
    await services.renderer.close();
    await services.opened.store.close();
    await closeRateLimitBackend(services.rateLimitBackend);
  };
  await shutDown({ server, citable, closeStore, logger, graceMs: config.shutdownGraceMs });
  await services.opened.release();
}

function openStoreLogged(config: ServerConfig, logger: Logger): Promise<OpenedStore> {
  return openServerStore(config, {
    cacheBytes: config.auditCacheMb * 1024 * 1024,
    warmTraffic: true,
    onDroppedLines: (count) => logger.warn('audit journal: dropped unreadable lines (a write a crash interrupted)', { count }),
    onSweep: (sweep) =>
      'removed' in sweep
        ? logger.info('after a crash: removed audit files without a journal line (puts the crash cut short, never acknowledged)', {
            count: sweep.removed,
          })
        : logger.warn(
            'after a crash: kept audit files without a journal line, because the journal has damaged lines; they may be acknowledged audits',
            {
              files: sweep.unindexedFiles,
              damaged_lines: sweep.damagedLines,
            },
          ),
    onDroppedJournalLines: logJournalDamage(logger),
  });
}
