/** Everything running a check needs, built once per process (server or CLI). */
import type { CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { Logger } from '../../logging/logger.js';
import type { CitationConfig } from '../config-types.js';
import type { CitationEngine } from '../engines/types.js';
import type { RetryPolicy } from '../http/backoff.js';
import type { RedirectResolver } from '../match/gemini-redirect.js';
import type { EngineGate } from './engine-gate.js';

export interface CheckEnvironment {
  engines: Record<CitationEngineId, CitationEngine>;
  config: CitationConfig;
  gate: EngineGate;
  resolveRedirect: RedirectResolver;
  now: () => Date;
  logger?: Logger;
  /** Test seams for provider requests: no real waiting between retries, a fixed jitter. */
  http?: {
    fetch?: typeof fetch;
    sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
    random?: () => number;
    retry?: Partial<RetryPolicy>;
  };
}

/** What a check asks about: a prompt and the site it tracks. */
export interface TrackedPrompt {
  id: string;
  text: string;
  domain: string;
  aliases: readonly string[];
  /** Samples per engine; null: the configured default. */
  runs: number | null;
}

/** Thrown when a check is cancelled (shutdown): no row is written for the pair, so it runs again later. */
export class CheckCancelledError extends Error {
  constructor() {
    super('the check was cancelled');
    this.name = 'CheckCancelledError';
  }
}
