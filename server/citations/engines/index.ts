/**
 * The engine registry: every adapter, in the order result rows list them (the public id list,
 * shared/schema/citation-engines.ts). A new engine is its adapter file, its id in that list and one
 * line here; the type below refuses an id without an adapter.
 */
import { CITATION_ENGINE_IDS, type CitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { CitationConfig } from '../config-types.js';
import { chatgptEngine } from './chatgpt.js';
import { claudeEngine } from './claude.js';
import { geminiEngine } from './gemini.js';
import { googleAiModeEngine } from './google-ai-mode.js';
import { googleAiOverviewsEngine } from './google-ai-overviews.js';
import { perplexityEngine } from './perplexity.js';
import type { CitationEngine } from './types.js';

export const CITATION_ENGINES: Readonly<Record<CitationEngineId, CitationEngine>> = {
  chatgpt: chatgptEngine,
  perplexity: perplexityEngine,
  gemini: geminiEngine,
  claude: claudeEngine,
  google_ai_overviews: googleAiOverviewsEngine,
  google_ai_mode: googleAiModeEngine,
};

/** The adapters in contract order. */
export const ENGINE_LIST: readonly CitationEngine[] = CITATION_ENGINE_IDS.map((id) => CITATION_ENGINES[id]);

/** An engine is configured when its key is set; without it, its rows say `not_configured`. */
export function isEngineConfigured(config: CitationConfig, id: CitationEngineId): boolean {
  return config.engines[id].apiKey !== null;
}

/** The engines checks ask (CITATION_ENGINES, default the contract's five), in row order. */
export function enabledEngines(config: CitationConfig): readonly CitationEngineId[] {
  return config.enabledEngines;
}
