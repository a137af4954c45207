/** One interface for the five answer engines: ask a prompt with web search on, report what was cited. */
import type { CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { CitationConfig, EngineSettings } from '../config.js';
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
}

export interface EngineContext {
  settings: EngineSettings;
  config: CitationConfig;
  http: ProviderHttp;
  /** Resolves Gemini's grounding redirects without following them. */
  resolveRedirect: RedirectResolver;
  signal?: AbortSignal;
}

export interface CitationEngine {
  id: CitationEngineId;
  /** Provider and API, for messages: "OpenAI". */
  provider: string;
  isConfigured(config: CitationConfig): boolean;
  ask(promptText: string, ctx: EngineContext): Promise<EngineAnswer>;
}
