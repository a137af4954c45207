import type { Rule } from '../../judge/rule.js';

export const renderingRules: readonly Rule[] = [];
