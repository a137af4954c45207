/**
 * `npm start`: read the environment, open the data directory, create the first account on first start,
 * serve, and stop gracefully on SIGTERM / SIGINT.
 */
import { createNodeFetcher } from './net/node-fetcher.js';
import { ConfigError, readConfig } from './config.js';
import { createApp } from './app/create-app.js';
import { readCitationConfig } from './citations/config.js';
import { createCitationsRuntime } from './citations/runtime.js';
import { createFirstAccountIfEmpty, firstKeyBanner } from './app/bootstrap.js';
import { listen } from './app/listen.js';
import { shutDown } from './app/shutdown.js';
import { createJsonLogger } from './logging/logger.js';
import { closeRateLimitBackend, createRateLimitBackend } from './middleware/rate-limit-backend.js';
import { checkRedis } from './ratelimit/redis-backend.js';
import { openServerStore } from './store/factory.js';
import { createWorkerRunner } from './audits/worker-runner.js';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

async function main(): Promise<void> {
  const started = performance.now();
  const config = readConfig();
  const citationConfig = readCitationConfig();
  const logger = createJsonLogger(config.logLevel);
  const rateLimitBackend = createRateLimitBackend(config);
  if (rateLimitBackend.driver === 'redis') await checkRedis(rateLimitBackend.db, config.redisUrl!);

  // DATABASE_URL: PostgreSQL (migrated at start, shared by processes); else lowdb in DATA_DIR (locked to this process).
  const opened = await openServerStore(config, {
    cacheBytes: config.auditCacheMb * 1024 * 1024,
    onDroppedLines: (count) => logger.warn('audit journal: dropped unreadable lines (a write a crash interrupted)', { count }),
    onSweep: (sweep) =>
      'removed' in sweep
        ? logger.info('after a crash: removed audit files without a journal line (puts the crash cut short, never acknowledged)', { count: sweep.removed })
        : logger.warn('after a crash: kept audit files without a journal line, because the journal has damaged lines; they may be acknowledged audits', { files: sweep.unindexedFiles, damaged_lines: sweep.damagedLines }),
    onDroppedCitationLines: (file, count) => logger.warn('citations journal: dropped unreadable lines (a write a crash interrupted)', { file, count }),
  });
  const store = opened.store;
  const redisUrl = config.redisUrl;
  if (opened.kind === 'postgres' && !redisUrl) {
    // PostgreSQL lets several processes share the data, but rate limits, the citation schedule and its
    // daily budget are then still per process: say so rather than let a second process double them.
    logger.warn('DATABASE_URL without REDIS_URL: run a single API process, or set REDIS_URL so processes share rate limits, citation checks and their daily budget');
  }
  const queue = redisUrl ? await import('./citations/queue/bullmq-scheduler.js') : null; // BullMQ only when asked for
  // With REDIS_URL several processes share the work, so they share one daily citation budget too.
  const budgetTally = redisUrl ? (await import('./citations/queue/redis-budget-tally.js')).createRedisBudgetTally(redisUrl) : null;
  const citations = createCitationsRuntime({
    config: citationConfig,
    store: () => store.citations(),
    logger,
    ...(budgetTally ? { budgetTally } : {}),
    // REDIS_URL: checks run as BullMQ jobs shared by every process, each pair once.
    ...(queue && redisUrl ? { createScheduler: (parts) => queue.createBullmqScheduler({ ...parts, redisUrl, intervalMs: citationConfig.intervalMs }) } : {}),
  });
  const audits = await store.countAudits();
  const first = await opened.exclusive(() => createFirstAccountIfEmpty(store)); // one first account, however many start at once

  // Audits run in worker threads (dist/audit-worker.mjs, built beside this file), so their CPU work never
  // stalls the API; run from source without a build, they run on this thread.
  const workerUrl = new URL('./audit-worker.mjs', import.meta.url);
  const runner = existsSync(fileURLToPath(workerUrl))
    ? createWorkerRunner({
        workerUrl,
        allowPrivate: config.auditAllowPrivate,
        deadlineMs: config.auditDeadlineMs,
        concurrency: config.auditConcurrency,
        queueLimit: config.auditQueueLimit,
      })
    : undefined;
  const citable = createApp({
    store,
    fetcher: createNodeFetcher({ allowPrivate: config.auditAllowPrivate }),
    ...(runner ? { runner } : {}),
    config,
    logger,
    rateLimitBackend,
    citations,
  });
  const { server, url, tls } = await listen(citable.app.callback(), config);
  runner?.warm();
  // Signal handlers before the start is announced: a SIGTERM sent the moment "listening" is read must
  // get the graceful stop, not Node's default exit (which would leave the data directory's lock behind).
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('signal', { signal });
    const closeStore = async () => {
      await citations.scheduler.stop(); // unfinished checks resume at the next start
      await store.close();
      await closeRateLimitBackend(rateLimitBackend);
      await budgetTally?.close();
    };
    shutDown({ server, citable, closeStore, logger, graceMs: config.shutdownGraceMs })
      .then(opened.release)
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error('shutdown failed', { error: String(error) });
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  citations.scheduler.start().catch((error: unknown) => logger.error('citation scheduler failed to start', { error: String(error) }));

  if (first) process.stdout.write(firstKeyBanner(first, url));
  logger.info('listening', {
    url,
    tls,
    ...(opened.kind === 'postgres' ? { database: opened.location } : { data_dir: opened.location }),
    store: opened.kind,
    rate_limits: rateLimitBackend.driver,
    citation_queue: redisUrl ? 'bullmq' : 'in-process',
    audits,
    audit_threads: runner ? config.auditConcurrency : 0,
    startup_ms: Math.round(performance.now() - started),
    allow_private: config.auditAllowPrivate,
  });
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`citable server: ${message}\n`);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
