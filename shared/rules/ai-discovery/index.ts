import type { Rule } from '../../judge/rule.js';

export const aiDiscoveryRules: readonly Rule[] = [];
