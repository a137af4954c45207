/**
 * Citation tracking configuration from the environment (contract section 5): each engine's key, base
 * URL and model, plus the check's limits. Model defaults live here and nowhere else; a missing key
 * leaves that engine `not_configured`, never an error at start.
 */
import { ConfigError, int } from '../config.js';
import { CITATION_ENGINE_IDS, type CitationEngineId } from '../../shared/schema/citation-engines.js';
import { PROMPT_RUNS_MAX } from '../../shared/schema/prompt.js';
import { parseDuration } from './duration.js';

export interface EngineSettings {
  /** Null: the engine is not configured and its rows say `not_configured`. */
  apiKey: string | null;
  /** Without a trailing slash. */
  baseUrl: string;
  /** Null for engines without a model (the SERP API). */
  model: string | null;
  /** The variable that holds the key, for messages. */
  keyVariable: string;
}

export interface CitationConfig {
  engines: Record<CitationEngineId, EngineSettings>;
  /** Gemini cites through opaque redirects under this prefix; only these are resolved (with one request, never followed). */
  geminiRedirectPrefix: string;
  /** Provider requests in flight at once, per engine. */
  concurrency: number;
  /** Provider requests per engine per UTC day (retries and follow-up requests count). */
  dailyBudget: Record<CitationEngineId, number>;
  /** How often every prompt is checked. */
  intervalMs: number;
  /** Samples per (prompt, engine) when the prompt does not say. */
  defaultRuns: number;
  /** Time limit of one provider request. */
  requestTimeoutMs: number;
  /** Time limit of resolving one Gemini redirect. */
  redirectTimeoutMs: number;
  /** Attempts per provider request, the first included. */
  maxAttempts: number;
  /** Tracked prompts per account. */
  promptLimit: number;
  /** SerpApi locale: Google shows AI Overviews for a limited set of languages and countries. */
  serpLanguage: string;
  serpCountry: string;
}

export const DEFAULT_MODELS = {
  chatgpt: 'gpt-5-mini',
  perplexity: 'sonar',
  gemini: 'gemini-2.5-flash',
  claude: 'claude-haiku-4-5',
} as const;

const ENGINE_ENV: Record<CitationEngineId, { key: string; base: string; baseDefault: string; model: string | null }> = {
  chatgpt: { key: 'OPENAI_API_KEY', base: 'OPENAI_BASE_URL', baseDefault: 'https://api.openai.com/v1', model: 'OPENAI_MODEL' },
  perplexity: { key: 'PERPLEXITY_API_KEY', base: 'PERPLEXITY_BASE_URL', baseDefault: 'https://api.perplexity.ai', model: 'PERPLEXITY_MODEL' },
  gemini: { key: 'GEMINI_API_KEY', base: 'GEMINI_BASE_URL', baseDefault: 'https://generativelanguage.googleapis.com/v1beta', model: 'GEMINI_MODEL' },
  claude: { key: 'ANTHROPIC_API_KEY', base: 'ANTHROPIC_BASE_URL', baseDefault: 'https://api.anthropic.com', model: 'ANTHROPIC_MODEL' },
  google_ai_overviews: { key: 'SERPAPI_API_KEY', base: 'SERPAPI_BASE_URL', baseDefault: 'https://serpapi.com', model: null },
};

export function readCitationConfig(env: Record<string, string | undefined> = process.env): CitationConfig {
  const budget = int(env, 'CITATION_DAILY_BUDGET', 500, 0, 10_000_000);
  const engines = {} as Record<CitationEngineId, EngineSettings>;
  const dailyBudget = {} as Record<CitationEngineId, number>;
  for (const id of CITATION_ENGINE_IDS) {
    const names = ENGINE_ENV[id];
    engines[id] = {
      apiKey: env[names.key]?.trim() || null,
      baseUrl: baseUrl(env, names.base, names.baseDefault),
      model: names.model ? env[names.model]?.trim() || DEFAULT_MODELS[id as keyof typeof DEFAULT_MODELS] : null,
      keyVariable: names.key,
    };
    dailyBudget[id] = int(env, `CITATION_DAILY_BUDGET_${id.toUpperCase()}`, budget, 0, 10_000_000);
  }
  return {
    engines,
    geminiRedirectPrefix: baseUrl(env, 'GEMINI_REDIRECT_PREFIX', 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/') + '/',
    concurrency: int(env, 'CITATION_CONCURRENCY', 2, 1, 64),
    dailyBudget,
    intervalMs: duration(env, 'CITATION_INTERVAL', 24 * 3_600_000, 60_000),
    defaultRuns: int(env, 'CITATION_RUNS', 1, 1, PROMPT_RUNS_MAX),
    requestTimeoutMs: duration(env, 'CITATION_TIMEOUT', 90_000, 1_000),
    redirectTimeoutMs: duration(env, 'CITATION_REDIRECT_TIMEOUT', 4_000, 100),
    maxAttempts: int(env, 'CITATION_MAX_ATTEMPTS', 4, 1, 10),
    promptLimit: int(env, 'CITATION_PROMPT_LIMIT', 500, 1, 100_000),
    serpLanguage: env.SERPAPI_HL?.trim() || 'en',
    serpCountry: env.SERPAPI_GL?.trim() || 'us',
  };
}

function duration(env: Record<string, string | undefined>, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = parseDuration(raw);
  if (value === null || value < min) {
    throw new ConfigError(`${name} must be a duration of at least ${min} ms, such as 24h, 30m or 90000, got ${JSON.stringify(raw)}`);
  }
  return value;
}

function baseUrl(env: Record<string, string | undefined>, name: string, fallback: string): string {
  const raw = env[name]?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must be an http(s) URL, got ${JSON.stringify(raw)}`);
  return raw.replace(/\/+$/, '');
}
