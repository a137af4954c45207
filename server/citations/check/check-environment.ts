/** Everything running a check needs, built once per process (server or CLI). */
import type { CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { Logger } from '../../logging/logger.js';
import type { CitationConfig } from '../config-types.js';
import type { CitationEngine } from '../engines/types.js';
import type { RetryPolicy } from '../http/backoff.js';
import type { RedirectResolver } from '../match/gemini-redirect.js';
import type { StoredPrompt } from '../../store/contracts/citations.js';
import type { EngineGate } from './engine-gate.js';
import type { PairStoredHook } from './pair-stored.js';
import type { TrackedPrompt as Tracked } from './tracked-prompt.js';

export interface CheckEnvironment {
  engines: Record<CitationEngineId, CitationEngine>;
  config: CitationConfig;
  gate: EngineGate;
  resolveRedirect: RedirectResolver;
  now: () => Date;
  logger?: Logger;
  /** A stored prompt as checks ask it (its project's domain, brand and competitors); the prompt itself by default. */
  resolvePrompt?: (prompt: StoredPrompt) => Promise<Tracked>;
  /** After each stored row (citation.gained / citation.lost for monitors: store-pair-row.ts). */
  onPairStored?: PairStoredHook;
  /** Test seams for provider requests: no real waiting between retries, a fixed jitter. */
  http?: {
    fetch?: typeof fetch;
    sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
    random?: () => number;
    retry?: Partial<RetryPolicy>;
  };
}

export type { TrackedCompetitor, TrackedPrompt } from './tracked-prompt.js';

/** Thrown when a check is cancelled (shutdown): no row is written for the pair, so it runs again later. */
export class CheckCancelledError extends Error {
  constructor() {
    super('the check was cancelled');
    this.name = 'CheckCancelledError';
  }
}
