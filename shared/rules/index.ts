import type { Rule } from '../judge/rule.js';
import { crawlerAccessRules } from './crawler-access/index.js';
import { renderingRules } from './rendering/index.js';
import { structuredDataRules } from './structured-data/index.js';
import { contentStructureRules } from './content-structure/index.js';
import { aiDiscoveryRules } from './ai-discovery/index.js';
import { trustRules } from './trust/index.js';

/** Every rule the engine runs, by category. */
export const ALL_RULES: readonly Rule[] = [
  ...crawlerAccessRules,
  ...renderingRules,
  ...structuredDataRules,
  ...contentStructureRules,
  ...aiDiscoveryRules,
  ...trustRules,
];
