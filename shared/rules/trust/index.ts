import type { Rule } from '../../judge/rule.js';

export const trustRules: readonly Rule[] = [];
