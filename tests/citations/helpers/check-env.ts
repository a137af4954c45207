/** A check environment pointed at the provider fakes, with instant, recorded retry waits. */
import type { CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { CheckEnvironment, TrackedPrompt } from '../../../server/citations/check/check-environment.js';
import { createCheckEnvironment } from '../../../server/citations/check/create-environment.js';
import { runPair, type PairResult } from '../../../server/citations/check/run-pair.js';
import { readCitationConfig } from '../../../server/citations/config.js';
import { CITATION_ENGINES } from '../../../server/citations/engines/index.js';
import type { EngineAnswer } from '../../../server/citations/engines/types.js';
import { ProviderHttp } from '../../../server/citations/http/provider-http.js';
import type { ProviderFakes } from '../../helpers/fake-providers/index.js';

export interface TestEnvironment {
  env: CheckEnvironment;
  /** Every retry wait asked for, in ms (none is really waited). */
  waits: number[];
}

export function testEnvironment(
  fakes: ProviderFakes,
  options: { env?: Record<string, string | undefined>; now?: () => Date } = {},
): TestEnvironment {
  const config = readCitationConfig(fakes.env(options.env));
  const now = options.now ?? (() => new Date('2026-09-01T12:00:00.000Z'));
  const waits: number[] = [];
  const env = createCheckEnvironment(config, {
    now,
    http: {
      sleep: async (ms) => {
        waits.push(ms);
      },
      random: () => 0.5,
    },
  });
  return { env, waits };
}

export function trackedPrompt(text: string, domain = 'acme.com', extra: Partial<TrackedPrompt> = {}): TrackedPrompt {
  return { id: 'prm_AAAAAAAAAAAAAAAA', text, domain, aliases: [], runs: null, ...extra };
}

export function checkPair(env: CheckEnvironment, prompt: TrackedPrompt, engine: CitationEngineId): Promise<PairResult> {
  return runPair({ prompt, engine, checkId: 'chk_AAAAAAAAAAAAAAAA' }, env);
}

/** The adapter alone: its answer, or the error it throws. */
export function ask(env: CheckEnvironment, engine: CitationEngineId, promptText: string): Promise<EngineAnswer> {
  const http = new ProviderHttp({ timeoutMs: env.config.requestTimeoutMs, sleep: env.http?.sleep, random: env.http?.random });
  return CITATION_ENGINES[engine].ask(promptText, {
    settings: env.config.engines[engine],
    config: env.config,
    http,
    resolveRedirect: env.resolveRedirect,
  });
}
