/**
 * Citation tracking as the server runs it: in-process by default; with REDIS_URL, checks run as BullMQ
 * jobs shared by every process (each pair once) and the daily budget is counted in Redis, so N
 * processes spend one budget. BullMQ and ioredis load only when REDIS_URL asks for them.
 */
import type { CitationConfig } from '../citations/config.js';
import { createCitationsRuntime, type CitationsRuntime } from '../citations/runtime.js';
import type { Logger } from '../logging/logger.js';
import type { Store } from '../store/store.js';

export interface ServerCitations {
  runtime: CitationsRuntime;
  queue: 'bullmq' | 'in-process';
  /** Stops the scheduler (unfinished checks resume at the next start) and closes Redis connections. */
  stop(): Promise<void>;
}

export async function createServerCitations(config: CitationConfig, store: Store, logger: Logger, redisUrl: string | null): Promise<ServerCitations> {
  const queue = redisUrl ? await import('../citations/queue/bullmq-scheduler.js') : null;
  const budgetTally = redisUrl ? (await import('../citations/queue/redis-budget-tally.js')).createRedisBudgetTally(redisUrl) : null;
  const runtime = createCitationsRuntime({
    config,
    store: () => store.citations(),
    projects: () => store.projects(),
    logger,
    ...(budgetTally ? { budgetTally } : {}),
    ...(queue && redisUrl ? { createScheduler: (parts) => queue.createBullmqScheduler({ ...parts, redisUrl, intervalMs: config.intervalMs }) } : {}),
  });
  return {
    runtime,
    queue: queue ? 'bullmq' : 'in-process',
    async stop() {
      await runtime.scheduler.stop();
      await budgetTally?.close();
    },
  };
}
