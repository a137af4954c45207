/** Every citation-tracking route module (contract sections 3 and 5), in registration order. */
import { getCheckRoute, startCheckRoute } from './citations-checks.js';
import { listCitationsRoute } from './citations.js';
import { citationRunsRoute } from './citations-runs.js';
import { citationSourcesRoute } from './citations-sources.js';
import { citationSummaryRoute } from './citations-summary.js';
import { createPromptRoute, deletePromptRoute, getPromptRoute, listPromptsRoute } from './prompts.js';
import { PROJECT_ROUTES } from './projects.js';
import type { RouteModule } from './route-module.js';

export const CITATION_ROUTES: readonly RouteModule[] = [
  ...PROJECT_ROUTES,
  listPromptsRoute,
  createPromptRoute,
  getPromptRoute,
  deletePromptRoute,
  citationSummaryRoute,
  citationSourcesRoute,
  citationRunsRoute,
  listCitationsRoute,
  startCheckRoute,
  getCheckRoute,
];
