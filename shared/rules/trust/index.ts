import type { Rule } from '../../judge/rule.js';
import trustAuthor from './trust.author.js';
import trustDates from './trust.dates.js';
import trustFreshness from './trust.freshness.js';
import trustAboutContact from './trust.about-contact.js';
import trustHttps from './trust.https.js';
import trustHsts from './trust.hsts.js';
import trustOutboundReferences from './trust.outbound-references.js';

/**
 * Trust: can an answer engine tell who stands behind the page, when it was written, and what it rests on?
 * Author and dates are judged on articles only (see shared/facts/article-page.ts); found on other pages they earn credit.
 */
export const trustRules: readonly Rule[] = [
  trustAuthor,
  trustDates,
  trustFreshness,
  trustAboutContact,
  trustHttps,
  trustHsts,
  trustOutboundReferences,
];
