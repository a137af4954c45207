/**
 * Citation tracking as the server runs it: in-process by default; with REDIS_URL, checks run as BullMQ
 * jobs shared by every process (each pair once) and the daily budget is counted in Redis, so N
 * processes spend one budget. BullMQ and ioredis load only when REDIS_URL asks for them.
 */
import type { CitationConfig } from '../citations/config.js';
import { createCitationsRuntime, type CitationsRuntime } from '../citations/runtime.js';
import { observeCitations } from '../events/citation-events.js';
import type { EventPublisher } from '../events/publisher.js';
import type { Logger } from '../logging/logger.js';
import type { CitationStore } from '../store/contracts/citations.js';
import type { Store } from '../store/contracts/store.js';

export interface ServerCitations {
  runtime: CitationsRuntime;
  queue: 'bullmq' | 'in-process';
  /** Stops the scheduler (unfinished checks resume at the next start) and closes Redis connections. */
  stop(): Promise<void>;
}

export interface ServerCitationOptions {
  /** Stored rows raise citation.gained / citation.lost through it (server/events/citation-events.ts). */
  events?: EventPublisher;
  /** With REDIS_URL: how often to check that the due-pass schedule still exists in Redis. */
  scheduleCheckMs?: number;
}

export async function createServerCitations(
  config: CitationConfig,
  store: Store,
  logger: Logger,
  redisUrl: string | null,
  options: ServerCitationOptions = {},
): Promise<ServerCitations> {
  let observed: Promise<CitationStore> | null = null;
  const citationStore = () =>
    (observed ??= store.citations().then((s) => (options.events ? observeCitations(s, options.events, logger) : s)));
  const queue = redisUrl ? await import('../citations/queue/bullmq-scheduler.js') : null;
  const budgetTally = redisUrl ? (await import('../citations/queue/redis-budget-tally.js')).createRedisBudgetTally(redisUrl) : null;
  const runtime = createCitationsRuntime({
    config,
    store: citationStore,
    projects: () => store.projects(),
    logger,
    ...(budgetTally ? { budgetTally } : {}),
    ...(queue && redisUrl
      ? {
          createScheduler: (parts) =>
            queue.createBullmqScheduler({ ...parts, redisUrl, intervalMs: config.intervalMs, scheduleCheckMs: options.scheduleCheckMs }),
        }
      : {}),
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
