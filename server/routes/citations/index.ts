/**
 * Citation tracking's results: the summary, the sources, the runs, the rows, and checks on demand. The
 * prompts and projects they are about are ../prompts/ and ../projects/.
 */
import type { Route } from '../route.js';
import { getCheck } from './get-check.js';
import { getCitationSources } from './get-citation-sources.js';
import { getCitationSummary } from './get-citation-summary.js';
import { listCitationRuns } from './list-citation-runs.js';
import { listCitations } from './list-citations.js';
import { startCheck } from './start-check.js';

export const CITATION_ROUTES: readonly Route[] = [
  getCitationSummary,
  getCitationSources,
  listCitationRuns,
  listCitations,
  startCheck,
  getCheck,
];
