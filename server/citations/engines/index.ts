/** Every engine adapter, in the order result rows list them. */
import type { CitationEngineId } from '../../../shared/schema/citation-engines.js';
import { chatgptEngine } from './chatgpt.js';
import { claudeEngine } from './claude.js';
import { geminiEngine } from './gemini.js';
import { googleAiOverviewsEngine } from './google-ai-overviews.js';
import { perplexityEngine } from './perplexity.js';
import type { CitationEngine } from './types.js';

export const CITATION_ENGINES: Record<CitationEngineId, CitationEngine> = {
  chatgpt: chatgptEngine,
  perplexity: perplexityEngine,
  gemini: geminiEngine,
  claude: claudeEngine,
  google_ai_overviews: googleAiOverviewsEngine,
};
