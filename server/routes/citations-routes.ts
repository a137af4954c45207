/** Every citation-tracking route module (contract sections 3 and 5), in registration order. */
import { getCheckRoute, startCheckRoute } from './citations-checks.js';
import { listCitationsRoute } from './citations.js';
import { createPromptRoute, deletePromptRoute, listPromptsRoute } from './prompts.js';
import type { RouteModule } from './route-module.js';

export const CITATION_ROUTES: readonly RouteModule[] = [
  listPromptsRoute,
  createPromptRoute,
  deletePromptRoute,
  listCitationsRoute,
  startCheckRoute,
  getCheckRoute,
];
