/**
 * Citation tracking inside the server: the engine environment (adapters, gate, redirect resolver),
 * the check runner and the scheduler, built from configuration. createApp takes one (routes use it);
 * server/main.ts builds it from the environment, starts the scheduler and stops it on shutdown.
 */
import type { Logger } from '../logging/logger.js';
import { silentLogger } from '../logging/logger.js';
import type { CitationStore } from '../store/contracts/citations.js';
import type { ProjectStore } from '../store/contracts/projects.js';
import type { PairStoredHook } from './check/pair-stored.js';
import type { CheckEnvironment } from './check/check-environment.js';
import { createCheckEnvironment } from './check/create-environment.js';
import type { BudgetTally } from './check/daily-budget.js';
import { CitationCheckRunner } from './check-runner.js';
import type { CitationConfig } from './config-types.js';
import { createInProcessScheduler, type CitationScheduler } from './scheduler.js';

export interface CitationsRuntime {
  config: CitationConfig;
  scheduler: CitationScheduler;
  runner: CitationCheckRunner;
  store: () => Promise<CitationStore>;
}

export interface CitationsRuntimeOptions {
  config: CitationConfig;
  store: () => Promise<CitationStore>;
  /** Projects, for their brand names and competitors (without it, prompts are asked as stored). */
  projects?: () => Promise<ProjectStore>;
  /**
   * After every stored (prompt, engine) row, with `transition` 'citation.gained' / 'citation.lost' when
   * the pair's citation state changed (check/store-pair-row.ts): the hook monitors and webhooks consume.
   */
  onPairStored?: PairStoredHook;
  now?: () => Date;
  logger?: Logger;
  /** Scheduler pass period (default: a minute, or the interval when shorter). */
  tickMs?: number;
  /** Test seams for provider requests (fetch, no-wait sleep, fixed jitter). */
  http?: CheckEnvironment['http'];
  /** Where the daily budget is counted (REDIS_URL: Redis, so several processes share one budget). */
  budgetTally?: BudgetTally;
  /** Another scheduler than the in-process one (REDIS_URL: the BullMQ queue, server/citations/queue/). */
  createScheduler?: (parts: {
    env: CheckEnvironment;
    runner: CitationCheckRunner;
    store: () => Promise<CitationStore>;
    logger: Logger;
  }) => CitationScheduler;
}

export function createCitationsRuntime(options: CitationsRuntimeOptions): CitationsRuntime {
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? silentLogger;
  const env = createCheckEnvironment(options.config, {
    now,
    logger,
    spentBefore: async (engine, day) => (await options.store()).requestsOn(engine, day),
    ...(options.budgetTally ? { budgetTally: options.budgetTally } : {}),
    http: options.http,
    ...(options.projects ? { projects: options.projects } : {}),
    ...(options.onPairStored ? { onPairStored: options.onPairStored } : {}),
  });
  const runner = new CitationCheckRunner({ store: options.store, env, now, logger });
  const scheduler =
    options.createScheduler?.({ env, runner, store: options.store, logger }) ??
    createInProcessScheduler({ runner, intervalMs: options.config.intervalMs, tickMs: options.tickMs, logger });
  return { config: options.config, scheduler, runner, store: options.store };
}
