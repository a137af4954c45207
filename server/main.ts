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
import { lockDataDir } from './app/data-dir-lock.js';
import { listen } from './app/listen.js';
import { shutDown } from './app/shutdown.js';
import { createJsonLogger } from './logging/logger.js';
import { createRateLimitBackend } from './middleware/rate-limit-backend.js';
import { LowdbStore } from './store/lowdb/lowdb-store.js';
import { mkdir } from 'node:fs/promises';

async function main(): Promise<void> {
  const started = performance.now();
  const config = readConfig();
  const citationConfig = readCitationConfig();
  const logger = createJsonLogger(config.logLevel);
  const rateLimitBackend = createRateLimitBackend(config);

  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const unlock = await lockDataDir(config.dataDir);
  const store = await LowdbStore.open(config.dataDir, {
    cacheBytes: config.auditCacheMb * 1024 * 1024,
    onDroppedLines: (count) => logger.warn('audit journal: dropped unreadable lines (a write a crash interrupted)', { count }),
    onDroppedCitationLines: (file, count) => logger.warn('citations journal: dropped unreadable lines (a write a crash interrupted)', { file, count }),
  });
  const citations = createCitationsRuntime({ config: citationConfig, store: () => store.citations(), logger });
  const audits = await store.countAudits();
  const first = await createFirstAccountIfEmpty(store);

  const citable = createApp({
    store,
    fetcher: createNodeFetcher({ allowPrivate: config.auditAllowPrivate }),
    config,
    logger,
    rateLimitBackend,
    citations,
  });
  const { server, url, tls } = await listen(citable.app.callback(), config);
  if (first) process.stdout.write(firstKeyBanner(first, url));
  logger.info('listening', {
    url,
    tls,
    data_dir: config.dataDir,
    audits,
    startup_ms: Math.round(performance.now() - started),
    allow_private: config.auditAllowPrivate,
  });

  citations.scheduler.start().catch((error: unknown) => logger.error('citation scheduler failed to start', { error: String(error) }));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('signal', { signal });
    const closeStore = async () => {
      await citations.scheduler.stop(); // unfinished checks resume at the next start
      await store.close();
    };
    shutDown({ server, citable, closeStore, logger, graceMs: config.shutdownGraceMs })
      .then(unlock)
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
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`citable server: ${message}\n`);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
