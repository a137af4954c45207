import type { Rule } from '../../judge/rule.js';
import { authorRule } from './author.js';
import { datesRule } from './dates.js';
import { freshnessRule } from './freshness.js';
import { aboutContactRule } from './about-contact.js';
import { httpsRule } from './https.js';
import { hstsRule } from './hsts.js';
import { outboundReferencesRule } from './outbound-references.js';

/**
 * Trust: can an answer engine tell who stands behind the page, when it was written, and what it rests on?
 * Author and dates are judged on articles only (see article-page.ts); found on other pages they earn credit.
 */
export const trustRules: readonly Rule[] = [
  authorRule,
  datesRule,
  freshnessRule,
  aboutContactRule,
  httpsRule,
  hstsRule,
  outboundReferencesRule,
];
