/** Builds the check environment from configuration: the adapters, the engine gate (concurrency and budget), the redirect resolver. */
import type { Logger } from '../../logging/logger.js';
import type { CitationConfig } from '../config-types.js';
import { CITATION_ENGINES } from '../engines/index.js';
import { createRedirectResolver } from '../match/gemini-redirect.js';
import type { ProjectStore } from '../../store/contracts/projects.js';
import type { CheckEnvironment } from './check-environment.js';
import { promptResolver } from './project-prompt.js';
import type { PairStoredHook } from './pair-stored.js';
import { DailyBudget, type BudgetTally, type SpentBefore } from './daily-budget.js';
import { EngineGate } from './engine-gate.js';

export interface EnvironmentOptions {
  now: () => Date;
  logger?: Logger;
  /** What stored rows already spent today (the server); nothing for the CLI. */
  spentBefore?: SpentBefore;
  /** Where the daily budget is counted: this process (default) or Redis, shared by processes. */
  budgetTally?: BudgetTally;
  http?: CheckEnvironment['http'];
  /** Where prompts' projects are read (their brand and competitors); without it prompts are asked as stored. */
  projects?: () => Promise<ProjectStore>;
  onPairStored?: PairStoredHook;
}

export function createCheckEnvironment(config: CitationConfig, options: EnvironmentOptions): CheckEnvironment {
  return {
    engines: CITATION_ENGINES,
    config,
    gate: new EngineGate(config.concurrency, new DailyBudget(config.dailyBudget, options.now, options.spentBefore, options.budgetTally)),
    resolveRedirect: createRedirectResolver({
      prefix: config.geminiRedirectPrefix,
      timeoutMs: config.redirectTimeoutMs,
      fetch: options.http?.fetch,
    }),
    now: options.now,
    logger: options.logger,
    http: options.http,
    resolvePrompt: promptResolver(options.projects),
    ...(options.onPairStored ? { onPairStored: options.onPairStored } : {}),
  };
}
