/**
 * One (prompt, engine) of a check: `runs` samples, one after the other, each under the engine's
 * concurrency slot and daily budget. Whatever goes wrong becomes the row's status and reason: this
 * never throws, except when the check is cancelled. After an auth, quota or budget failure the
 * remaining samples are not sent: they would fail the same way and spend money.
 */
import type { CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { CitationResult } from '../../../shared/schema/citation.js';
import { EngineError } from '../engines/engine-error.js';
import { isEngineConfigured } from '../engines/index.js';
import { ProviderHttp } from '../http/provider-http.js';
import { scoreAnswer } from '../match/score-answer.js';
import { aggregateRuns, type RunOutcome } from './aggregate-runs.js';
import { CheckCancelledError, type CheckEnvironment, type TrackedPrompt } from './check-environment.js';
import { failedRun, recordRun, type RunRecord } from './run-record.js';

export interface PairTask {
  prompt: TrackedPrompt;
  engine: CitationEngineId;
  checkId: string;
}

export interface PairResult {
  row: CitationResult;
  /** Provider requests made (retries and follow-ups included). */
  calls: number;
  /** Each run as kept: answer text, URLs, searches, mentions (empty for not_configured). */
  runs: RunRecord[];
}

const HOPELESS = new Set(['auth', 'quota', 'budget']);

export async function runPair(task: PairTask, env: CheckEnvironment, signal?: AbortSignal): Promise<PairResult> {
  const settings = env.config.engines[task.engine];
  const base = {
    prompt: task.prompt.text,
    engine: task.engine,
    prompt_id: task.prompt.id,
    domain: task.prompt.domain,
    model: settings.model,
    check_id: task.checkId,
    project_id: task.prompt.project_id ?? null,
    surface: env.engines[task.engine].surface,
  };
  const competitorNames = (task.prompt.competitors ?? []).map((c) => c.name);
  if (!isEngineConfigured(env.config, task.engine)) {
    const row: CitationResult = {
      ...base,
      checked_at: env.now().toISOString(),
      ...aggregateRuns([], competitorNames),
      status: 'not_configured',
      error: `${settings.keyVariable} is not set`,
    };
    return { row, calls: 0, runs: [] };
  }

  const runs = task.prompt.runs ?? env.config.defaultRuns;
  const outcomes: RunOutcome[] = [];
  const records: RunRecord[] = [];
  let calls = 0;
  let hopeless: string | null = null;
  for (let i = 0; i < runs; i++) {
    if (hopeless !== null) {
      outcomes.push({ kind: 'failed', reason: hopeless });
      records.push(failedRun(hopeless));
      continue;
    }
    const http = providerHttp(task.engine, env, signal);
    try {
      const outcome = await runOnce(task, env, http, signal);
      outcomes.push(outcome);
      records.push(outcome.record);
    } catch (error) {
      if (signal?.aborted) throw new CheckCancelledError();
      const reason = error instanceof EngineError ? error.message : `unexpected failure: ${String(error)}`;
      env.logger?.warn('citation run failed', { engine: task.engine, prompt_id: task.prompt.id, reason });
      outcomes.push({ kind: 'failed', reason });
      records.push(failedRun(reason));
      if (error instanceof EngineError && HOPELESS.has(error.kind)) hopeless = reason;
      if (!(error instanceof EngineError)) env.logger?.error('citation engine bug', { engine: task.engine, error: String(error) });
    } finally {
      calls += http.calls;
    }
  }
  return { row: { ...base, checked_at: env.now().toISOString(), ...aggregateRuns(outcomes, competitorNames) }, calls, runs: records };
}

type AnsweredRun = Extract<RunOutcome, { kind: 'answer' }> & { record: RunRecord };

async function runOnce(task: PairTask, env: CheckEnvironment, http: ProviderHttp, signal?: AbortSignal): Promise<AnsweredRun> {
  const release = await env.gate.acquire(task.engine);
  try {
    if (signal?.aborted) throw new CheckCancelledError();
    const answer = await env.engines[task.engine].ask(task.prompt.text, {
      settings: env.config.engines[task.engine],
      config: env.config,
      http,
      resolveRedirect: env.resolveRedirect,
      signal,
    });
    const score = scoreAnswer(answer, task.prompt);
    const status = answer.overviewShown === false ? 'no_ai_overview' : answer.searched ? 'ok' : 'no_search';
    return { kind: 'answer', status, score, record: recordRun(answer, score, task.prompt, status) };
  } finally {
    release();
  }
}

function providerHttp(engine: CitationEngineId, env: CheckEnvironment, signal?: AbortSignal): ProviderHttp {
  return new ProviderHttp({
    timeoutMs: env.config.requestTimeoutMs,
    retry: { maxAttempts: env.config.maxAttempts, ...env.http?.retry },
    fetch: env.http?.fetch,
    sleep: env.http?.sleep,
    random: env.http?.random,
    now: () => env.now().getTime(),
    beforeAttempt: () => env.gate.budget.take(engine),
    signal,
    onRetry: ({ attempt, delayMs, error }) =>
      env.logger?.info('citation request retry', { engine, attempt, delay_ms: delayMs, kind: error.kind, status: error.status ?? null }),
  });
}
