import type { Rule } from '../../judge/rule.js';

export const structuredDataRules: readonly Rule[] = [];
