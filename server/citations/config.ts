/**
 * Citation tracking configuration from the environment (docs/api-decisions.md#citation-tracking): each engine's key, base
 * URL and model, as its descriptor names them (server/citations/engines/), plus the check's limits. A
 * missing key leaves that engine `not_configured`, never an error at start.
 */
import {
  CITATION_ENGINE_IDS,
  DEFAULT_CITATION_ENGINE_IDS,
  isCitationEngineId,
  type CitationEngineId,
} from '../../shared/schema/citation-engines.js';
import { PROMPT_RUNS_MAX } from '../../shared/schema/prompt.js';
import { ConfigError, readDuration, readHttpUrl, readInt, readText, type Env } from '../settings/parse.js';
import type { CitationConfig, EngineSettings } from './config-types.js';
import { ENGINE_LIST } from './engines/index.js';

export type { CitationConfig, EngineSettings } from './config-types.js';

const BUDGET_MAX = 10_000_000;
/** The version @anthropic-ai/sdk sends (src/client.ts, checked at commit 00da52f); the one the tests exercise. */
export const ANTHROPIC_VERSION_DEFAULT = '2023-06-01';

/** The variable of one engine's own daily budget: CITATION_DAILY_BUDGET_CHATGPT, ... */
export const dailyBudgetVariable = (id: string) => `CITATION_DAILY_BUDGET_${id.toUpperCase()}`;

/** The anthropic-version header; the API dates its versions (2023-06-01 is the one the SDK sends). */
function readAnthropicVersion(env: Env): string {
  const value = readText(env, 'ANTHROPIC_VERSION') ?? ANTHROPIC_VERSION_DEFAULT;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value))
    throw new ConfigError(
      `ANTHROPIC_VERSION must be a version date such as ${ANTHROPIC_VERSION_DEFAULT} (got ${JSON.stringify(value.slice(0, 40))})`,
    );
  return value;
}

/** CITATION_ENGINES: comma-separated engine ids (docs/api-decisions.md#projects-and-citation-intelligence), default the five of docs/api-decisions.md#citation-tracking. */
function readEnabledEngines(env: Env): readonly CitationEngineId[] {
  const raw = readText(env, 'CITATION_ENGINES');
  if (raw === null) return DEFAULT_CITATION_ENGINE_IDS;
  const asked = raw
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const unknown = asked.find((id) => !isCitationEngineId(id));
  if (unknown !== undefined || asked.length === 0) {
    throw new ConfigError(
      `CITATION_ENGINES must list engine ids separated by commas, from ${CITATION_ENGINE_IDS.join(', ')}${unknown !== undefined ? ` (unknown: ${JSON.stringify(unknown.slice(0, 40))})` : ''}`,
    );
  }
  return CITATION_ENGINE_IDS.filter((id) => asked.includes(id));
}

export function readCitationConfig(env: Env): CitationConfig {
  const budget = readInt(env, 'CITATION_DAILY_BUDGET', 500, 0, BUDGET_MAX);
  const engines = {} as CitationConfig['engines'];
  const dailyBudget = {} as CitationConfig['dailyBudget'];
  for (const engine of ENGINE_LIST) {
    const model = engine.env.model ? readText(env, engine.env.model) : null;
    const problem = model !== null ? engine.modelProblem?.(model) : null;
    if (problem && engine.env.model) throw new ConfigError(`${engine.env.model} ${problem} (got ${JSON.stringify(model!.slice(0, 80))})`);
    const settings: EngineSettings = {
      apiKey: readText(env, engine.env.apiKey),
      baseUrl: readHttpUrl(env, engine.env.baseUrl, engine.defaultBaseUrl),
      model: engine.env.model ? (model ?? engine.defaultModel) : null,
      keyVariable: engine.env.apiKey,
    };
    engines[engine.id] = settings;
    dailyBudget[engine.id] = readInt(env, dailyBudgetVariable(engine.id), budget, 0, BUDGET_MAX);
  }
  return {
    engines,
    enabledEngines: readEnabledEngines(env),
    geminiRedirectPrefix:
      readHttpUrl(env, 'GEMINI_REDIRECT_PREFIX', 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/') + '/',
    concurrency: readInt(env, 'CITATION_CONCURRENCY', 2, 1, 64),
    dailyBudget,
    intervalMs: readDuration(env, 'CITATION_INTERVAL', 24 * 3_600_000, 60_000),
    defaultRuns: readInt(env, 'CITATION_RUNS', 1, 1, PROMPT_RUNS_MAX),
    requestTimeoutMs: readDuration(env, 'CITATION_TIMEOUT', 90_000, 1_000),
    redirectTimeoutMs: readDuration(env, 'CITATION_REDIRECT_TIMEOUT', 4_000, 100),
    maxAttempts: readInt(env, 'CITATION_MAX_ATTEMPTS', 4, 1, 10),
    promptLimit: readInt(env, 'CITATION_PROMPT_LIMIT', 500, 1, 100_000),
    serpLanguage: readText(env, 'SERPAPI_HL') ?? 'en',
    serpCountry: readText(env, 'SERPAPI_GL') ?? 'us',
    anthropicVersion: readAnthropicVersion(env),
  };
}
