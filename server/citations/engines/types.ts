/** One interface for the answer engines: ask a prompt with web search on, report what was cited. */
import type { CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { CitationConfig, EngineSettings } from '../config-types.js';
import type { ProviderHttp } from '../http/provider-http.js';
import type { RedirectResolver } from '../match/gemini-redirect.js';

export interface Citation {
  /** The cited address; null when it could not be determined (an unresolvable Gemini redirect). */
  url: string | null;
  title?: string;
}

export interface EngineAnswer {
  /** The model ran a web search (or, for AI Overviews, Google answered the query). */
  searched: boolean;
  /** What the user sees cited, in display order. */
  citations: Citation[];
  /** What the engine retrieved or read (cited or not), when the provider reports it. */
  retrieved: Citation[];
  /** AI Overviews only: Google showed an overview for the query. */
  overviewShown?: boolean;
  /** The answer text as the engine wrote it (text parts joined; for a SERP, the overview's text blocks). */
  text: string;
  /** The web searches the engine reports it ran, in order (empty when the provider does not say). */
  queries: string[];
}

export interface EngineContext {
  settings: EngineSettings;
  config: CitationConfig;
  http: ProviderHttp;
  /** Resolves Gemini's grounding redirects without following them. */
  resolveRedirect: RedirectResolver;
  signal?: AbortSignal;
}

/**
 * What an engine says about itself. The configuration (server/citations/config.ts), the CLI's help,
 * the README's engine table (checked by a test) and the OpenAPI enums all read it from the registry.
 */
export interface EngineDescriptor {
  id: CitationEngineId;
  /** The provider, for messages: "OpenAI". */
  provider: string;
  /** The provider API asked, for the docs (Markdown). */
  api: string;
  /** The environment variables of its key, base URL and model (null: the engine has no model to choose). */
  env: { apiKey: string; baseUrl: string; model: string | null };
  defaultBaseUrl: string;
  /** Null exactly when `env.model` is. */
  defaultModel: string | null;
  /** How it is measured: `api` a provider's own API, `serp` a SERP API reading Google's page (rows say so). */
  surface: 'api' | 'serp';
  /** Provider requests one answer takes at most, retries aside: each counts against the daily budget. */
  maxRequestsPerAnswer: number;
  /** What is wrong with a configured model name, or null (checked at start: a ConfigError names the variable). */
  modelProblem?: (model: string) => string | null;
}

export interface CitationEngine extends EngineDescriptor {
  ask(promptText: string, ctx: EngineContext): Promise<EngineAnswer>;
}
