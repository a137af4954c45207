import type { Rule } from '../../judge/rule.js';

export const contentStructureRules: readonly Rule[] = [];
