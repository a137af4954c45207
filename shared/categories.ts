import type { CategoryName } from './types/audit.js';

/** Weight of each category in the overall score (docs/api-decisions.md#audit-object). */
export const CATEGORY_WEIGHTS: Record<CategoryName, number> = {
  'Crawler Access': 25,
  Rendering: 20,
  'Structured Data': 15,
  'Content Structure': 15,
  'AI Discovery': 15,
  Trust: 10,
};

/** While any critical issue stands the overall score stays at or below this. */
export const CRITICAL_SCORE_CAP = 49;
