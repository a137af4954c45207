import type { Rule } from '../../judge/rule.js';

export const crawlerAccessRules: readonly Rule[] = [];
