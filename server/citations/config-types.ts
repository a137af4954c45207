/** The shape of citation tracking's configuration (read by ./config.ts; engines receive it). */
import type { CitationEngineId } from '../../shared/schema/citation-engines.js';

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
  /** The engines checks ask (CITATION_ENGINES), in row order. */
  enabledEngines: readonly CitationEngineId[];
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
  /** The `anthropic-version` header (ANTHROPIC_VERSION). */
  anthropicVersion: string;
}
